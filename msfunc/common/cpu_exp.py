"""MindSpore's CPU exp: a degree-5 polynomial after a range reduction, not the exact exp."""

import jax
import jax.numpy as jnp

from . import cpu_log, cpu_subnormal, cpu_tanh
from .cpu_reduce import float32_kernel_numerics

# MindSpore 2.10's CPU Exp kernel (float32; float16 is computed in float32 and rounded once),
# found by probing it: x clamped below at -88; n = floor(x * log2(e) + 1/2) in float32;
# r = x - n * ln2 (ln2 taken as 0.693147) with a fused multiply-add; e^r by the Taylor
# polynomial 1 + r + r^2/2 + r^3/6 + r^4/24 + r^5/120 in Horner form with fused multiply-adds
# and float32 coefficients; then scaled in two steps, by 2^(n-1) (built from exponent bits,
# zero for n <= -126) and by 2. Its error reaches ~60 float32 steps: a program using exp
# prints other numbers unless msfunc evaluates the same steps. The two-step scaling shows at
# the ends: under x = -86.64 the first product is subnormal and rounds there (MindSpore keeps
# subnormals, `cpu_subnormal`), under -86.99 the result is 0, and from x = 88.38 (n = 128)
# the second step overflows to inf near 88.7228. Checked bit for bit on [-87.5, 89] for
# vectors; MindSpore runs the last (count mod 4) values of each task through a scalar loop,
# which scales by 2^n at once (so it gives inf from 88.38), not followed here.
_LN2 = 0.693147
_LOG2E = 1.4426950408889634  # (1 / ln 2 itself, not 1 / _LN2)
_COEFFICIENTS = (1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1.0, 1.0)
_LIMIT = 88.0


@jax.jit
def _approximant(x):
    f32 = jnp.float32
    x32 = x.astype(f32)
    clamped = jnp.maximum(x32, f32(-_LIMIT))
    # floor(q + 0.5) in float32: ties go up
    n = jnp.floor(clamped * f32(_LOG2E) + f32(0.5))
    r = cpu_tanh._fma(-n, jnp.full_like(n, _LN2), clamped)
    poly = jnp.full_like(r, _COEFFICIENTS[0])
    for c in _COEFFICIENTS[1:]:
        poly = cpu_tanh._fma(poly, r, f32(c))  # (float32 coefficients)
    # poly * 2^(n-1), rounded to float32 (a subnormal one too), then * 2 (inf past the top)
    half = jnp.ldexp(jnp.ones_like(n, jnp.float64), (n - 1).astype(jnp.int32))
    first = cpu_subnormal.to_float32(poly.astype(jnp.float64) * half)
    y = (cpu_subnormal.to_float64(first) * 2).astype(f32)
    y = jnp.where(n <= -126, f32(0), y)  # (2^(n-1)'s exponent bits are 0: the factor is 0)
    y = jnp.where(jnp.isnan(x32), x32, y)
    return y.astype(x.dtype)


def applies(x):
    """Whether `x` takes MindSpore's CPU exp (as `cpu_tanh.applies`: float32 or 16-bit
    floats on JAX's CPU backend, in a MindSpore program).

    Example:
        >>> from msfunc import context
        >>> applies(jnp.ones(2, jnp.float32)) == cpu_tanh.applies(jnp.ones(2, jnp.float32))
        True
    """
    return cpu_tanh.applies(x)


@jax.custom_jvp
def exp(x):
    """MindSpore's CPU exp of `x` (float32, float16, bfloat16), in `x`'s dtype; its derivative
    is MindSpore's Exp gradient, ``dout * out``.

    Example:
        >>> round(exp(jnp.float32(1.0)).item(), 7)  # the correctly rounded e: 2.7182817
        2.7182798
    """
    return _approximant(x)


@exp.defjvp
def _exp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = exp(x)
    return y, t * y


# MindSpore 2.10's float32 CPU Sigmoid (probed bit for bit on [-100, 100]): 1 / (1 + e^-x) with
# the Exp kernel's approximant above; its gradient, SigmoidGrad, reads the rounded output.
@jax.custom_jvp
def sigmoid(x):
    """MindSpore's CPU sigmoid of float32 `x`; its derivative is ``dout * (y * (1 - y))``
    from the output ``y``.

    Example:
        >>> float(sigmoid(jnp.float32(0.0)))
        0.5
    """
    return _sigmoid(x)


@jax.jit
def _sigmoid(x):
    one = jnp.ones((), x.dtype)
    # (the barrier keeps XLA from folding the reciprocal into a division by the result: the
    # Log gradient's dout / sigmoid(x) became dout * (1 + e^-x), 32 steps off MindSpore's)
    return jax.lax.optimization_barrier(one / (one + _approximant(-x)))


@sigmoid.defjvp
def _sigmoid_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = sigmoid(x)
    return y, t * (y * (1 - y))


def mindspore_sigmoid(x):
    """Sigmoid as a MindSpore program on the CPU gets it: MindSpore's kernel (`sigmoid`) for
    float32, XLA's otherwise (other dtypes, other backends, code outside MindSpore programs).

    Example:
        >>> float(mindspore_sigmoid(jnp.float32(0.0)))
        0.5
    """
    x = cpu_log.kernel_input(x)
    if float32_kernel_numerics(x):
        return sigmoid(x)
    return jax.nn.sigmoid(x)
