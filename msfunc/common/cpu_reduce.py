"""MindSpore's float32 CPU ReduceSum and ReduceMean: the orders and precisions of their sums."""

import jax.numpy as jnp
import numpy as np
from jax import lax

from .. import context
from . import cpu_matmul

_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)

# MindSpore 2.10's CPU ReduceSum over every axis of a float32 tensor, and its ReduceMean over
# every axis or over axes that leave the last one, equal the float64 sum rounded once to
# float32 (a mean: that sum divided by the count in float32), at every size tried (1 to 16,384
# values; compared bit for bit). XLA sums in float32 in its own order, so a loss (a mean over a
# batch) differed from MindSpore's in its last bits about half the time. Its ReduceSum over
# axes that leave the last one is the double sum as well, except over the leading axis alone:
# that one adds the rows one after another in float32 (every shape tried, ranks 2 to 4).
# Over the last axis of a matrix (sum and mean) it keeps eight float32 lanes (value i in lane
# i mod 8) over the whole blocks of eight, adds the lanes in order and then the remaining values
# one by one (rows of 1 to 20,000 values); over any other axis set with the last one, of a
# tensor of rank 3 or more, it takes the double sum again.


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
    return tuple(sorted(int(a) % ndim for a in axes)) if ndim else ()


def float32_kernel_numerics(*values):
    """Whether `values` take MindSpore's float32 CPU kernel numerics: all float32, in a
    MindSpore program (`context.mindspore_cpu_numerics`), on JAX's CPU backend with 64-bit
    types (the flag is read first: this sits on every sum's path).

    Example:
        >>> float32_kernel_numerics(jnp.ones(2, jnp.int32))
        False
    """
    return (
        context._MINDSPORE_CPU_NUMERICS[0]
        and all(getattr(v, "dtype", None) == _F32 for v in values)
        and cpu_matmul._on_cpu()
    )


def _applies(x, axis, mean):
    """The reduced axes where MindSpore's kernel takes the double sum, else None."""
    if not float32_kernel_numerics(x) or not jnp.ndim(x):
        return None
    ndim = jnp.ndim(x)
    axes = _axes(axis, ndim)
    if len(axes) == ndim:
        return axes
    if ndim - 1 not in axes:
        return axes if mean or axes != (0,) else None
    return axes if ndim >= 3 else None  # a matrix's last axis: `_matrix_rows`


def _matrix_rows(x, axis):
    """Whether MindSpore's kernel sums `x` over its last axis in eight lanes: a float32 matrix
    over that axis alone."""
    return float32_kernel_numerics(x) and jnp.ndim(x) == 2 and _axes(axis, 2) == (1,)


def lane_blocks(v, width):
    """`v` (..., n) split into its full blocks of `width`, block axis first, and the rest.

    Example:
        >>> blocks, rest = lane_blocks(jnp.arange(10.0), 4)
        >>> blocks.shape, rest.tolist()
        ((2, 4), [8.0, 9.0])
    """
    n = v.shape[-1]
    full = n // width
    blocks = v[..., : full * width].reshape(v.shape[:-1] + (full, width))
    return jnp.moveaxis(blocks, -2, 0), v[..., full * width :]


def accumulate(blocks, init):
    """init + blocks[0] + blocks[1] + ... in float32, one block after another.

    Example:
        >>> accumulate(jnp.ones((3, 2), jnp.float32), jnp.zeros(2, jnp.float32)).tolist()
        [3.0, 3.0]
    """
    if blocks.shape[0] == 0:
        return init
    return lax.scan(lambda acc, b: (acc + b, None), init, blocks)[0]


def in_order(acc, start=None):
    """The lanes of `acc` (..., w) added one after another (after `start`).

    Example:
        >>> float(in_order(jnp.array([1.0, 2.0, 3.0], jnp.float32), jnp.float32(4.0)))
        10.0
    """
    total = acc[..., 0] if start is None else start + acc[..., 0]
    for k in range(1, acc.shape[-1]):
        total = total + acc[..., k]
    return total


def eight_lane_sum(v, block_of_four):
    """The sum over the last axis of float32 `v` in nnacl's vectorised order: eight lanes
    over the whole blocks of eight, added in lane order; then (with `block_of_four`) a block
    of four summed in order if four values remain; then the rest one by one.

    Example:
        >>> float(eight_lane_sum(jnp.arange(11.0, dtype=jnp.float32), block_of_four=False))
        55.0
    """
    blocks, rest = lane_blocks(v, 8)
    total = in_order(accumulate(blocks, jnp.zeros(v.shape[:-1] + (8,), _F32)))
    if block_of_four and rest.shape[-1] >= 4:
        total = total + in_order(rest[..., :4])
        rest = rest[..., 4:]
    for k in range(rest.shape[-1]):
        total = total + rest[..., k]
    return total


def sequential_sum(v):
    """The values along the last axis of float32 `v` added one after another from 0.

    Example:
        >>> float(sequential_sum(jnp.array([1.0, 2.0, 3.5], jnp.float32)))
        6.5
    """
    step = lambda acc, value: (acc + value, None)
    return lax.scan(step, jnp.zeros(v.shape[:-1], v.dtype), jnp.moveaxis(v, -1, 0))[0]


def divide(total, count):
    """Float32 `total` divided by the integer `count`, correctly rounded in float32 (XLA
    would multiply a float32 by a constant divisor's rounded reciprocal).

    Example:
        >>> float(divide(jnp.float32(7.0), 3)) == float(np.float32(7.0) / np.float32(3))
        True
    """
    total = lax.reduce_precision(total.astype(_F64), exponent_bits=8, mantissa_bits=23)
    return (total / count).astype(_F32)


_matrix_rows_sum = cpu_matmul.compiled(lambda x: eight_lane_sum(x, block_of_four=False))


def _by_rows(x, axis):
    """Whether MindSpore's kernel sums `x` over `axis` row after row: float32 over the leading
    axis alone, of a tensor of rank 2 or more."""
    return (
        float32_kernel_numerics(x)
        and jnp.ndim(x) >= 2
        and jnp.shape(x)[0] > 0
        and _axes(axis, jnp.ndim(x)) == (0,)
    )


def _leading_rows(x):
    step = lambda acc, row: (acc + row, None)
    return lax.scan(step, x[0], x[1:], unroll=8)[0]


# compiled once per shape: eagerly, the scan's step would be traced and compiled on every call
_leading_rows_compiled = cpu_matmul.compiled(_leading_rows)


def reduce_sum(x, axis=None, keepdims=False):
    """``jnp.sum(x, axis)``; in a MindSpore program a float32 sum is MindSpore's CPU kernel's:
    over the leading axis alone row after row in float32, over a matrix's last axis in eight
    lanes (`eight_lane_sum`), over every other axis set in double, rounded once.

    Example:
        >>> import jax.numpy as jnp
        >>> float(reduce_sum(jnp.asarray([1.0, 2.0, 3.5], jnp.float32)))
        6.5
    """
    axes = _applies(x, axis, mean=False)
    if axes is not None:
        return jnp.sum(x.astype(_F64), axis=axes, keepdims=keepdims).astype(_F32)
    if _by_rows(x, axis):
        total = _leading_rows_compiled(x)
        return total[None] if keepdims else total
    if _matrix_rows(x, axis):
        total = _matrix_rows_sum(x)
        return total[:, None] if keepdims else total
    return jnp.sum(x, axis=axis, keepdims=keepdims)


def reduce_mean(x, axis=None, keepdims=False):
    """``jnp.mean(x, axis)``; in a MindSpore program a float32 mean is MindSpore's CPU
    kernel's: the sum as `reduce_sum` takes it (the double sum where that one would add rows
    in order), divided by the count in float32.

    Example:
        >>> import jax.numpy as jnp
        >>> float(reduce_mean(jnp.asarray([[1.0, 2.0], [3.0, 5.0]], jnp.float32)))
        2.75
    """
    axes = _applies(x, axis, mean=True)
    if axes is not None:
        count = int(np.prod([jnp.shape(x)[a] for a in axes], dtype=np.int64))
        return divide(jnp.sum(x.astype(_F64), axis=axes, keepdims=keepdims), count)
    if _matrix_rows(x, axis):
        total = divide(_matrix_rows_sum(x), jnp.shape(x)[1])
        return total[:, None] if keepdims else total
    return jnp.mean(x, axis=axis, keepdims=keepdims)
