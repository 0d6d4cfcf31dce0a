"""MindSpore's CPU Log: an atanh series evaluated in SIMD blocks, the C library's logf for the
rest."""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .cpu_reduce import float32_kernel_numerics
from .cpu_tanh import _fma

# MindSpore 2.10's float32 CPU Log kernel (found by probing it; equal bit for bit on every
# probe): the elements are split in two tasks (ceil(n/2) and the rest, as its thread pool
# splits them on the 2-core machines the figures were recorded on; under six elements one task
# takes them all: probed for every count to 700 and at sizes to 10^6); in each, blocks of four
# take the series below and the last n mod 4 the C library's logf (correctly rounded). The
# series: x = 2^e m with m in [1, 2); d = (m - 1) / (m + 1); log x = e ln2 + 2 d (1 + d^2/3 +
# d^4/5 + ... + d^10/11), ln2 taken as 0.693147; the compiler fused its multiply-adds except
# the last one.
_LN2 = np.float32(0.693147)
_TASKS = 2
_FEWEST_SPLIT = 6
_BLOCK = 4


def _series(x):
    f32 = jnp.float32
    bits = jax.lax.bitcast_convert_type(x, jnp.uint32)
    e = (((bits >> 23) & 0xFF).astype(jnp.int32) - 127).astype(f32)
    m = jax.lax.bitcast_convert_type((bits & 0x7FFFFF) | (127 << 23), f32)
    d = (m - f32(1)) / (m + f32(1))
    sq = d * d
    t = _fma(sq, f32(1 / 11), f32(1 / 9))
    t = _fma(sq, t, f32(1 / 7))
    t = _fma(t, sq, f32(0.2))
    t = _fma(sq, _fma(sq, t, f32(1 / 3)), f32(1))
    return _LN2 * e + d * t * f32(2)


def _in_blocks(n):
    """Which of n flat elements the kernel's SIMD blocks take (the others take logf)."""
    chunk = -(-n // (_TASKS if n >= _FEWEST_SPLIT else 1)) if n else 0
    index = np.arange(n)
    start = (index // chunk) * chunk if chunk else index
    length = np.minimum(start + chunk, n) - start
    return (index - start) < (length // _BLOCK) * _BLOCK


@jax.custom_jvp
def log(x):
    """MindSpore's CPU Log of positive float32 `x`; its derivative is ``dout / x``.

    Example:
        >>> float(log(jnp.ones(1, jnp.float32))[0])
        0.0
    """
    return _log(jnp.asarray(x, jnp.float32))


@jax.jit
def _log(x):
    flat = x.reshape(-1)
    exact = jnp.log(flat.astype(jnp.float64)).astype(jnp.float32)
    approx = jnp.where(flat > 0, _series(flat), exact)
    return jnp.where(jnp.asarray(_in_blocks(flat.size)), approx, exact).reshape(x.shape)


@log.defjvp
def _log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    # MindSpore's LogGrad divides; the barrier keeps XLA from folding x's own division (or
    # a constant) into a product with a reciprocal
    return log(x), t / jax.lax.optimization_barrier(x)


def mindspore_log(x):
    """Natural log as a MindSpore program on the CPU gets it: MindSpore's Log kernel (`log`)
    for float32, XLA's log otherwise (other dtypes, other backends, code outside MindSpore
    programs).

    Example:
        >>> float(mindspore_log(jnp.float32(1.0)))
        0.0
    """
    x = kernel_input(x)
    if float32_kernel_numerics(x):
        return log(x)
    return jnp.log(x)


def kernel_input(x) -> Any:
    """`x`'s array where a Tensor reaches a kernel directly (graph-mode code), else `x`.

    Example:
        >>> kernel_input(jnp.ones(2)).shape
        (2,)
    """
    if isinstance(x, jax.Array):
        return x
    held = getattr(x, "_array", None)
    return held() if callable(held) else x
