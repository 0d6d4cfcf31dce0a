"""MindSpore's LinSpace kernel: evenly spaced values as a start plus multiples of one step."""

import jax.numpy as jnp

__all__ = ["stepped_linspace"]


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
