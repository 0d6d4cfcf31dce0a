"""`minimize` and `line_search` with MindSpore's signatures and MindSpore 2.10's algorithms.

BFGS and L-BFGS take MindSpore's steps (`_quasi_newton`, `_line_search`): on float32
problems they converge where MindSpore does. Both run under `jit` and `vmap` (e.g. many
starting points at once). The gradient is `jax.grad` of the function unless `jac` is
given; as in MindSpore, `jac` is called with `x` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import jax
import jax.numpy as jnp

from ..._jax_private import Tracer
from ...common.tensor import unwrap
from ...errors import StateError
from ._line_search import LineSearchResults, wolfe_line_search
from ._quasi_newton import bfgs, lbfgs

if TYPE_CHECKING:
    from collections.abc import Callable

    from jax import Array
    from jax.typing import ArrayLike

__all__ = ["OptimizeResults", "minimize", "line_search"]

# The options each method takes (MindSpore passes `options` on as keyword arguments).
_OPTIONS = {
    "bfgs": ("maxiter", "norm", "gtol", "line_search_maxiter"),
    "lbfgs": ("history_size", "maxiter", "norm", "gtol", "line_search_maxiter"),
}


class OptimizeResults(NamedTuple):
    """Result of `minimize`: x, success, status, fun, jac, hess_inv, nfev, njev, nit.

    Example:
        >>> import jax.numpy as jnp
        >>> r = minimize(lambda x: jnp.sum(x**2), jnp.ones(2), method="BFGS")
        >>> type(r).__name__, bool(r.success), [round(float(v), 4) for v in r.x]
        ('OptimizeResults', True, [0.0, 0.0])
    """

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
    func: Callable[..., Any],
    x0: ArrayLike,
    args: tuple[Any, ...] = (),
    method: str | None = None,
    jac: Callable[[Array], ArrayLike] | None = None,
    hess: Any = None,
    hessp: Any = None,
    bounds: Any = None,
    constraints: Any = (),
    tol: float | None = None,
    callback: Callable[..., Any] | None = None,
    options: dict[str, Any] | None = None,
) -> OptimizeResults:
    """Minimize a scalar function of a 1-D array with 'BFGS' or 'LBFGS'.

    `options` may hold `maxiter`, `norm`, `gtol`, `line_search_maxiter`, and for LBFGS
    `history_size` (default 20); another key is a TypeError. `tol` is accepted and, as in
    MindSpore, has no effect (set `gtol`).

    Args:
        func (Callable): The objective ``func(x, *args)``, returning a scalar.
        x0 (Tensor): 1-D starting point; integers are taken as floats.
        args (tuple): Extra arguments for `func`. Default: ``()``.
        method (str): ``'BFGS'`` or ``'LBFGS'``; required. Default: ``None``.
        jac (Union[Callable, None]): Gradient ``jac(x)``; ``None`` uses ``jax.grad`` of
            `func`. Default: ``None``.
        hess (Any): Not supported; must be ``None``. Default: ``None``.
        hessp (Any): Not supported; must be ``None``. Default: ``None``.
        bounds (Any): Not supported; must be ``None``. Default: ``None``.
        constraints (Any): Not supported; must be empty. Default: ``()``.
        tol (Union[float, None]): Accepted; no effect, as in MindSpore. Default: ``None``.
        callback (Union[Callable, None]): Not supported; must be ``None``.
            Default: ``None``.
        options (Union[dict, None]): Options of the method (see above). Default: ``None``.

    Returns:
        OptimizeResults, the solution `x` and the run's record.

    Raises:
        ValueError: `method` is missing or unknown, `x0` is not 1-D, or `func` does not
            return a scalar.
        TypeError: `args` is not a tuple, or an option is unknown.
        NotImplementedError: an unsupported argument is given.

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
    try:
        r = solve(value_and_grad, x0, **options)
    except StateError:
        if isinstance(x0, Tracer):
            raise
        # `func` writes the network's Parameters and evaluates its loss (SciAI's L-BFGS
        # assigns `x` into them): a traced loop cannot carry those writes, so the iterations
        # run eagerly, as MindSpore runs them, leaving the Parameters at the last point tried.
        with jax.disable_jit():
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
    f: Callable[[Array], ArrayLike],
    xk: ArrayLike,
    pk: ArrayLike,
    jac: Callable[[Array], ArrayLike] | None = None,
    gfk: ArrayLike | None = None,
    old_fval: ArrayLike | None = None,
    old_old_fval: ArrayLike | None = None,
    c1: float = 1e-4,
    c2: float = 0.9,
    maxiter: int = 20,
) -> LineSearchResults:
    """Inexact line search satisfying the strong Wolfe conditions along `pk` from `xk`.

    Args:
        f (Callable): Scalar objective ``f(x)``.
        xk (Tensor): Starting point.
        pk (Tensor): Search direction, of `xk`'s shape.
        jac (Union[Callable, None]): Gradient ``jac(x)``; ``None`` uses ``jax.grad`` of `f`.
            Default: ``None``.
        gfk (Union[Tensor, None]): Gradient at `xk`, when already known. Default: ``None``.
        old_fval (Union[Tensor, None]): ``f(xk)``, when already known. Default: ``None``.
        old_old_fval (Union[Tensor, None]): `f` at the previous point, for the first step's
            guess. Default: ``None``.
        c1 (float): Sufficient-decrease constant of the Wolfe conditions. Default: ``1e-4``.
        c2 (float): Curvature constant of the Wolfe conditions. Default: ``0.9``.
        maxiter (int): Most iterations. Default: ``20``.

    Returns:
        LineSearchResults, a named tuple (failed, nit, nfev, ngev, k, a_k, f_k, g_k, status,
        done); `a_k` is the step found.

    Raises:
        ValueError: `xk` and `pk` differ in shape.

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
