"""`msfunc.scipy.integrate`: `odeint` (differentiable, vmap-able), `trapezoid`, `simpson`."""

from __future__ import annotations

import jax.numpy as jnp
from jax.experimental.ode import odeint as _odeint

from ..common.tensor import unwrap

__all__ = ["odeint", "trapezoid", "simpson"]


def odeint(func, y0, t, *args, rtol=1.4e-8, atol=1.4e-8, mxstep=float("inf"), hmax=float("inf")):
    """Integrate `dy/dt = func(y, t, *args)` with adaptive Dormand-Prince; returns y at `t`.

    Gradients w.r.t. `y0`, `t` and `args` use the adjoint method.

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


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Trapezoidal rule along `axis`.

    Example:
        >>> import jax.numpy as jnp
        >>> float(trapezoid(jnp.array([0.0, 1.0, 2.0])))
        2.0
    """
    return jnp.trapezoid(unwrap(y), x=unwrap(x), dx=dx, axis=axis)


def simpson(y, *, x=None, dx=1.0, axis=-1):
    """Composite Simpson's rule along `axis` (SciPy's rule, including even sample counts).

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
