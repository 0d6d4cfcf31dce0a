"""Scatter functional ops: scatter, scatter_nd, tensor_scatter_*, select/slice scatter, space/batch
moves, reverse_sequence and coalesce."""

import builtins

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.args import asarray, norm_axis
from .func_array import _concrete


# --- scatter ------------------------------------------------------------------
def _elem_index(index, axis):
    grids = list(jnp.meshgrid(*[jnp.arange(s) for s in index.shape], indexing="ij"))
    grids[axis] = index
    return tuple(grids)


def scatter(input, axis, index, src):
    """Copy of `input` with ``out[index[i][j]][j] = src[i][j]`` (for ``axis = 0``; and so on).

    Example:
        >>> scatter(jnp.zeros(3), 0, jnp.array([2]), jnp.array([5.0])).tolist()
        [0.0, 0.0, 5.0]
    """
    return tensor_scatter_elements(input, index, src, axis, "none")


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none"):
    """Element scatter along `axis` with `reduction` 'none' (set) or 'add'.

    Example:
        >>> tensor_scatter_elements(jnp.zeros(2), jnp.array([1, 1]), jnp.ones(2), 0, "add").tolist()
        [0.0, 2.0]
    """
    x, idx, upd = asarray(input_x), asarray(indices), asarray(updates)
    ax = norm_axis(axis, x.ndim)
    if jnp.ndim(upd) == 0:
        upd = jnp.broadcast_to(upd, idx.shape)
    upd = upd[tuple(builtins.slice(0, s) for s in idx.shape)].astype(x.dtype)
    where_ = _elem_index(idx, ax)
    if reduction == "none":
        return x.at[where_].set(upd)
    if reduction == "add":
        return x.at[where_].add(upd)
    raise ValueError(
        f"tensor_scatter_elements: `reduction` must be 'none' or 'add', got {reduction!r}"
    )


def _nd_index(indices):
    idx = asarray(indices)
    return tuple(jnp.moveaxis(idx, -1, 0))


def scatter_nd(indices, updates, shape):
    """A zero tensor of `shape` with `updates` added at the index tuples `indices`.

    Example:
        >>> scatter_nd(jnp.array([[1], [1]]), jnp.array([1.0, 2.0]), (3,)).tolist()
        [0.0, 3.0, 0.0]
    """
    upd = asarray(updates)
    out = jnp.zeros(tuple(int(s) for s in shape), upd.dtype)
    return out.at[_nd_index(indices)].add(upd)


def _one_at_a_time(x, idx, upd, method):
    """Multiplicative scatter applied one index tuple at a time (a scan).

    JAX differentiates a multiplicative scatter only when told its indices are unique;
    each single step is, so gradients exist and repeated indices still compound.
    """
    depth = idx.shape[-1]
    flat_idx = idx.reshape(-1, depth)
    flat_upd = jnp.broadcast_to(upd, idx.shape[:-1] + x.shape[depth:])
    flat_upd = flat_upd.reshape((flat_idx.shape[0],) + x.shape[depth:])

    def step(acc, item):
        i, u = item
        return getattr(acc.at[tuple(i)], method)(u, unique_indices=True), None

    return lax.scan(step, x, (flat_idx, flat_upd))[0]


def _tensor_scatter(method, name):
    def op(input_x, indices, updates):
        x = asarray(input_x)
        upd = asarray(updates).astype(x.dtype)
        if method in ("multiply", "divide"):
            return _one_at_a_time(x, asarray(indices), upd, method)
        return getattr(x.at[_nd_index(indices)], method)(upd)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = (
        f"Copy of `input_x` with `updates` applied ({method}) at the index tuples "
        f"`indices` (last axis indexes the leading axes).\n\nExample:\n    >>> "
        f"{name}(jnp.ones(3), jnp.array([[0]]), jnp.array([2.0])).shape\n    (3,)\n"
    )
    return op


tensor_scatter_add = _tensor_scatter("add", "tensor_scatter_add")


tensor_scatter_sub = _tensor_scatter("subtract", "tensor_scatter_sub")


tensor_scatter_mul = _tensor_scatter("multiply", "tensor_scatter_mul")


tensor_scatter_div = _tensor_scatter("divide", "tensor_scatter_div")


tensor_scatter_max = _tensor_scatter("max", "tensor_scatter_max")


tensor_scatter_min = _tensor_scatter("min", "tensor_scatter_min")


def _slice_operands(fname, input, src):
    """`input` and `src` of a slice scatter as arrays: both must be tensors (TypeError)."""
    arrays = []
    for name, value in (("input", input), ("src", src)):
        if not isinstance(value, (jax.Array, np.ndarray)):
            raise TypeError(f"{fname}: `{name}` must be a Tensor, got {type(value).__name__}")
        arrays.append(jnp.asarray(value))
    return arrays


def _set_slice(fname, x, sl, src):
    # `src` must have the slice's shape exactly (no broadcasting, as in MindSpore).
    target = jax.eval_shape(lambda a: a[sl], x).shape
    if src.shape != target:
        raise ValueError(
            f"{fname}: `src` must have the shape of the slice it replaces, "
            f"{target}, got {src.shape}"
        )
    return x.at[sl].set(src.astype(x.dtype))


def select_scatter(input, src, axis, index):
    """Copy of `input` with the slice at `index` along `axis` replaced by `src`.

    Example:
        >>> select_scatter(jnp.zeros((2, 2)), jnp.ones(2), 0, 1).tolist()
        [[0.0, 0.0], [1.0, 1.0]]
    """
    x, src = _slice_operands("select_scatter", input, src)
    ax = norm_axis(axis, x.ndim)
    return _set_slice("select_scatter", x, (builtins.slice(None),) * ax + (index,), src)


def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    """Copy of `input` with ``input[start:end:step]`` along `axis` replaced by `src`.

    Example:
        >>> slice_scatter(jnp.zeros(4), jnp.ones(2), 0, 0, 4, 2).tolist()
        [1.0, 0.0, 1.0, 0.0]
    """
    x, src = _slice_operands("slice_scatter", input, src)
    ax = norm_axis(axis, x.ndim)
    sl = (builtins.slice(None),) * ax + (builtins.slice(start, end, step),)
    return _set_slice("slice_scatter", x, sl, src)


def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """Reverse the first ``seq_lengths[b]`` entries along `seq_dim` of each batch entry `b`.

    Example:
        >>> reverse_sequence(jnp.array([[1, 2, 3]]), jnp.array([2]), 1).tolist()
        [[2, 1, 3]]
    """
    a, lens = asarray(x), asarray(seq_lengths)
    sd, bd = norm_axis(seq_dim, a.ndim, "seq_dim"), norm_axis(batch_dim, a.ndim, "batch_dim")
    n = a.shape[sd]
    pos = jnp.arange(n)
    shape = [1] * a.ndim
    shape[sd] = n
    lshape = [1] * a.ndim
    lshape[bd] = a.shape[bd]
    pos = pos.reshape(shape)
    ln = lens.reshape(lshape).astype(pos.dtype)
    src = jnp.where(pos < ln, ln - 1 - pos, pos)
    src = jnp.broadcast_to(src, a.shape)
    return jnp.take_along_axis(a, src, axis=sd)


def space_to_batch_nd(input_x, block_size, paddings):
    """Move blocks of the spatial axes (after N, C) into the batch axis, after zero padding.

    Example:
        >>> space_to_batch_nd(jnp.ones((1, 1, 2, 2)), (2, 2), ((0, 0), (0, 0))).shape
        (4, 1, 1, 1)
    """
    x = asarray(input_x)
    m = x.ndim - 2
    block = [int(block_size)] * m if isinstance(block_size, int) else [int(b) for b in block_size]
    pads = [(int(a), int(b)) for a, b in np.asarray(paddings).reshape(m, 2)]
    x = jnp.pad(x, [(0, 0), (0, 0)] + pads)
    n, c = x.shape[:2]
    sp = x.shape[2:]
    shape = [n, c]
    for s, b in zip(sp, block, strict=False):
        shape += [s // b, b]
    x = x.reshape(shape)
    block_axes = [3 + 2 * i for i in range(m)]
    out_axes = [2 + 2 * i for i in range(m)]
    x = jnp.transpose(x, block_axes + [0, 1] + out_axes)
    spatial = [s // b for s, b in zip(sp, block, strict=False)]
    return x.reshape([n * int(np.prod(block)), c] + spatial)


def batch_to_space_nd(input_x, block_shape, crops):
    """Inverse of `space_to_batch_nd`: move batch blocks back into space, then crop.

    Example:
        >>> batch_to_space_nd(jnp.ones((4, 1, 1, 1)), (2, 2), ((0, 0), (0, 0))).shape
        (1, 1, 2, 2)
    """
    x = asarray(input_x)
    m = x.ndim - 2
    block = (
        [int(block_shape)] * m if isinstance(block_shape, int) else [int(b) for b in block_shape]
    )
    crop = [(int(a), int(b)) for a, b in np.asarray(crops).reshape(m, 2)]
    nb, c = x.shape[:2]
    sp = x.shape[2:]
    n = nb // int(np.prod(block))
    x = x.reshape(block + [n, c] + list(sp))
    perm = [m, m + 1]
    for i in range(m):
        perm += [m + 2 + i, i]
    x = jnp.transpose(x, perm).reshape([n, c] + [s * b for s, b in zip(sp, block, strict=False)])
    sl = (builtins.slice(None),) * 2 + tuple(
        builtins.slice(a, x.shape[2 + i] - b) for i, (a, b) in enumerate(crop)
    )
    return x[sl]


def coalesce(x_indices, x_values, x_shape):
    """Sum the values of repeated COO indices; indices come back sorted (not under jit).

    Example:
        >>> idx, val, shp = coalesce(jnp.array([[1, 0, 1]]), jnp.array([1.0, 2.0, 3.0]), (2,))
        >>> idx.tolist(), val.tolist()
        ([[0, 1]], [2.0, 4.0])
    """
    idx = _concrete(x_indices, "coalesce")  # numpy: stays concrete under jit
    vals = asarray(x_values)
    uniq, inv = np.unique(idx.T, axis=0, return_inverse=True)
    out = jax.ops.segment_sum(vals, jnp.asarray(inv.reshape(-1)), num_segments=uniq.shape[0])
    return jnp.asarray(uniq.T), out, asarray(x_shape)  # keeps the indices' dtype


__all__ = [
    "scatter",
    "tensor_scatter_elements",
    "scatter_nd",
    "tensor_scatter_add",
    "tensor_scatter_sub",
    "tensor_scatter_mul",
    "tensor_scatter_div",
    "tensor_scatter_max",
    "tensor_scatter_min",
    "select_scatter",
    "slice_scatter",
    "reverse_sequence",
    "space_to_batch_nd",
    "batch_to_space_nd",
    "coalesce",
]
