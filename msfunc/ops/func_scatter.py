"""Scatter functional ops: scatter, scatter_nd, tensor_scatter_*, select/slice scatter, space/batch
moves, reverse_sequence and coalesce."""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.args import asarray, norm_axis
from .func_array import _concrete

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike


# --- scatter ------------------------------------------------------------------
def _elem_index(index, axis):
    grids = list(jnp.meshgrid(*[jnp.arange(s) for s in index.shape], indexing="ij"))
    grids[axis] = index
    return tuple(grids)


def scatter(input: ArrayLike, axis: int, index: ArrayLike, src: ArrayLike) -> Array:
    """A copy of `input` with the elements of `src` written along `axis` at `index`: for
    ``axis=1``, ``out[i][index[i][j]] = src[i][j]``.

    Args:
        input (Tensor): The tensor to update.
        axis (int): The axis `index` indexes.
        index (Tensor): int32 or int64 indices, of `input`'s rank.
        src (Tensor): The values, at least `index`'s shape (its leading part is used).

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[0.0, 0.0, 0.0]])
        >>> print(ops.scatter(x, 1, ms.Tensor([[2, 0]], ms.int64), ms.Tensor([[5.0, 6.0]])))
        [[6. 0. 5.]]
    """
    return tensor_scatter_elements(input, index, src, axis, "none")


def tensor_scatter_elements(
    input_x: ArrayLike,
    indices: ArrayLike,
    updates: ArrayLike,
    axis: int = 0,
    reduction: str = "none",
) -> Array:
    """A copy of `input_x` with the elements of `updates` written (or added) along `axis` at
    `indices`: for ``axis=0``, ``out[indices[i][j]][j] = updates[i][j]``.

    Args:
        input_x (Tensor): The tensor to update.
        indices (Tensor): int32 or int64 indices, of `input_x`'s rank.
        updates (Tensor): The values, of `indices`' shape.
        axis (int): The axis `indices` indexes. Default: ``0``.
        reduction (str): ``'none'`` writes, ``'add'`` adds (repeated indices accumulate).
            Default: ``'none'``.

    Returns:
        Tensor of `input_x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> indices, updates = ms.Tensor([[1, 1]], ms.int32), ms.Tensor([[5.0, 6.0]])
        >>> print(ops.tensor_scatter_elements(x, indices, updates, 0, "add"))
        [[ 1.  2.]
         [ 8. 10.]]
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


def scatter_nd(indices: ArrayLike, updates: ArrayLike, shape: Sequence[int]) -> Array:
    """A zero tensor of `shape` with `updates` added at the index tuples `indices` (repeated
    indices accumulate).

    Args:
        indices (Tensor): int32 or int64 index tuples, shape ``(..., k)``.
        updates (Tensor): Shape ``indices.shape[:-1] + shape[k:]``.
        shape (tuple[int]): The shape of the result.

    Returns:
        Tensor of shape `shape` and `updates`' dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> indices = ms.Tensor([[1], [1], [3]], ms.int32)
        >>> print(ops.scatter_nd(indices, ms.Tensor([5.0, -2.0, 8.0]), (5,)))
        [0. 3. 0. 8. 0.]
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


def _tensor_scatter(method, name, summary, result):
    def op(input_x: ArrayLike, indices: ArrayLike, updates: ArrayLike) -> Array:
        x = asarray(input_x)
        upd = asarray(updates).astype(x.dtype)
        if method in ("multiply", "divide"):
            return _one_at_a_time(x, asarray(indices), upd, method)
        return getattr(x.at[_nd_index(indices)], method)(upd)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = _TENSOR_SCATTER_DOC.format(name=name, summary=summary, result=result)
    return op


_TENSOR_SCATTER_DOC = """{summary}

    The last axis of `indices`, of length ``k``, indexes the first ``k`` axes of `input_x`;
    repeated indices apply every update in turn. `input_x` itself is not changed.

    Args:
        input_x (Tensor): The tensor to update.
        indices (Tensor): int32 or int64 index tuples, shape ``(..., k)``.
        updates (Tensor): Shape ``indices.shape[:-1] + input_x.shape[k:]``, cast to
            `input_x`'s dtype.

    Returns:
        Tensor of `input_x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0, 4.0])
        >>> indices = ms.Tensor([[1], [1], [3]], ms.int32)
        >>> print(ops.{name}(x, indices, ms.Tensor([5.0, -2.0, 8.0])))
        {result}
    """

tensor_scatter_add = _tensor_scatter(
    "add",
    "tensor_scatter_add",
    "A copy of `input_x` with `updates` added at index tuples `indices`.",
    "[ 1.  5.  3. 12.]",
)
tensor_scatter_sub = _tensor_scatter(
    "subtract",
    "tensor_scatter_sub",
    "A copy of `input_x` with `updates` subtracted at index tuples `indices`.",
    "[ 1. -1.  3. -4.]",
)
tensor_scatter_mul = _tensor_scatter(
    "multiply",
    "tensor_scatter_mul",
    "A copy of `input_x` multiplied by `updates` at index tuples `indices`.",
    "[  1. -20.   3.  32.]",
)
tensor_scatter_div = _tensor_scatter(
    "divide",
    "tensor_scatter_div",
    "A copy of `input_x` divided by `updates` at index tuples `indices`.",
    "[ 1.  -0.2  3.   0.5]",
)
tensor_scatter_max = _tensor_scatter(
    "max",
    "tensor_scatter_max",
    "A copy of `input_x` raised to at least `updates` at index tuples `indices`.",
    "[1. 5. 3. 8.]",
)
tensor_scatter_min = _tensor_scatter(
    "min",
    "tensor_scatter_min",
    "A copy of `input_x` lowered to at most `updates` at index tuples `indices`.",
    "[ 1. -2.  3.  4.]",
)


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


def select_scatter(input: ArrayLike, src: ArrayLike, axis: int, index: int) -> Array:
    """A copy of `input` with the slice at `index` along `axis` replaced by `src`.

    Args:
        input (Tensor): The tensor to update.
        src (Tensor): The new slice: `input`'s shape without `axis`.
        axis (int): The axis to index.
        index (int): The position of the slice along `axis`.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[0.0, 0.0], [0.0, 0.0]])
        >>> print(ops.select_scatter(x, ms.Tensor([1.0, 2.0]), 0, 1))
        [[0. 0.]
         [1. 2.]]
    """
    x, src = _slice_operands("select_scatter", input, src)
    ax = norm_axis(axis, x.ndim)
    return _set_slice("select_scatter", x, (builtins.slice(None),) * ax + (index,), src)


def slice_scatter(
    input: ArrayLike,
    src: ArrayLike,
    axis: int = 0,
    start: int | None = None,
    end: int | None = None,
    step: int = 1,
) -> Array:
    """A copy of `input` with its slice ``start:end:step`` along `axis` replaced by `src`.

    Args:
        input (Tensor): The tensor to update.
        src (Tensor): The new slice, of exactly the slice's shape.
        axis (int): The axis to slice. Default: ``0``.
        start (int, optional): The slice's start. Default: ``None``.
        end (int, optional): The slice's end (excluded). Default: ``None``.
        step (int): The slice's step. Default: ``1``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0.0, 0.0, 0.0, 0.0, 0.0])
        >>> print(ops.slice_scatter(x, ms.Tensor([1.0, 2.0]), 0, 1, 5, 2))
        [0. 1. 0. 2. 0.]
    """
    x, src = _slice_operands("slice_scatter", input, src)
    ax = norm_axis(axis, x.ndim)
    sl = (builtins.slice(None),) * ax + (builtins.slice(start, end, step),)
    return _set_slice("slice_scatter", x, sl, src)


def reverse_sequence(
    x: ArrayLike, seq_lengths: ArrayLike, seq_dim: int, batch_dim: int = 0
) -> Array:
    """`x` with, for each batch entry ``b``, its first ``seq_lengths[b]`` elements along
    `seq_dim` reversed.

    Args:
        x (Tensor): The sequences.
        seq_lengths (Tensor): One length per batch entry, int32 or int64.
        seq_dim (int): The sequence axis.
        batch_dim (int): The batch axis. Default: ``0``.

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.reverse_sequence(x, ms.Tensor([2, 3]), 1))
        [[2 1 3]
         [6 5 4]]
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


def space_to_batch_nd(
    input_x: ArrayLike, block_size: int | Sequence[int], paddings: Sequence[Sequence[int]]
) -> Array:
    """Blocks of the spatial axes (those after N and C) moved into the batch axis, after zero
    padding.

    Args:
        input_x (Tensor): Shape ``(N, C, S1, ..., Sm)``.
        block_size (Union[int, tuple[int]]): The block size per spatial axis.
        paddings (Union[tuple[tuple[int]], list[list[int]]]): ``(before, after)`` zeros per
            spatial axis; each padded size must be a multiple of its block.

    Returns:
        Tensor of shape ``(N * prod(block), C, S1 / b1, ..., Sm / bm)`` (padded sizes).

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(4.0, dtype=np.float32).reshape(1, 1, 2, 2))
        >>> y = ops.space_to_batch_nd(x, (2, 2), ((0, 0), (0, 0)))
        >>> print(y.shape, y.reshape(-1))
        (4, 1, 1, 1) [0. 1. 2. 3.]
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


def batch_to_space_nd(
    input_x: ArrayLike, block_shape: int | Sequence[int], crops: Sequence[Sequence[int]]
) -> Array:
    """The inverse of `space_to_batch_nd`: blocks of the batch axis moved back into the
    spatial axes, which are then cropped.

    Args:
        input_x (Tensor): Shape ``(N * prod(block), C, S1, ..., Sm)``.
        block_shape (Union[int, tuple[int]]): The block size per spatial axis.
        crops (Union[tuple[tuple[int]], list[list[int]]]): ``(before, after)`` elements to
            cut per spatial axis.

    Returns:
        Tensor of shape ``(N, C, S1 * b1 - crops, ...)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]]])
        >>> print(ops.batch_to_space_nd(x, (2, 2), ((0, 0), (0, 0))))
        [[[[0. 1.]
           [2. 3.]]]]
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


def coalesce(
    x_indices: ArrayLike, x_values: ArrayLike, x_shape: ArrayLike
) -> tuple[Array, Array, Array]:
    """A sparse COO tensor with its repeated indices merged (their values summed) and its
    indices sorted.

    The result's size depends on the indices' values, so they must be concrete (not traced
    under jit).

    Args:
        x_indices (Tensor): int64 indices, shape ``(ndim, nnz)``.
        x_values (Tensor): One value per index, shape ``(nnz,)``.
        x_shape (Tensor): The dense shape, shape ``(ndim,)``.

    Returns:
        Tuple ``(indices, values, shape)`` of the merged tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> indices = ms.Tensor([[1, 0, 1]], ms.int64)
        >>> values, shape = ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([2], ms.int64)
        >>> idx, val, shape = ops.coalesce(indices, values, shape)
        >>> print(idx, val, shape)
        [[0 1]] [2. 4.] [2]
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
