"""MindSpore's CPU tanh: a rational (Padé) approximant, not the correctly rounded tanh."""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .. import context
from .promotion import X64

# MindSpore 2.10's CPU Tanh kernel (float32; float16 is computed in float32 and rounded
# once) evaluates tanh(x) ~ x (x^6 + 378 x^4 + 17325 x^2 + 135135) /
# (28 x^6 + 3150 x^4 + 62370 x^2 + 135135) with fused multiply-adds, and +-1 beyond |x| > 5.
# Its relative error reaches 1e-4 near |x| = 5: a program using tanh prints other numbers
# unless msfunc evaluates the same approximant in the same order.
_NUMERATOR = (378.0, 17325.0, 135135.0)
_DENOMINATOR = (28.0, 3150.0, 62370.0, 135135.0)
_SATURATION = 5.0


def _fma(a, b, c):
    # a*b + c rounded once to float32: the float64 product of two float32 values is exact
    f64 = jnp.float64
    return (a.astype(f64) * b.astype(f64) + jnp.asarray(c, f64)).astype(jnp.float32)


@jax.jit
def _approximant(x):
    x32 = x.astype(jnp.float32)
    square = x32 * x32
    n378, n17325, n135135 = _NUMERATOR
    numerator = _fma(_fma(square + jnp.float32(n378), square, n17325), square, n135135) * x32
    d28, d3150, d62370, d135135 = _DENOMINATOR
    denominator = _fma(
        _fma(_fma(jnp.full_like(square, d28), square, d3150), square, d62370), square, d135135
    )
    y = numerator / denominator
    y = jnp.where(x32 > _SATURATION, jnp.float32(1), y)
    y = jnp.where(x32 < -_SATURATION, jnp.float32(-1), y)
    return y.astype(x.dtype)


_DTYPES = frozenset(np.dtype(t) for t in (jnp.float32, jnp.float16, jnp.bfloat16))


@functools.cache
def _on_cpu():
    return jax.default_backend() == "cpu" and X64


def applies(x):
    """Whether `x` (an array) takes MindSpore's CPU tanh: a float32 or 16-bit float on JAX's
    CPU backend, in a MindSpore program (`context.mindspore_cpu_numerics`; MindSpore's float64
    tanh and its GPU kernels are the accurate function).

    Example:
        >>> from msfunc import context
        >>> on = context.mindspore_cpu_numerics()
        >>> applies(jnp.ones(2, jnp.float32)) == (on and jax.default_backend() == "cpu")
        True
    """
    return context._MINDSPORE_CPU_NUMERICS[0] and getattr(x, "dtype", None) in _DTYPES and _on_cpu()


def tanh(x):
    """MindSpore's CPU tanh of `x` (float32, float16, bfloat16), in `x`'s dtype: the values
    only (`msfunc.common.low_precision.tanh` gives it MindSpore's derivative).

    Example:
        >>> round(float(tanh(jnp.float32(4.5))), 6)  # the correctly rounded tanh: 0.999753
        0.999795
    """
    return _approximant(x)


def one_minus_square(y):
    """``1 - y*y`` in float32 with one rounding, as MindSpore's CPU TanhGrad computes it
    (``dy * (1 - y*y)``, the bracket a fused multiply-add).

    Example:
        >>> one_minus_square(jnp.float32(0.5)).item()
        0.75
    """
    return _fma(-y, y, 1.0)
