"""`minimize` and `line_search` with MindSpore's signatures and MindSpore 2.10's algorithms.

BFGS and L-BFGS take MindSpore's steps (`_quasi_newton`, `_line_search`): on float32
problems they converge where MindSpore does. Both run under `jit` and `vmap` (e.g. many
starting points at once). The gradient is `jax.grad` of the function unless `jac` is
given; as in MindSpore, `jac` is called with `x` alone.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from ...common.tensor import unwrap
from ._line_search import wolfe_line_search
from ._quasi_newton import bfgs, lbfgs

__all__ = ["OptimizeResults", "minimize", "line_search"]

# The options each method takes (MindSpore passes `options` on as keyword arguments).
_OPTIONS = {
    "bfgs": ("maxiter", "norm", "gtol", "line_search_maxiter"),
    "lbfgs": ("history_size", "maxiter", "norm", "gtol", "line_search_maxiter"),
}


class OptimizeResults(NamedTuple):
    """Result of `minimize`: x, success, status, fun, jac, hess_inv, nfev, njev, nit."""

    x: Any
    success: Any
    status: Any
    fun: Any
    jac: Any
    hess_inv: Any
    nfev: Any
    njev: Any
    nit: Any


def _wrap_fun(func, args):
    def fun(x):
        out = func(x, *args)
        out = jnp.asarray(unwrap(out))
        if out.shape not in ((), (1,)):
            raise ValueError(f"minimize: `func` must return a scalar, got shape {out.shape}")
        return out.reshape(())

    return fun


def minimize(
    func,
    x0,
    args=(),
    method=None,
    jac=None,
    hess=None,
    hessp=None,
    bounds=None,
    constraints=(),
    tol=None,
    callback=None,
    options=None,
):
    """Minimize a scalar function of a 1-D array with 'BFGS' or 'LBFGS'.

    `options` may hold `maxiter`, `norm`, `gtol`, `line_search_maxiter`, and for LBFGS
    `history_size` (default 20); another key is a TypeError. `tol` is accepted and, as in
    MindSpore, has no effect (set `gtol`).

    Example:
        >>> import jax.numpy as jnp
        >>> r = minimize(lambda x: jnp.sum((x - 1.0) ** 2), jnp.zeros(2), method="BFGS")
        >>> [round(float(v), 4) for v in r.x]
        [1.0, 1.0]
    """
    if method is None:
        raise ValueError("minimize: `method` must be given: 'BFGS' or 'LBFGS'")
    key = method.lower().replace("-", "") if isinstance(method, str) else None
    if key not in _OPTIONS:
        raise ValueError(f"minimize: `method` must be 'BFGS' or 'LBFGS', got {method!r}")
    if not isinstance(args, tuple):
        raise TypeError(f"minimize: `args` must be a tuple, got {type(args).__name__}")
    for name, val in (("hess", hess), ("hessp", hessp), ("bounds", bounds), ("callback", callback)):
        if val is not None:
            raise NotImplementedError(f"minimize: `{name}` is not supported")
    if constraints:
        raise NotImplementedError("minimize: `constraints` are not supported")
    options = dict(options or {})
    unknown = sorted(set(options) - set(_OPTIONS[key]))
    if unknown:
        raise TypeError(
            f"minimize: unknown option(s) {unknown} for method {method!r}; "
            f"expected some of {list(_OPTIONS[key])}"
        )
    x0 = jnp.asarray(unwrap(x0))
    if x0.ndim != 1:
        raise ValueError(f"minimize: `x0` must be 1-D, got shape {x0.shape}")
    if not jnp.issubdtype(x0.dtype, jnp.floating):
        x0 = x0.astype(jnp.result_type(float))
    args = tuple(unwrap(a) for a in args)
    fun = _wrap_fun(func, args)
    if jac is None:
        value_and_grad = jax.value_and_grad(fun)
    else:
        value_and_grad = lambda x: (fun(x), jnp.asarray(unwrap(jac(x)), x.dtype))  # noqa: E731
    solve = bfgs if key == "bfgs" else lbfgs
    r = solve(value_and_grad, x0, **options)
    return OptimizeResults(
        x=r.x_k,
        success=r.converged & ~r.failed,
        status=r.status,
        fun=r.f_k,
        jac=r.g_k,
        hess_inv=r.H_k,
        nfev=r.nfev,
        njev=r.ngev,
        nit=r.k,
    )


def line_search(
    f, xk, pk, jac=None, gfk=None, old_fval=None, old_old_fval=None, c1=1e-4, c2=0.9, maxiter=20
):
    """Inexact line search satisfying the strong Wolfe conditions along `pk` from `xk`.

    Returns a named tuple (failed, nit, nfev, ngev, k, a_k, f_k, g_k, status, done).

    Example:
        >>> import jax.numpy as jnp
        >>> r = line_search(lambda x: jnp.sum((x - 1.0) ** 2), jnp.zeros(2), jnp.ones(2))
        >>> float(r.a_k)
        1.0
    """
    xk, pk = jnp.asarray(unwrap(xk)), jnp.asarray(unwrap(pk))
    if xk.shape != pk.shape:
        raise ValueError(f"line_search: `xk` {xk.shape} and `pk` {pk.shape} must have one shape")
    fun = lambda x: jnp.asarray(unwrap(f(x))).reshape(())  # noqa: E731
    if jac is None:
        value_and_grad = jax.value_and_grad(fun)
    else:
        value_and_grad = lambda x: (fun(x), jnp.asarray(unwrap(jac(x)), x.dtype))  # noqa: E731
    return wolfe_line_search(
        value_and_grad,
        xk,
        pk,
        old_fval=old_fval,
        old_old_fval=old_old_fval,
        gfk=None if gfk is None else jnp.asarray(unwrap(gfk)),
        c1=c1,
        c2=c2,
        maxiter=maxiter,
    )
