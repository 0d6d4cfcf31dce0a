"""MindSpore's LinSpace and Range kernels: evenly spaced values as a start plus multiples of one
step, from float32 bounds where Python floats give them."""

import jax.numpy as jnp
import numpy as np

__all__ = ["stepped_linspace", "float_bounds_arange"]


def stepped_linspace(start, end, steps, dtype, pin_end=False):
    """``start + i * step`` with ``step = (end - start) / (steps - 1)``, each in `dtype`, as
    MindSpore's LinSpace computes; the last value is computed too, unless `pin_end` sets it
    to `end` (what ``mindspore.numpy.linspace`` does). JAX's linspace interpolates from both
    ends, which differs from this in the last bit at some points.

    Example:
        >>> import numpy as np
        >>> values = stepped_linspace(0.1, 1.7, 7, np.float32)
        >>> bool(values[1] == np.float32(0.36666667)), bool(values[-1] > np.float32(1.7))
        (True, True)
    """
    start, end = jnp.asarray(start, dtype), jnp.asarray(end, dtype)
    if steps < 2:
        return jnp.linspace(start, end, steps, dtype=dtype)
    step = (end - start) / jnp.asarray(steps - 1, dtype)
    values = start + jnp.arange(steps, dtype=dtype) * step
    return values.at[-1].set(end) if pin_end else values


def float_bounds_arange(start, stop, step, dtype):
    """`jnp.arange(start, stop, step, dtype=dtype)`, except that a float64 range with a
    Python float bound steps in float32 and is then cast, as MindSpore's Range takes Python
    floats as float32 scalars (``arange(0.1, 1.0, 0.3, dtype=float64)[0]`` is
    0.10000000149011612).

    Example:
        >>> float_bounds_arange(0.1, 1.0, 0.3, np.float64)[0].item()
        0.10000000149011612
    """
    if dtype == np.float64 and any(isinstance(v, float) for v in (start, stop, step)):
        return jnp.arange(start, stop, step, dtype=np.float32).astype(dtype)
    return jnp.arange(start, stop, step, dtype=dtype)
