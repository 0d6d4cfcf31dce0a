"""MindSpore's float32 CPU Softmax and LogSoftmax along the last axis, and the log-sum-exp its
cross-entropy composes: their orders of sums and their approximants."""

import jax
import jax.numpy as jnp

from . import cpu_exp, cpu_log, cpu_matmul, cpu_onednn_math, cpu_subnormal
from .cpu_reduce import accumulate as _accumulate
from .cpu_reduce import eight_lane_sum as _eight_lane_sum
from .cpu_reduce import float32_kernel_numerics

_F32 = jnp.float32

# MindSpore 2.10's CPU kernels (found by probing them on rows of 1 to 1,000 values; equal bit
# for bit on every probe):
# - LogSoftmax is oneDNN's JIT softmax: d = x - max; e = oneDNN's exp(d); the sum keeps four
#   16-lane accumulators (block b of 16 values into accumulator b mod 4; the partial last block
#   into the first), adds them as (a0 + a1) + (a2 + a3) and the lanes by halves (8, 4, 2, 1
#   apart); out = d - oneDNN's log(sum), values above 0 set to 0.
# - Softmax is nnacl's: e = MindSpore's exp (`cpu_exp`) of x - max; the sum keeps 8 lanes over
#   the blocks of 8, adds them in lane order, then adds a block of 4 (summed in lane order) if
#   four values remain, then the rest one by one; out = e * (1 / sum).
# - ReduceSum along the last axis (the sum in cross-entropy's log-sum-exp) keeps 8 lanes the
#   same way, adds them in lane order, then the remaining values one by one.
# Other axes take other kernels (Softmax's, even with only axes of length 1 after it) and are
# left to XLA.


def _single_axis(axis):
    """`axis` as one int (Softmax holds it as a 1-tuple), else None."""
    if isinstance(axis, (tuple, list)) and len(axis) == 1:
        axis = axis[0]
    return int(axis) if isinstance(axis, int) and not isinstance(axis, bool) else None


def _on_last_axis(x, axis, units_after=True):
    """Whether MindSpore's last-axis kernels apply to float32 `x` along `axis` (with
    `units_after`, also an axis followed by axes of length 1 alone)."""
    axis = _single_axis(axis)
    if axis is None or not float32_kernel_numerics(x) or jnp.ndim(x) == 0:
        return False
    axis %= jnp.ndim(x)
    if not units_after:
        return axis == jnp.ndim(x) - 1
    return all(s == 1 for s in jnp.shape(x)[axis + 1 :])


def _onednn_sum(e):
    n = e.shape[-1]
    lanes, unroll = 16, 4
    full, tail = divmod(n, lanes)
    loops, loop_tail = divmod(full, unroll)
    used = unroll if loops else (loop_tail or 1)
    # full blocks padded with zero blocks to whole rounds of four: adding 0 changes nothing
    rounds = -(-full // unroll)
    padded = jnp.zeros(e.shape[:-1] + (rounds * unroll * lanes,), _F32)
    padded = padded.at[..., : full * lanes].set(e[..., : full * lanes])
    padded = padded.reshape(e.shape[:-1] + (rounds, unroll, lanes))
    acc = _accumulate(jnp.moveaxis(padded, -3, 0), jnp.zeros(e.shape[:-1] + (unroll, lanes), _F32))
    if tail:
        last = jnp.zeros(e.shape[:-1] + (lanes,), _F32).at[..., :tail].set(e[..., full * lanes :])
        acc = acc.at[..., 0, :].add(last)
    a = [acc[..., i, :] for i in range(unroll)]
    total = {4: lambda: (a[0] + a[1]) + (a[2] + a[3]), 3: lambda: (a[0] + a[1]) + a[2]}.get(
        used, lambda: a[0] + a[1] if used == 2 else a[0]
    )()
    for apart in (8, 4, 2, 1):
        total = total + total[..., jnp.arange(lanes) ^ apart]
    return total[..., 0]


def _last_axis(fun, x, axis):
    moved = jnp.moveaxis(x, axis, -1)
    return jnp.moveaxis(fun(moved), -1, axis)


# compiled once per shape: eagerly, every lane and block step would be dispatched on its own
@cpu_matmul.compiled
def _onednn_log_softmax(x):
    d = x - jnp.max(x, axis=-1, keepdims=True)
    total = _onednn_sum(cpu_onednn_math.exp(d))
    return jnp.minimum(d - cpu_onednn_math.log(total)[..., None], _F32(0))


@cpu_matmul.compiled
def _nnacl_softmax(x):
    e = cpu_exp.exp(x - jnp.max(x, axis=-1, keepdims=True))
    scale = (_F32(1) / _eight_lane_sum(e, block_of_four=True))[..., None]
    # (the float32 product, a subnormal one kept as MindSpore keeps it: XLA's would be 0)
    return cpu_subnormal.multiply(e, scale)


@cpu_matmul.compiled
def _logsumexp_last(x):
    top = jnp.max(x, axis=-1, keepdims=True)
    total = _eight_lane_sum(cpu_exp.exp(x - top), block_of_four=False)
    return cpu_log.log(total)[..., None] + top


@cpu_matmul.compiled
def _log_probabilities_last(x):
    return x - _logsumexp_last(x)


@jax.custom_jvp
def _log_softmax_kernel(x):
    return _onednn_log_softmax(x)


@_log_softmax_kernel.defjvp
def _log_softmax_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    out = _log_softmax_kernel(x)
    return out, t - jnp.sum(t * jnp.exp(out), axis=-1, keepdims=True)


@jax.custom_jvp
def _softmax_kernel(x):
    return _nnacl_softmax(x)


@_softmax_kernel.defjvp
def _softmax_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    out = _softmax_kernel(x)
    return out, out * (t - jnp.sum(t * out, axis=-1, keepdims=True))


def log_softmax(x, axis=-1):
    """``jax.nn.log_softmax(x, axis)``; in a MindSpore program a float32 one along the last axis
    is MindSpore's CPU kernel's (oneDNN's).

    Example:
        >>> [round(v, 4) for v in log_softmax(jnp.zeros(2, jnp.float32)).tolist()]
        [-0.6931, -0.6931]
    """
    if _on_last_axis(x, axis):
        return _last_axis(_log_softmax_kernel, x, _single_axis(axis))
    return jax.nn.log_softmax(x, axis=axis)


def softmax(x, axis=-1):
    """``jax.nn.softmax(x, axis)``; in a MindSpore program a float32 one along the last axis is
    MindSpore's CPU kernel's (nnacl's).

    Example:
        >>> softmax(jnp.zeros(2, jnp.float32)).tolist()
        [0.5, 0.5]
    """
    if _on_last_axis(x, axis, units_after=False):
        return _last_axis(_softmax_kernel, x, _single_axis(axis))
    return jax.nn.softmax(x, axis=axis)


def log_probabilities(x, axis):
    """``x - logsumexp(x, axis)`` as MindSpore's cross-entropy composes it: in a MindSpore
    program, for float32 along the last axis, ``x - (log(sum(exp(x - max))) + max)`` with
    MindSpore's CPU Exp, last-axis ReduceSum and Log; elsewhere ``jax.nn.log_softmax``.

    Example:
        >>> [round(v, 4) for v in log_probabilities(jnp.zeros(2, jnp.float32), 0).tolist()]
        [-0.6931, -0.6931]
    """
    if not _on_last_axis(x, axis):
        return jax.nn.log_softmax(x, axis=axis)
    return _last_axis(_log_probabilities_last, x, _single_axis(axis))


def logsumexp(x, axis, keepdims=False):
    """``jax.nn.logsumexp(x, axis)``; in a MindSpore program, for float32 over the last axis,
    MindSpore's composition ``log(sum(exp(x - max))) + max`` with its CPU Exp, last-axis
    ReduceSum and Log.

    Example:
        >>> round(float(logsumexp(jnp.zeros(2, jnp.float32), 0)), 4)
        0.6931
    """
    if not _on_last_axis(x, axis, units_after=False):
        return jax.nn.logsumexp(x, axis=axis, keepdims=keepdims)
    out = _logsumexp_last(x)
    return out if keepdims else out[..., 0]
