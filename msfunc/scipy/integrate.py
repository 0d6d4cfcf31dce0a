"""`msfunc.scipy.integrate`: `odeint` (differentiable, vmap-able), `trapezoid`, `simpson`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import jax.numpy as jnp
from jax.experimental.ode import odeint as _odeint

from ..common.tensor import unwrap

if TYPE_CHECKING:
    from collections.abc import Callable

    from jax import Array
    from jax.typing import ArrayLike

__all__ = ["odeint", "trapezoid", "simpson"]


def odeint(
    func: Callable[..., Any],
    y0: Any,
    t: ArrayLike,
    *args: Any,
    rtol: float = 1.4e-8,
    atol: float = 1.4e-8,
    mxstep: float = float("inf"),
    hmax: float = float("inf"),
) -> Any:
    """Integrate `dy/dt = func(y, t, *args)` with adaptive Dormand-Prince; returns y at `t`.

    Gradients w.r.t. `y0`, `t` and `args` use the adjoint method.

    Args:
        func (Callable): The derivative ``func(y, t, *args)``, of `y0`'s structure.
        y0 (Union[Tensor, Any]): Initial state: an array or a pytree of arrays.
        t (Tensor): 1-D increasing times; ``t[0]`` is the time of `y0`.
        args (Any): Extra arguments passed to `func`.
        rtol (float): Relative error tolerance. Default: ``1.4e-8``.
        atol (float): Absolute error tolerance. Default: ``1.4e-8``.
        mxstep (float): Most steps per interval of `t`. Default: ``inf``.
        hmax (float): Largest step size. Default: ``inf``.

    Returns:
        The state at each time of `t` (leading axis ``len(t)``), of `y0`'s structure.

    Raises:
        ValueError: `t` is not 1-D.

    Example:
        >>> import jax.numpy as jnp
        >>> ys = odeint(lambda y, t: -y, jnp.array(1.0), jnp.array([0.0, 1.0]))
        >>> round(float(ys[1]), 4)
        0.3679
    """
    y0, t = unwrap(y0), jnp.asarray(unwrap(t))
    if t.ndim != 1:
        raise ValueError(f"odeint: `t` must be 1-D, got shape {t.shape}")
    args = tuple(unwrap(a) for a in args)
    return _odeint(func, y0, t, *args, rtol=rtol, atol=atol, mxstep=mxstep, hmax=hmax)


def trapezoid(y: ArrayLike, x: ArrayLike | None = None, dx: float = 1.0, axis: int = -1) -> Array:
    """Integral of `y` along `axis` by the trapezoidal rule.

    Args:
        y (Tensor): Samples to integrate.
        x (Union[Tensor, None]): Sample points; ``None`` spaces them `dx` apart.
            Default: ``None``.
        dx (float): Spacing when `x` is ``None``. Default: ``1.0``.
        axis (int): Axis to integrate along. Default: ``-1``.

    Returns:
        Tensor, `y`'s shape without `axis`.

    Example:
        >>> import jax.numpy as jnp
        >>> float(trapezoid(jnp.array([0.0, 1.0, 2.0])))
        2.0
    """
    return jnp.trapezoid(unwrap(y), x=unwrap(x), dx=dx, axis=axis)


def simpson(y: ArrayLike, *, x: ArrayLike | None = None, dx: float = 1.0, axis: int = -1) -> Array:
    """Composite Simpson's rule along `axis` (SciPy's rule, including even sample counts).

    Args:
        y (Tensor): Samples to integrate (at least 2); integers are taken as floats.
        x (Union[Tensor, None]): Sample points, of `y`'s length along `axis`; ``None``
            spaces them `dx` apart. Default: ``None``.
        dx (float): Spacing when `x` is ``None``. Default: ``1.0``.
        axis (int): Axis to integrate along. Default: ``-1``.

    Returns:
        Tensor, `y`'s shape without `axis`.

    Raises:
        ValueError: fewer than 2 samples, or `x` of the wrong shape.

    Example:
        >>> import jax.numpy as jnp
        >>> round(float(simpson(jnp.array([0.0, 1.0, 4.0]))), 4)
        2.6667
    """
    y = jnp.moveaxis(jnp.asarray(unwrap(y)), axis, -1)
    if not jnp.issubdtype(y.dtype, jnp.inexact):
        y = y.astype(jnp.result_type(float))
    n = y.shape[-1]
    if n < 2:
        raise ValueError(f"simpson: need at least 2 samples along `axis`, got {n}")
    x = unwrap(x)
    if x is None:
        h = jnp.full((n - 1,), dx, y.dtype)
    else:
        x = jnp.asarray(x)
        if x.shape != (n,):
            raise ValueError(f"simpson: `x` must have shape ({n},), got {x.shape}")
        h = jnp.diff(x).astype(y.dtype)
    if n == 2:
        return (h[0] / 2) * (y[..., 0] + y[..., 1])
    odd_tail = n % 2 == 0
    m = n - 1 if odd_tail else n  # an odd number of points for the plain rule
    h0, h1 = h[0 : m - 1 : 2], h[1 : m - 1 : 2]
    y0, y1, y2 = y[..., 0 : m - 2 : 2], y[..., 1 : m - 1 : 2], y[..., 2:m:2]
    hs, hp = h0 + h1, h0 * h1
    total = jnp.sum(hs / 6 * (y0 * (2 - h1 / h0) + y1 * hs * hs / hp + y2 * (2 - h0 / h1)), -1)
    if odd_tail:  # SciPy >= 1.11: correct the last interval with a parabola through 3 points
        a, b = h[-2], h[-1]
        alpha = (2 * b * b + 3 * a * b) / (6 * (a + b))
        beta = (b * b + 3 * a * b) / (6 * a)
        eta = (b**3) / (6 * a * (a + b))
        total = total + alpha * y[..., -1] + beta * y[..., -2] - eta * y[..., -3]
    return total


from ..common.tensor_functions import tensor_namespace as _tensor_namespace  # noqa: E402

_tensor_namespace(globals(), __all__)
