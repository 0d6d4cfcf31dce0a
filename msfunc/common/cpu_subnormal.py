"""float32 subnormals kept through XLA's CPU code, which flushes them to zero (FTZ and DAZ).

MindSpore's CPU kernels compute with subnormal float32 values (below 2^-126, about 1.2e-38):
a softmax probability of 9e-39 stays 9e-39, and its log is -88.9. XLA's CPU code reads such
a value as 0 and writes 0 for such a result, so the log is -inf. The two conversions here go
through the bits instead: exact for every float32, subnormal ones included.
"""

import jax
import jax.numpy as jnp

__all__ = ["multiply", "to_float32", "to_float64"]

_F32, _F64, _I32 = jnp.float32, jnp.float64, jnp.int32
_SMALLEST_NORMAL = 2.0**-126
_STEP = 2.0**-149  # the spacing of the subnormal float32 values


def to_float64(x):
    """float32 `x` widened to float64 exactly, subnormal values included.

    Example:
        >>> float(to_float64(jnp.array(1e-40, jnp.float32))) > 0
        True
    """
    bits = jax.lax.bitcast_convert_type(x, _I32)
    subnormal = (bits & 0x7F800000) == 0
    magnitude = (bits & 0x007FFFFF).astype(_F64) * _STEP
    small = jnp.where(bits < 0, -magnitude, magnitude)
    return jnp.where(subnormal, small, x.astype(_F64))


def to_float32(x):
    """float64 `x` rounded to the nearest float32 (ties to even), subnormal results kept.

    Example:
        >>> bits = jax.lax.bitcast_convert_type(to_float32(jnp.float64(3 * 2.0**-149)), jnp.int32)
        >>> int(bits)
        3
    """
    steps = jnp.round(jnp.abs(x) / _STEP)  # (numpy's round: halves to even)
    bits = steps.astype(_I32) | jnp.where(jnp.signbit(x), jnp.int32(-(2**31)), jnp.int32(0))
    small = jax.lax.bitcast_convert_type(bits, _F32)
    return jnp.where(jnp.abs(x) < _SMALLEST_NORMAL, small, x.astype(_F32))


def multiply(a, b):
    """The float32 product of float32 `a` and `b` as a CPU without flushing rounds it: subnormal
    factors read exactly, a subnormal result kept (the float64 product of two float32 values
    is exact, so one rounding gives the float32 product).

    Example:
        >>> tiny = jax.lax.bitcast_convert_type(jnp.int32(6), jnp.float32)
        >>> int(jax.lax.bitcast_convert_type(multiply(tiny, jnp.float32(0.5)), jnp.int32))
        3
    """
    return to_float32(to_float64(a) * to_float64(b))
