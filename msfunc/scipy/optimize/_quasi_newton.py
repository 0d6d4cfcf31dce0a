"""BFGS (Nocedal & Wright, algorithm 6.1) and L-BFGS loops over the Wolfe line search, as
MindSpore 2.10 runs them.

Both stop when ``norm(g, ord=norm) < gtol`` after a step, when the line search fails, or
after `maxiter` iterations (default 200 per variable); the gradient at the start is not
tested (MindSpore's loop always takes a first step). L-BFGS keeps `history_size` pairs
(s, y), skips a pair whose ``y.s <= 1e-10``, scales the two-loop recursion by
``y.s / y.y`` of the newest pair and starts along the steepest descent.
"""

from typing import Any, NamedTuple

import jax.numpy as jnp
from jax import lax

from ._line_search import wolfe_line_search

__all__ = ["QuasiNewtonResults", "bfgs", "lbfgs"]


class QuasiNewtonResults(NamedTuple):
    """The final state: converged, failed, k (iterations), nfev, ngev, x_k, f_k, g_k, H_k
    (BFGS's inverse Hessian estimate, None for L-BFGS), status (0 converged, 1 maxiter,
    2 + the line search's status when it failed)."""

    converged: Any
    failed: Any
    k: Any
    nfev: Any
    ngev: Any
    x_k: Any
    f_k: Any
    g_k: Any
    H_k: Any
    status: Any


def _run(value_and_grad, x0, maxiter, norm, gtol, line_search_maxiter, direction, update, memory):
    """The loop shared by both methods; `direction(memory, g)` is the search direction,
    `update(memory, s, y, g_new)` the memory after a step."""
    f0, g0 = value_and_grad(x0)
    init = dict(
        converged=jnp.max(jnp.abs(g0)) < gtol,
        failed=jnp.asarray(False),
        stop=jnp.asarray(False),
        k=jnp.asarray(0),
        nfev=jnp.asarray(1),
        x=x0,
        f=f0,
        g=g0,
        old_old=f0 + jnp.linalg.norm(g0) / 2,
        ls_status=jnp.asarray(0),
        memory=memory(g0),
    )

    def cond(s):
        return ~s["stop"] & (s["k"] < maxiter)

    def body(s):
        p = -direction(s["memory"], s["g"])
        ls = wolfe_line_search(
            value_and_grad,
            s["x"],
            p,
            old_fval=s["f"],
            old_old_fval=s["old_old"],
            gfk=s["g"],
            maxiter=line_search_maxiter,
        )
        failed = ls.failed
        step = ls.a_k * p
        converged = jnp.linalg.norm(ls.g_k, ord=norm) < gtol
        moved = ~failed
        advance = moved & ~converged  # a step that continues: update the memory, count it
        new_memory = update(s["memory"], step, ls.g_k - s["g"], ls.g_k)
        pick = lambda new, old, when=moved: jnp.where(when, new, old)  # noqa: E731
        return dict(
            converged=pick(converged, s["converged"]),
            failed=failed,
            stop=~advance,
            k=s["k"] + advance.astype(s["k"].dtype),
            nfev=s["nfev"] + ls.nfev,
            x=pick(s["x"] + step, s["x"]),
            f=pick(ls.f_k, s["f"]),
            g=pick(ls.g_k, s["g"]),
            old_old=pick(s["f"], s["old_old"]),
            ls_status=ls.status,
            memory=type(s["memory"])(pick(n, o, advance) for n, o in zip(new_memory, s["memory"])),
        )

    s = lax.while_loop(cond, body, init)
    status = jnp.where(
        s["converged"],
        0,
        jnp.where(s["k"] == maxiter, 1, jnp.where(s["failed"], 2 + s["ls_status"], -1)),
    )
    return s, status


def bfgs(value_and_grad, x0, maxiter=None, norm=jnp.inf, gtol=1e-5, line_search_maxiter=10):
    """Minimise with BFGS from `x0`; `value_and_grad(x)` gives (f(x), grad f(x)).

    Example:
        >>> import jax
        >>> import jax.numpy as jnp
        >>> r = bfgs(jax.value_and_grad(lambda x: jnp.sum((x - 2.0) ** 2)), jnp.zeros(2))
        >>> r.x_k.tolist(), int(r.status)
        ([2.0, 2.0], 0)
    """
    maxiter = x0.size * 200 if maxiter is None else maxiter
    eye = jnp.eye(x0.shape[0], dtype=x0.dtype)

    def update(memory, s, y, _):
        (h,) = memory
        rho = 1.0 / jnp.dot(y, s)
        left = eye - rho * jnp.outer(s, y)
        right = eye - rho * jnp.outer(y, s)
        return (left @ h @ right + rho * jnp.outer(s, s),)

    state, status = _run(
        value_and_grad,
        x0,
        maxiter,
        norm,
        gtol,
        line_search_maxiter,
        lambda memory, g: memory[0] @ g,
        update,
        lambda g: (eye,),
    )
    return QuasiNewtonResults(
        state["converged"],
        state["failed"],
        state["k"],
        state["nfev"],
        state["nfev"],
        state["x"],
        state["f"],
        state["g"],
        state["memory"][0],
        status,
    )


def lbfgs(
    value_and_grad,
    x0,
    history_size=20,
    maxiter=None,
    norm=jnp.inf,
    gtol=1e-5,
    line_search_maxiter=10,
):
    """Minimise with L-BFGS from `x0`, keeping `history_size` (s, y) pairs.

    Example:
        >>> import jax
        >>> import jax.numpy as jnp
        >>> r = lbfgs(jax.value_and_grad(lambda x: jnp.sum((x - 2.0) ** 2)), jnp.zeros(2))
        >>> r.x_k.tolist(), int(r.status)
        ([2.0, 2.0], 0)
    """
    maxiter = x0.size * 200 if maxiter is None else maxiter
    if isinstance(history_size, bool) or not isinstance(history_size, int) or history_size < 1:
        raise ValueError(f"minimize: `history_size` must be a positive int, got {history_size!r}")
    shape = (history_size,) + x0.shape

    def memory(g0):
        # (direction, s history, y history, rho * s, rho * y); oldest pair first
        zeros = jnp.zeros(shape, x0.dtype)
        return (g0, zeros, zeros, zeros, zeros)

    def push(buffer, row):
        return jnp.concatenate([buffer[1:], row[None]], axis=0)

    def update(mem, s, y, g_new):
        ys = jnp.dot(y, s)
        s_hist, y_hist = push(mem[1], s), push(mem[2], y)
        rho = 1.0 / ys
        rho_s, rho_y = push(mem[3], rho * s), push(mem[4], rho * y)

        def newest_first(q, rows):
            r_s, y_row = rows
            alpha = jnp.dot(r_s, q)
            return q - alpha * y_row, alpha

        q, alphas = lax.scan(newest_first, g_new, (rho_s, y_hist), reverse=True)
        r = (ys / jnp.dot(y, y)) * q

        def oldest_first(r, rows):
            r_y, s_row, alpha = rows
            return r + alpha * s_row - jnp.dot(r_y, r) * s_row, None

        r, _ = lax.scan(oldest_first, r, (rho_y, s_hist, alphas))
        skip = ys <= 1e-10  # not a curvature pair: keep the history, go along the gradient
        return (jnp.where(skip, g_new, r),) + tuple(
            jnp.where(skip, old, new) for old, new in zip(mem[1:], (s_hist, y_hist, rho_s, rho_y))
        )

    state, status = _run(
        value_and_grad,
        x0,
        maxiter,
        norm,
        gtol,
        line_search_maxiter,
        lambda mem, g: mem[0],
        update,
        memory,
    )
    return QuasiNewtonResults(
        state["converged"],
        state["failed"],
        state["k"],
        state["nfev"],
        state["nfev"],
        state["x"],
        state["f"],
        state["g"],
        None,
        status,
    )
