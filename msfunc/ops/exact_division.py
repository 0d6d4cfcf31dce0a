"""A division XLA keeps a true division, for kernels whose results must round as MindSpore's.

XLA rewrites ``x / c`` for a constant or broadcast ``c`` into ``x * (1 / c)``, one rounding off
from C++'s division; where a later floor, ceil or equality check sees that last bit (bin edges,
optimizer steps compared exactly) the operands pass an optimization barrier first.

Example:
    >>> import jax.numpy as jnp
    >>> float(true_divide(jnp.float32(7.0), 3.0) * 3 - 1)
    6.0
"""

import jax
import jax.numpy as jnp

__all__ = ["true_divide"]


def true_divide(x, y):
    """``x / y`` in `x`'s dtype, rounded once as a true division (also inside ``jax.jit``)."""
    x = jnp.asarray(x)
    x, y = jnp.broadcast_arrays(x, jnp.asarray(y, x.dtype))
    return jax.lax.div(*jax.lax.optimization_barrier((x, y)))
