"""Float divisions kept true divisions, as MindSpore's CPU Div/RealDiv kernels round them."""

import math

import jax
import jax.numpy as jnp
import numpy as np

from .. import context
from .._jax_private import ArrayImpl
from . import cpu_matmul

__all__ = ["keep_divisor"]


def _exact_reciprocal(b):
    # x * (1 / b) is x / b to the bit when 1 / b is exact: a power of two
    if isinstance(b, bool) or not isinstance(b, (int, float)) or b == 0 or not math.isfinite(b):
        return False
    mantissa, _ = math.frexp(b)
    return abs(mantissa) == 0.5


def _is_float(v):
    dtype = getattr(v, "dtype", None)
    return dtype is not None and jnp.issubdtype(dtype, jnp.floating)


def keep_divisor(a, b):
    """`a` and `b` for ``a / b``, the divisor made opaque to XLA in a MindSpore program.

    XLA's simplifier rewrites a float division by a broadcast or a constant (a Python scalar, a
    per-channel vector, a Cell's constant Tensor) into a product with the rounded reciprocal,
    one rounding more than MindSpore's CPU kernels, which divide each element: ``x / 10`` came
    out one bit off for about half of the elements. Here the divisor is broadcast to the
    result's shape and both operands pass through an optimization barrier (XLA also merges two
    divisions, ``a / b / c`` into ``a / (b * c)``), so the division stays a division (also in
    its derivatives, which divide by the same value). Concrete arrays of one
    shape (an eager division of two Tensors) and powers of two (an exact reciprocal) are left
    as they are; outside MindSpore programs nothing changes.

    Example:
        >>> a, b = keep_divisor(jnp.ones(3, jnp.float32), 3.0)
        >>> float(b[0]) if context.mindspore_cpu_numerics() and cpu_matmul._on_cpu() else 3.0
        3.0
    """
    if not context._MINDSPORE_CPU_NUMERICS[0] or _exact_reciprocal(b):
        return a, b
    if not (_is_float(a) or _is_float(b)) or not cpu_matmul._on_cpu():
        return a, b
    # two concrete arrays of one shape: an eager division, which XLA compiles as a division
    if type(a) is not ArrayImpl or type(b) is not ArrayImpl or a.shape != b.shape:
        dtype = jnp.result_type(a, b)
        if not jnp.issubdtype(dtype, jnp.floating):
            return a, b
        try:
            shape = jnp.broadcast_shapes(np.shape(a), np.shape(b))
        except ValueError:
            return a, b  # the division itself reports the mismatch
        # the dividend too: XLA also merges ``a / b / c`` into ``a / (b * c)``
        a = jnp.broadcast_to(jnp.asarray(a, dtype), shape)
        b = jnp.broadcast_to(jnp.asarray(b, dtype), shape)
        a, b = jax.lax.optimization_barrier((a, b))
    return a, b
