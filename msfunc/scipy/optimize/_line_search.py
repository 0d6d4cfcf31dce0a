"""A line search for the strong Wolfe conditions (Nocedal & Wright, algorithms 3.5 and 3.6),
with the choices MindSpore 2.10 makes, so `minimize` takes MindSpore's steps.

Those choices, where implementations differ: the zoom phase tries at most 10 points and
has no minimum bracket width (JAX's gives up on a bracket narrower than 1e-5 in float32,
which stops BFGS far from the minimum on float32 problems); when a zoom point leaves the
bracket's low end behind, the high end returns to the low end the zoom *started* from;
the 2x2 system of the cubic step is rounded to float32; a float32 step shorter than 1e-8
is lengthened to 1e-8. Written with `lax.while_loop`, so it runs under `jit` and `vmap`.
"""

from typing import Any, NamedTuple

import jax.numpy as jnp
from jax import lax

__all__ = ["LineSearchResults", "wolfe_line_search"]

_ZOOM_MAXITER = 10
_DELTA_CUBIC, _DELTA_QUAD = 0.2, 0.1


class LineSearchResults(NamedTuple):
    """failed, nit, nfev, ngev, k, a_k (step), f_k, g_k (value and gradient there), status
    (0 found, 1 zoom failed, 3 too many iterations), and `done`."""

    failed: Any
    nit: Any
    nfev: Any
    ngev: Any
    k: Any
    a_k: Any
    f_k: Any
    g_k: Any
    status: Any
    done: Any


def _cubic_step(a, fa, fpa, b, fb, c, fc):
    """Minimiser of the cubic through (a, fa), (b, fb), (c, fc) with slope fpa at a."""
    db, dc = b - a, c - a
    denom = (db * dc) ** 2 * (db - dc)
    system = jnp.stack([jnp.stack([dc**2, -(db**2)]), jnp.stack([-(dc**3), db**3])])
    rhs = jnp.stack([fb - fa - fpa * db, fc - fa - fpa * dc])
    coef = (system.astype(jnp.float32) @ rhs.astype(jnp.float32)) / denom
    a2, b2 = coef[0], coef[1]
    radical = b2 * b2 - 3.0 * a2 * fpa
    return (a + (-b2 + jnp.sqrt(radical)) / (3.0 * a2)).astype(a.dtype)


def _quad_step(a, fa, fpa, b, fb):
    """Minimiser of the parabola through (a, fa), (b, fb) with slope fpa at a."""
    db = b - a
    curvature = (fb - fa - fpa * db) / (db**2)
    return a - fpa / (2.0 * curvature)


def _zoom(evaluate, low, high, phi_0, g_0, dphi_0, c1, c2, run):
    """Algorithm 3.6 between `low` and `high` (each (a, phi, dphi)); skipped unless `run`.

    Returns (failed, a_star, phi_star, dphi_star, g_star, evaluations).
    """
    a_low0, phi_low0, dphi_low0 = low
    one = jnp.ones_like(a_low0)
    init = dict(
        done=jnp.asarray(False),
        j=jnp.asarray(0),
        low=low,
        high=high,
        rec=((low[0] + high[0]) / 2.0, (low[1] + high[1]) / 2.0),
        star=(one, phi_low0, dphi_low0, g_0),
        nfev=jnp.asarray(0),
    )

    def cond(s):
        return run & ~s["done"] & (s["j"] < _ZOOM_MAXITER)

    def body(s):
        (a_lo, phi_lo, dphi_lo), (a_hi, phi_hi, dphi_hi) = s["low"], s["high"]
        a_rec, phi_rec = s["rec"]
        width = a_hi - a_lo
        left, right = jnp.minimum(a_lo, a_hi), jnp.maximum(a_lo, a_hi)
        cubic = _cubic_step(a_lo, phi_lo, dphi_lo, a_hi, phi_hi, a_rec, phi_rec)
        use_cubic = (
            (s["j"] > 0)
            & jnp.isfinite(cubic)
            & (cubic > left + _DELTA_CUBIC * width)
            & (cubic < right - _DELTA_CUBIC * width)
        )
        quad = _quad_step(a_lo, phi_lo, dphi_lo, a_hi, phi_hi)
        use_quad = (
            ~use_cubic
            & jnp.isfinite(quad)
            & (quad > left + _DELTA_QUAD * width)
            & (quad < right - _DELTA_QUAD * width)
        )
        a_j = jnp.where(use_cubic, cubic, jnp.where(use_quad, quad, (a_lo + a_hi) / 2.0))
        phi_j, g_j, dphi_j = evaluate(a_j)

        to_high = (phi_j > phi_0 + c1 * a_j * dphi_0) | (phi_j >= phi_lo)
        rec = (jnp.where(to_high, a_hi, a_rec), jnp.where(to_high, phi_hi, phi_rec))
        high = tuple(
            jnp.where(to_high, new, old)
            for new, old in zip((a_j, phi_j, dphi_j), (a_hi, phi_hi, dphi_hi))
        )
        to_star = ~to_high & (jnp.abs(dphi_j) <= -c2 * dphi_0)
        star = tuple(
            jnp.where(to_star, new, old) for new, old in zip((a_j, phi_j, dphi_j, g_j), s["star"])
        )
        keep_going = ~to_high & ~to_star
        flip = keep_going & (dphi_j * (high[0] - a_lo) >= 0.0)
        rec = (jnp.where(flip, high[0], rec[0]), jnp.where(flip, high[1], rec[1]))
        high = tuple(
            jnp.where(flip, start, cur) for start, cur in zip((a_low0, phi_low0, dphi_low0), high)
        )
        rec = (jnp.where(keep_going, a_lo, rec[0]), jnp.where(keep_going, phi_lo, rec[1]))
        low = tuple(
            jnp.where(keep_going, new, old)
            for new, old in zip((a_j, phi_j, dphi_j), (a_lo, phi_lo, dphi_lo))
        )
        return dict(
            done=to_star, j=s["j"] + 1, low=low, high=high, rec=rec, star=star, nfev=s["nfev"] + 1
        )

    s = lax.while_loop(cond, body, init)
    failed = run & (s["j"] == _ZOOM_MAXITER)
    return (failed,) + s["star"] + (s["nfev"],)


def wolfe_line_search(
    value_and_grad, xk, pk, old_fval=None, old_old_fval=None, gfk=None, c1=1e-4, c2=0.9, maxiter=20
):
    """Algorithm 3.5 along `pk` from `xk`; `value_and_grad(x)` gives (f(x), grad f(x)).

    Example:
        >>> import jax
        >>> import jax.numpy as jnp
        >>> f = lambda x: jnp.sum((x - 1.0) ** 2)
        >>> r = wolfe_line_search(jax.value_and_grad(f), jnp.zeros(2), jnp.ones(2))
        >>> float(r.a_k), bool(r.failed)
        (1.0, False)
    """

    def evaluate(alpha):
        value, g = value_and_grad(xk + alpha * pk)
        return value, g, jnp.dot(g, pk)

    zero = jnp.zeros((), xk.dtype)
    one = jnp.ones((), xk.dtype)
    if old_fval is None or gfk is None:
        phi_0, g_0, dphi_0 = evaluate(zero)
        evaluations = jnp.asarray(1)
    else:
        phi_0, g_0 = jnp.asarray(old_fval, xk.dtype), gfk
        dphi_0 = jnp.dot(g_0, pk)
        evaluations = jnp.asarray(0)
    if old_old_fval is None:
        start = one
    else:
        candidate = 1.01 * 2 * (phi_0 - old_old_fval) / dphi_0
        start = jnp.where(jnp.isfinite(candidate), jnp.minimum(candidate, one), one)
        start = start.astype(xk.dtype)

    init = dict(
        done=jnp.asarray(False),
        failed=jnp.asarray(False),
        i=jnp.asarray(1),
        prev=(zero, phi_0, dphi_0),
        star=(zero, phi_0, dphi_0, g_0),
        nfev=evaluations,
    )

    def cond(s):
        return ~s["done"] & (s["i"] <= maxiter)

    def body(s):
        a_prev, phi_prev, dphi_prev = s["prev"]
        a_i = jnp.where(s["i"] > 1, a_prev * 2.0, start)
        phi_i, g_i, dphi_i = evaluate(a_i)
        too_far = (phi_i > phi_0 + c1 * a_i * dphi_0) | ((phi_i >= phi_prev) & (s["i"] > 1))
        zoom_a = _zoom(
            evaluate, s["prev"], (a_i, phi_i, dphi_i), phi_0, g_0, dphi_0, c1, c2, too_far
        )
        star = tuple(jnp.where(too_far, new, old) for new, old in zip(zoom_a[1:5], s["star"]))
        wolfe = ~too_far & (jnp.abs(dphi_i) <= -c2 * dphi_0)
        star = tuple(
            jnp.where(wolfe, new, old) for new, old in zip((a_i, phi_i, dphi_i, g_i), star)
        )
        uphill = ~too_far & ~wolfe & (dphi_i >= 0.0)
        zoom_b = _zoom(
            evaluate, (a_i, phi_i, dphi_i), s["prev"], phi_0, g_0, dphi_0, c1, c2, uphill
        )
        star = tuple(jnp.where(uphill, new, old) for new, old in zip(zoom_b[1:5], star))
        failed = (too_far & zoom_a[0]) | (uphill & zoom_b[0])
        return dict(
            done=too_far | wolfe | uphill,
            failed=failed,
            i=s["i"] + 1,
            prev=(a_i, phi_i, dphi_i),
            star=star,
            nfev=s["nfev"] + 1 + zoom_a[5] + zoom_b[5],
        )

    s = lax.while_loop(cond, body, init)
    a_star, phi_star, _, g_star = s["star"]
    if jnp.dtype(a_star.dtype).itemsize < 8:  # a vanishing float32 step would stall the search
        a_star = jnp.where(jnp.abs(a_star) < 1e-8, jnp.sign(a_star) * 1e-8, a_star)
    status = jnp.where(s["failed"], 1, jnp.where(s["i"] > maxiter, 3, 0))
    return LineSearchResults(
        failed=s["failed"] | ~s["done"],
        nit=s["i"] - 1,
        nfev=s["nfev"],
        ngev=s["nfev"],
        k=s["i"],
        a_k=a_star,
        f_k=phi_star,
        g_k=g_star,
        status=status,
        done=s["done"],
    )
