"""oneDNN's vectorised float32 exp and log (its JIT kernels' approximants), step by step."""

import jax
import jax.numpy as jnp
import numpy as np

from .cpu_tanh import _fma

# MindSpore 2.10's CPU LogSoftmax runs oneDNN's JIT softmax, whose exp and log are oneDNN's
# own approximants (found by probing the kernel and reading oneDNN's public sources; equal bit
# for bit on every probe). Constants are given by their float32 bit patterns.


def _f32(pattern):
    return np.array(pattern, np.uint32).view(np.float32)


_LN2 = _f32(0x3F317218)  # ln 2 rounded to float32
_LOG2E = _f32(0x3FB8AA3B)
_EXP_MAX = _f32(0x42B17218)  # ln(FLT_MAX)
_EXP_MIN = _f32(0xC2AEAC50)  # ln(FLT_MIN): below it exp is 0
# e^r on |r| <= ln2/2: a degree-5 minimax polynomial, highest coefficient first
_EXP_POLY = _f32([0x3C07CFCE, 0x3D2B9D0D, 0x3E2AAD40, 0x3EFFFEE3, 0x3F7FFFFB])
# log(1 + z) as z (1 + p1 z + p2 z^2 + p3 z^3 + p4 z^4), p4 first
_LOG_POLY = _f32([0x3E4CC8A3, 0xBE8004AB, 0x3EAAAAAB, 0xBF000000])
# the reciprocal r_i (in 32nds) of the mantissa, indexed by its top five bits: mantissas from
# 1.5 on are halved (exponent + 1) so that log(m r_i) stays small
_RECIPROCAL_32NDS = [32, 31, 30, 29, 28, 27, 27, 26, 25, 25, 24, 24, 23, 23, 22, 22] + [
    42,
    42,
    40,
    40,
    40,
    38,
    38,
    36,
    36,
    36,
    36,
    34,
    34,
    34,
    32,
    32,
]
_R = np.array(_RECIPROCAL_32NDS, np.float32) / np.float32(32)
# -log(r_i) less the exponent bias's 127 ln 2, rounded to float32 (oneDNN's table values)
_LOG_R = (-127 * np.log(2.0) - np.log(_R.astype(np.float64))).astype(np.float32)


@jax.jit
def exp(x):
    """oneDNN's float32 exp of `x` (float32): 2^n e^r with n = floor(x log2 e + 1/2), the
    polynomial evaluated with fused multiply-adds, 0 below ln(FLT_MIN).

    Example:
        >>> float(exp(jnp.float32(0.0)))
        1.0
    """
    f32 = jnp.float32
    x = x.astype(f32)
    underflow = x < _EXP_MIN
    x = jnp.maximum(jnp.minimum(x, _EXP_MAX), _EXP_MIN)
    n = jnp.floor(x * _LOG2E + f32(0.5))
    r = _fma(-n, jnp.full_like(n, _LN2), x)
    # 2^(n-1), then times 2: 2^n itself overflows at n = 128
    half_scale = jax.lax.bitcast_convert_type(((n - 1).astype(jnp.int32) + 127) << 23, f32)
    half_scale = jnp.where(underflow, f32(0), half_scale)
    poly = jnp.full_like(r, _EXP_POLY[0])
    for c in (*_EXP_POLY[1:], np.float32(1)):
        poly = _fma(poly, r, c)
    return poly * half_scale * f32(2)


@jax.jit
def log(x):
    """oneDNN's float32 log of positive normal `x` (float32): E ln2 - log(r_i) from a table
    indexed by the mantissa's top bits, plus a polynomial in z = m r_i - 1, the two added
    with a compensated sum.

    Example:
        >>> round(float(log(jnp.float32(2.0))), 5)
        0.69315
    """
    f32, u32 = jnp.float32, jnp.uint32
    x = x.astype(f32)
    bits = jax.lax.bitcast_convert_type(x, u32)
    index = (bits >> 18) & 31
    halve = index >> 4  # mantissas from 1.5: use m / 2 and exponent + 1
    exponent = ((bits >> 23) + halve).astype(jnp.int32).astype(f32)  # (still biased)
    mantissa = jax.lax.bitcast_convert_type((bits & 0x7FFFFF) | ((halve ^ 127) << 23), f32)
    z = _fma(mantissa, jnp.asarray(_R)[index], f32(-1))
    poly = jnp.full_like(z, _LOG_POLY[0])
    for c in (*_LOG_POLY[1:], np.float32(1)):
        poly = _fma(poly, z, c)
    poly = poly * z
    rest = _fma(exponent, jnp.full_like(z, _LN2), jnp.asarray(_LOG_R)[index])
    high = poly + rest
    low = (high - rest) - poly
    out = high + low
    out = jnp.where(x == 0, -jnp.inf, out)
    out = jnp.where(x < 0, jnp.nan, out)
    return jnp.where(jnp.isinf(x) & (x > 0), x, jnp.where(jnp.isnan(x), x, out))
