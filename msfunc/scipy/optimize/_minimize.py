"""`minimize` and `line_search` with MindSpore's signatures, on JAX's BFGS/L-BFGS solvers.

Both run under `jit` and `vmap` (e.g. many starting points at once). The function
is differentiated with `jax.grad`; a user-supplied `jac` is accepted and ignored,
as in MindSpore.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import jax.scipy.optimize as jso

from ..._jax_private import line_search as _jax_line_search  # (jax keeps it private)
from ...common.parameter import unwrap

__all__ = ["OptimizeResults", "minimize", "line_search"]

_LBFGS = "l-bfgs-experimental-do-not-rely-on-this"


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
    def fun(x, *a):
        out = func(x, *a)
        out = jnp.asarray(unwrap(out))
        if out.shape not in ((), (1,)):
            raise ValueError(f"minimize: `func` must return a scalar, got shape {out.shape}")
        return out.reshape(())
    return fun


def minimize(func, x0, args=(), method=None, jac=None, hess=None, hessp=None, bounds=None,
             constraints=(), tol=None, callback=None, options=None):
    """Minimize a scalar function of a 1-D array with 'BFGS' or 'LBFGS'.

    `options` may hold `maxiter`, `norm`, `gtol`, and for LBFGS also `maxcor`,
    `ftol`, `maxfun`, `maxgrad`, `maxls`; `tol` sets `gtol` when not given.

    Example:
        >>> import jax.numpy as jnp
        >>> r = minimize(lambda x: jnp.sum((x - 1.0) ** 2), jnp.zeros(2), method="BFGS")
        >>> [round(float(v), 4) for v in r.x]
        [1.0, 1.0]
    """
    if method is None:
        raise ValueError("minimize: `method` must be given: 'BFGS' or 'LBFGS'")
    if not isinstance(method, str) or method.lower() not in ("bfgs", "lbfgs", "l-bfgs"):
        raise ValueError(f"minimize: `method` must be 'BFGS' or 'LBFGS', got {method!r}")
    if not isinstance(args, tuple):
        raise TypeError(f"minimize: `args` must be a tuple, got {type(args).__name__}")
    for name, val in (("hess", hess), ("hessp", hessp), ("bounds", bounds),
                      ("callback", callback)):
        if val is not None:
            raise NotImplementedError(f"minimize: `{name}` is not supported")
    if constraints:
        raise NotImplementedError("minimize: `constraints` are not supported")
    x0 = jnp.asarray(unwrap(x0))
    if x0.ndim != 1:
        raise ValueError(f"minimize: `x0` must be 1-D, got shape {x0.shape}")
    if not jnp.issubdtype(x0.dtype, jnp.floating):
        x0 = x0.astype(jnp.result_type(float))
    options = dict(options or {})
    if tol is not None:
        options.setdefault("gtol", tol)
    args = tuple(unwrap(a) for a in args)
    jmethod = "BFGS" if method.lower() == "bfgs" else _LBFGS
    r = jso.minimize(_wrap_fun(func, args), x0, args, method=jmethod, options=options)
    return OptimizeResults(*r)


def line_search(f, xk, pk, jac=None, gfk=None, old_fval=None, old_old_fval=None, c1=1e-4,
                c2=0.9, maxiter=20):
    """Inexact line search satisfying the strong Wolfe conditions along `pk` from `xk`.

    Returns a named tuple (failed, nit, nfev, ngev, k, a_k, f_k, g_k, status).

    Example:
        >>> import jax.numpy as jnp
        >>> r = line_search(lambda x: jnp.sum((x - 1.0) ** 2), jnp.zeros(2), jnp.ones(2))
        >>> float(r.a_k)
        1.0
    """
    xk, pk = jnp.asarray(unwrap(xk)), jnp.asarray(unwrap(pk))
    if xk.shape != pk.shape:
        raise ValueError(f"line_search: `xk` {xk.shape} and `pk` {pk.shape} must have one shape")
    fun = lambda x: jnp.asarray(unwrap(f(x))).reshape(())
    return _jax_line_search(fun, xk, pk, old_fval=old_fval, old_old_fval=old_old_fval,
                            gfk=None if gfk is None else unwrap(gfk), c1=c1, c2=c2,
                            maxiter=maxiter)


del jax
