"""MindSpore's float32 CPU ReduceStd (std, var and their means): its kernels' summation orders."""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .cpu_matmul import compiled
from .cpu_reduce import (
    divide,
    float32_kernel_numerics,
    in_order,
    reduce_mean,
    reduce_sum,
    sequential_sum,
)

_F32, _F64 = jnp.float32, jnp.float64

# MindSpore 2.10's ops.std/var/std_mean/var_mean with ddof 0 or 1 run its CPU ReduceStd kernel
# (var is that kernel's std squared), found by comparing its results bit for bit with models
# of the kernel over vectors of 5 to 20,000 values and matrices reduced over every axis set:
# - the mean adds the values one after another in float32 and divides by the count;
# - over every value (no axis, or a 1-D input) the squared deviations are added one after
#   another, each square taken in double and added to the float32 sum in double, then rounded;
# - over some axes each output's squared deviations keep eight float32 lanes (value i in lane
#   i mod 8, each step one fused multiply-add) over the whole blocks of eight, added in lane
#   order; then a block of four (four squares, added in order) if four values remain; then the
#   rest one by one, each a fused multiply-add;
# - std = sqrt(sum / n) or sqrt(sum / (n - 1)) in float32.
# XLA's own variance (pairwise sums) was a float32 step or two off in about half the outputs.


def applies(x, ddof):
    """Whether `ops.std`/`var` of `x` with `ddof` take MindSpore's CPU ReduceStd numerics.

    Example:
        >>> applies(jnp.ones(3, jnp.int32), 0)
        False
    """
    return (
        isinstance(ddof, (bool, int, np.integer))
        and int(ddof) in (0, 1)
        and float32_kernel_numerics(x)
        and jnp.ndim(x) > 0
    )


def _fma(x, acc):
    # acc + x * x rounded once to float32 (the float64 square of a float32 is exact)
    x64 = x.astype(_F64)
    return (acc.astype(_F64) + x64 * x64).astype(_F32)


def _whole_deviation(d):
    # RunReduceStd: each square taken in double and added to the float32 sum in double
    return lax.scan(
        lambda acc, v: (_fma(v, acc), None), jnp.zeros(d.shape[:-1], _F32), jnp.moveaxis(d, -1, 0)
    )[0]


def _lane_deviation(d):
    # the vectorised deviation: eight lanes over blocks of eight, a block of four, the rest
    n = d.shape[-1]
    full = n // 8
    total = jnp.zeros(d.shape[:-1], _F32)
    if full:
        blocks = jnp.moveaxis(d[..., : full * 8].reshape(d.shape[:-1] + (full, 8)), -2, 0)
        lanes = lax.scan(
            lambda acc, b: (_fma(b, acc), None), jnp.zeros(d.shape[:-1] + (8,), _F32), blocks
        )[0]
        total = in_order(lanes, total)
    start = full * 8
    if n - start >= 4:
        # four squares, each rounded by itself: reduce_precision rounds the float64 square
        # where XLA would otherwise fuse a float32 square into the next addition
        four = d[..., start : start + 4].astype(_F64)
        four = lax.reduce_precision(four * four, exponent_bits=8, mantissa_bits=23)
        total = total + in_order(four.astype(_F32))
        start += 4
    for k in range(start, n):
        total = _fma(d[..., k], total)
    return total


def _kernel_body(x, axes, unbiased, whole):
    keep = [i for i in range(x.ndim) if i not in axes]
    rows = jnp.transpose(x, keep + list(axes)).reshape([x.shape[i] for i in keep] + [-1])
    n = rows.shape[-1]
    mean = divide(sequential_sum(rows), n)
    d = rows - mean[..., None]
    deviation = _whole_deviation(d) if whole else _lane_deviation(d)
    return jnp.sqrt(divide(deviation, n - 1 if unbiased else n)), mean


# compiled once per shape: eagerly, each step of the scans would be dispatched on its own
_kernel = compiled(_kernel_body, static_argnames=("axes", "unbiased", "whole"))


def _reference(x, axes, unbiased):
    return jnp.std(x, axis=axes, ddof=int(unbiased)), jnp.mean(x, axis=axes)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2, 3))
def _std_mean(x, axes, unbiased, whole):
    return _kernel(x, axes, unbiased, whole)


@_std_mean.defjvp
def _std_mean_jvp(axes, unbiased, whole, primals, tangents):
    # the values are the kernel's; the derivatives are the usual ones at those inputs
    out = _std_mean(primals[0], axes, unbiased, whole)
    _, dout = jax.jvp(lambda v: _reference(v, axes, unbiased), primals, tangents)
    return out, dout


def std_mean(x, axis, ddof, keepdims):
    """(std, mean) of float32 `x` over `axis` as MindSpore's CPU ReduceStd computes them.

    Example:
        >>> s, m = std_mean(jnp.array([1.0, 2.0, 4.0], jnp.float32), None, 0, False)
        >>> round(float(s), 6), round(float(m), 6)
        (1.247219, 2.333333)
    """
    ndim = jnp.ndim(x)
    if axis is None or axis == ():
        axes = tuple(range(ndim))
        whole = True
    else:
        axes = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
        axes = tuple(sorted({int(a) % ndim for a in axes}))
        whole = ndim == 1
    std, mean = _std_mean(jnp.asarray(x), axes, bool(ddof), whole)
    if keepdims:
        shape = tuple(1 if i in axes else s for i, s in enumerate(jnp.shape(x)))
        std, mean = std.reshape(shape), mean.reshape(shape)
    return std, mean


def composed_applies(x):
    """Whether `composed_var` takes MindSpore's CPU numerics for `x` (float32, in a MindSpore
    program on the CPU).

    Example:
        >>> composed_applies(jnp.ones(3, jnp.int32))
        False
    """
    return float32_kernel_numerics(x) and jnp.ndim(x) > 0


def composed_var(x, axis, ddof, keepdims):
    """The variance as MindSpore composes it where ReduceStd does not serve (``Tensor.var``,
    and ``ops.var`` with another `ddof`): the mean kept over `axis`, the differences, their
    squares, their sum (each MindSpore's CPU kernel) and a true division by ``N - ddof``.

    Example:
        >>> float(composed_var(jnp.array([1.0, 2.0, 4.0], jnp.float32), None, 1, False))
        2.3333332538604736
    """
    ndim = jnp.ndim(x)
    axes = tuple(range(ndim)) if axis is None or axis == () else axis
    axes = (axes,) if isinstance(axes, (int, np.integer)) else tuple(axes)
    axes = tuple(sorted({int(a) % ndim for a in axes}))
    d = x - reduce_mean(x, axes, True)
    # each square rounded by itself: XLA would fuse a float32 square into the sum's additions
    d64 = d.astype(_F64)
    squares = lax.reduce_precision(d64 * d64, exponent_bits=8, mantissa_bits=23).astype(_F32)
    count = int(np.prod([jnp.shape(x)[a] for a in axes], dtype=np.int64))
    return divide(reduce_sum(squares, axes, keepdims), count - int(ddof))
