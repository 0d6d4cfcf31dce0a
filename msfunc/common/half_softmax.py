"""MindSpore's float16 CPU Softmax and LogSoftmax, rounded where its kernels round."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .. import context
from . import cpu_softmax, kernel_chain

_F16, _F32 = np.dtype(jnp.float16), np.dtype(jnp.float32)

# MindSpore 2.10's CPU Softmax has a float16 kernel: it subtracts the row's maximum and takes
# exp in float16 (each result rounded to float16), sums those in float32 (eight lanes over the
# row's whole blocks of eight, the lanes added pairwise, then the rest one by one), rounds the
# sum to float16 and divides in float16 (matched bit for bit on 14,600 values, rows of 3 to
# 33). Its
# LogSoftmax has none: the input is cast to float32, computed there and rounded once (as for
# the other float32-only kernels, `kernel_chain`). XLA computed a float16 softmax in float32
# and rounded once, a quarter of the values a float16 step apart.


def applies(x):
    """Whether `x` takes MindSpore's float16 CPU softmax numerics: float16, in a MindSpore
    program (`context.mindspore_cpu_numerics`), on JAX's CPU backend.

    Example:
        >>> applies(jnp.ones(2, jnp.float32))
        False
    """
    return (
        getattr(x, "dtype", None) == _F16
        and context._MINDSPORE_CPU_NUMERICS[0]
        and jax.default_backend() == "cpu"
    )


def _to16(x):
    """`x` (float32) rounded to float16 and kept in float32: XLA may skip a float16 rounding
    between fused ops, and `reduce_precision` flushes float16's subnormals (below 2**-14,
    where float16 steps by 2**-24), so those are rounded by hand (exact scalings)."""
    subnormal = jnp.abs(x) < 2.0**-14
    by_hand = jnp.round(x * 2.0**24) * 2.0**-24
    return jnp.where(subnormal, by_hand, lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10))


def _lane_sum(x):
    """Sum of the last axis in float32 in the kernel's order: with eight or more entries, eight
    lanes over the whole blocks of eight, combined ((0+1)+(2+3))+((4+5)+(6+7)), then the
    remaining entries one at a time; fewer than eight, one after another."""
    n = x.shape[-1]
    whole = n - n % 8 if n >= 8 else 0
    if whole:
        blocks = jnp.moveaxis(x[..., :whole].reshape(x.shape[:-1] + (whole // 8, 8)), -2, 0)
        lanes = lax.scan(lambda acc, b: (acc + b, None), blocks[0], blocks[1:])[0]
        r = [lanes[..., j] for j in range(8)]
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    else:
        total = jnp.zeros(x.shape[:-1], x.dtype)
    for j in range(whole, n):
        total = total + x[..., j] if j or whole else x[..., j]
    return total


def softmax(x, axis=-1):
    """Float16 softmax of `x` along `axis` as MindSpore's CPU kernel rounds it.

    Example:
        >>> softmax(jnp.asarray([0.0, 1.0], jnp.float16)).tolist()
        [0.268798828125, 0.73095703125]
    """
    wide = jnp.asarray(x).astype(_F32)
    shifted = _to16(wide - lax.stop_gradient(jnp.max(wide, axis=axis, keepdims=True)))
    exps = _to16(jnp.exp(shifted))
    total = _to16(jnp.expand_dims(_lane_sum(jnp.moveaxis(exps, axis, -1)), axis))
    if jax.config.jax_enable_x64:  # pyright: ignore[reportAttributeAccessIssue]
        # the float32 quotient, taken in double: XLA turns a division by a broadcast sum into a
        # product with its reciprocal, a float32 step off
        wide64 = exps.astype(jnp.float64) / total.astype(jnp.float64)
        return lax.reduce_precision(wide64, exponent_bits=8, mantissa_bits=23).astype(_F16)
    return (exps / total).astype(_F16)


def log_softmax(x, axis=-1):
    """Float16 log-softmax of `x` along `axis`: computed in float32 and rounded once, as
    MindSpore's CPU build runs LogSoftmax (no float16 kernel; under graph semantics the
    float32 result reaches the next float32-only kernel unrounded, `kernel_chain`).

    Example:
        >>> log_softmax(jnp.asarray([0.0, 0.0], jnp.float16)).tolist()
        [-0.693359375, -0.693359375]
    """
    if kernel_chain.applies(x):
        return kernel_chain.to16(cpu_softmax.log_softmax(kernel_chain.to32(x), axis))
    return cpu_softmax.log_softmax(jnp.asarray(x).astype(_F32), axis).astype(_F16)
