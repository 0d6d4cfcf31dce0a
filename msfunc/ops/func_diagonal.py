"""Triangles, diagonals and band matrices, meshgrid, combinations and Vandermonde matrices."""

from __future__ import annotations

import builtins
import itertools
from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.args import asarray, dtype_arg, norm_axis
from ..common.tensor import unwrap
from . import diag_bands as bands

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

    from ..common.dtype import Type


# --- triangles and diagonals --------------------------------------------------
def _triangle(input, diagonal, upper, who):
    """`input` with the elements off its upper (lower) triangle from `diagonal` zeroed.

    `diagonal` may be a 0-d integer Tensor or a `mutable` int, even traced (the output
    shape does not depend on it): the mask then compares the positions with it."""
    x = asarray(input)
    k = unwrap(diagonal)
    if type(k) is int or isinstance(k, np.integer):
        return jnp.triu(x, int(k)) if upper else jnp.tril(x, int(k))
    if (
        isinstance(k, bool)
        or jnp.ndim(k) != 0
        or not jnp.issubdtype(jnp.result_type(k), jnp.integer)
    ):
        raise TypeError(f"{who}: `diagonal` must be an int, got {k!r}")
    rows = lax.broadcasted_iota(jnp.int32, x.shape[-2:], 0)
    cols = lax.broadcasted_iota(jnp.int32, x.shape[-2:], 1)
    offset = cols - rows
    keep = offset >= k if upper else offset <= k
    return jnp.where(keep, x, jnp.zeros((), x.dtype))


def tril(input: ArrayLike, diagonal: int = 0) -> Array:
    """The lower triangle of the matrices in the last two axes of `input`: the elements
    above diagonal `diagonal` set to zero.

    Args:
        input (Tensor): At least 2-D.
        diagonal (int): The diagonal to keep up to: 0 the main one, positive above it,
            negative below. Default: ``0``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        >>> print(ops.tril(x), ops.tril(x, -1).sum())
        [[1 0 0]
         [4 5 0]
         [7 8 9]] 19
    """
    return _triangle(input, diagonal, upper=False, who="tril")


def triu(input: ArrayLike, diagonal: int = 0) -> Array:
    """The upper triangle of the matrices in the last two axes of `input`: the elements
    below diagonal `diagonal` set to zero.

    Args:
        input (Tensor): At least 2-D.
        diagonal (int): The diagonal to keep from: 0 the main one, positive above it,
            negative below. Default: ``0``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.triu(ms.Tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), 1))
        [[0 2 3]
         [0 0 6]
         [0 0 0]]
    """
    return _triangle(input, diagonal, upper=True, who="triu")


def tril_indices(
    row: int, col: int, offset: int = 0, *, dtype: Type | DTypeLike = jnp.int64
) -> Array:
    """The coordinates of the lower triangle of a `row` by `col` matrix, row by row.

    Args:
        row (int): The number of rows.
        col (int): The number of columns.
        offset (int): The diagonal the triangle reaches up to. Default: ``0``.
        dtype (mindspore.dtype): int32 or int64. Default: ``mindspore.int64``.

    Returns:
        Tensor of shape ``(2, N)``: the row indices, then the column indices.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.tril_indices(3, 2))
        [[0 1 1 2 2]
         [0 0 1 0 1]]
    """
    return jnp.asarray(np.stack(np.tril_indices(row, offset, col)), dtype_arg(dtype))


def triu_indices(
    row: int, col: int, offset: int = 0, *, dtype: Type | DTypeLike = jnp.int64
) -> Array:
    """The coordinates of the upper triangle of a `row` by `col` matrix, row by row.

    Args:
        row (int): The number of rows.
        col (int): The number of columns.
        offset (int): The diagonal the triangle starts from. Default: ``0``.
        dtype (mindspore.dtype): int32 or int64. Default: ``mindspore.int64``.

    Returns:
        Tensor of shape ``(2, N)``: the row indices, then the column indices.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.triu_indices(2, 3))
        [[0 0 0 1 1]
         [0 1 2 1 2]]
    """
    return jnp.asarray(np.stack(np.triu_indices(row, offset, col)), dtype_arg(dtype))


def diag(input: ArrayLike) -> Array:
    """A tensor with `input` on its diagonal: element ``out[i..., i...] = input[i...]``.

    Args:
        input (Tensor): A tensor of any rank.

    Returns:
        Tensor of shape ``input.shape + input.shape``, zero off the diagonal.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.diag(ms.Tensor([1, 2, 3])))
        [[1 0 0]
         [0 2 0]
         [0 0 3]]
    """
    x = asarray(input)
    flat = x.reshape(-1)
    return jnp.diag(flat).reshape(x.shape + x.shape)


def diagflat(input: ArrayLike, offset: int = 0) -> Array:
    """A square matrix with the flattened `input` on diagonal `offset`.

    Args:
        input (Tensor): The diagonal's values, read as 1-D.
        offset (int): The diagonal: 0 the main one, positive above it. Default: ``0``.

    Returns:
        2-D Tensor of size ``input.size + |offset|``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.diagflat(ms.Tensor([1, 2]), 1))
        [[0 1 0]
         [0 0 2]
         [0 0 0]]
    """
    return jnp.diagflat(asarray(input), offset)


def diagonal(input: ArrayLike, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Array:
    """The diagonal `offset` of the planes spanned by axes `dim1` and `dim2`, as a last axis.

    Args:
        input (Tensor): At least 2-D.
        offset (int): The diagonal: 0 the main one, positive above it. Default: ``0``.
        dim1 (int): The row axis. Default: ``0``.
        dim2 (int): The column axis. Default: ``1``.

    Returns:
        Tensor with `dim1` and `dim2` removed and the diagonal appended.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.diagonal(x), ops.diagonal(x, 1))
        [1 5] [2 6]
    """
    if input is None or isinstance(input, (bool, int, float, complex, str)):
        raise TypeError(f"diagonal: `input` must be a Tensor, got {type(input).__name__}")
    return jnp.diagonal(asarray(input), offset, dim1, dim2)


def diag_embed(input: ArrayLike, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Array:
    """The last axis of `input` put on diagonal `offset` of new planes spanned by axes
    `dim1` and `dim2` of the result.

    Args:
        input (Tensor): The diagonals, in its last axis.
        offset (int): The diagonal: 0 the main one, positive above it. Default: ``0``.
        dim1 (int): The row axis of the result. Default: ``-2``.
        dim2 (int): The column axis of the result. Default: ``-1``.

    Returns:
        Tensor of rank ``input.ndim + 1``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.diag_embed(ms.Tensor([[1, 2], [3, 4]])))
        [[[1 0]
          [0 2]]
        <BLANKLINE>
         [[3 0]
          [0 4]]]
    """
    x = asarray(input)
    n = x.shape[-1] + builtins.abs(offset)
    out_nd = x.ndim + 1
    d1, d2 = norm_axis(dim1, out_nd, "dim1"), norm_axis(dim2, out_nd, "dim2")
    eye = jnp.eye(n, k=offset, dtype=bool)
    rows = jnp.arange(n) if offset >= 0 else jnp.arange(n) + offset
    pos = jnp.clip(rows, 0, x.shape[-1] - 1)
    full = jnp.where(eye, jnp.take(x, pos, axis=-1)[..., :, None], 0).astype(x.dtype)
    # full has the new planes as its last two axes (rows, cols); move them to d1, d2.
    rest = [a for a in range(out_nd) if a not in (d1, d2)]
    perm = [0] * out_nd
    for src, dst in zip(range(out_nd - 2), rest, strict=False):
        perm[dst] = src
    perm[d1], perm[d2] = out_nd - 2, out_nd - 1
    return jnp.transpose(full, perm)


def diagonal_scatter(
    input: ArrayLike, src: ArrayLike, offset: int = 0, dim1: int = 0, dim2: int = 1
) -> Array:
    """A copy of `input` with diagonal `offset` of the planes `dim1`, `dim2` replaced by `src`.

    Args:
        input (Tensor): At least 2-D.
        src (Tensor): The new diagonal, shaped as ``diagonal(input, offset, dim1, dim2)``.
        offset (int): The diagonal: 0 the main one, positive above it. Default: ``0``.
        dim1 (int): The row axis. Default: ``0``.
        dim2 (int): The column axis. Default: ``1``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.diagonal_scatter(ms.Tensor([[0.0, 0.0], [0.0, 0.0]]), ms.Tensor([1.0, 2.0])))
        [[1. 0.]
         [0. 2.]]
    """
    x, s = asarray(input), asarray(src)
    d1, d2 = norm_axis(dim1, x.ndim, "dim1"), norm_axis(dim2, x.ndim, "dim2")
    xm = jnp.moveaxis(x, (d1, d2), (-2, -1))
    r, c = xm.shape[-2:]
    i = jnp.arange(r)[:, None]
    j = jnp.arange(c)[None, :]
    on = (j - i) == offset
    k = jnp.broadcast_to(
        jnp.clip(i if offset >= 0 else j, 0, builtins.max(s.shape[-1] - 1, 0)), (r, c)
    )
    vals = jnp.take(s, k.reshape(-1), axis=-1).reshape(s.shape[:-1] + (r, c)) if s.size else s
    out = jnp.where(on, vals.astype(x.dtype), xm)
    return jnp.moveaxis(out, (-2, -1), (d1, d2))


def matrix_band_part(x: ArrayLike, lower: int | Array, upper: int | Array) -> Array:
    """The band of the matrices in the last two axes of `x`: `lower` diagonals below the main
    one and `upper` above kept, the rest zeroed.

    Args:
        x (Tensor): At least 2-D.
        lower (Union[int, Tensor]): Sub-diagonals to keep; negative keeps them all.
        upper (Union[int, Tensor]): Super-diagonals to keep; negative keeps them all.

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        >>> print(ops.matrix_band_part(x, 1, 0))
        [[1 0 0]
         [4 5 0]
         [0 8 9]]
    """
    a = asarray(x)
    r, c = a.shape[-2:]
    i = jnp.arange(r)[:, None]
    j = jnp.arange(c)[None, :]
    lo, up = lower, upper
    keep = ((lo < 0) | (i - j <= lo)) & ((up < 0) | (j - i <= up))
    return jnp.where(keep, a, jnp.zeros_like(a))


def matrix_diag(
    x: ArrayLike,
    k: int | ArrayLike = 0,
    num_rows: int | Array = -1,
    num_cols: int | Array = -1,
    padding_value: float | ArrayLike = 0,
    align: str = "RIGHT_LEFT",
) -> Array:
    """Matrices with the diagonals `k` taken from `x` and `padding_value` elsewhere.

    Args:
        x (Tensor): The diagonals: the last axis holds one; for a range ``k = (low, high)``
            the axis before it holds ``high - low + 1`` of them, the highest first.
        k (Union[int, tuple[int], Tensor]): The diagonal, or a range ``(low, high)`` of them:
            0 the main one, positive above it. Default: ``0``.
        num_rows (Union[int, Tensor]): Rows of the result; -1 for the least that fits.
            Default: ``-1``.
        num_cols (Union[int, Tensor]): Columns of the result; -1 for the least that fits.
            Default: ``-1``.
        padding_value (Union[int, float, Tensor]): The value off the diagonals. Default: ``0``.
        align (str): Which end of its row a shorter diagonal of a range takes:
            ``'RIGHT_LEFT'`` (those on and above the main one to the right, those below to the
            left), ``'LEFT_RIGHT'``, ``'LEFT_LEFT'`` or ``'RIGHT_RIGHT'``.
            Default: ``'RIGHT_LEFT'``.

    Returns:
        Tensor of shape ``batch + (num_rows, num_cols)``.

    Raises:
        ValueError: If `k` is not one int or an ordered pair, or `align` is unknown.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.matrix_diag(ms.Tensor([1.0, 2.0]), padding_value=9.0))
        [[1. 9.]
         [9. 2.]]
        >>> print(ops.matrix_diag(ms.Tensor([[0, 8], [1, 2]]), k=(0, 1)))
        [[1 8]
         [0 2]]
    """
    v = asarray(x)
    low, high = bands.k_range(k, "matrix_diag")
    align = bands.check_align(align, "matrix_diag")
    block = v if low != high else v[..., None, :]
    if block.ndim < 2 or block.shape[-2] != high - low + 1:
        raise ValueError(
            f"matrix_diag: `x` must hold {high - low + 1} diagonals in its second last axis, "
            f"got shape {v.shape}"
        )
    max_len = block.shape[-1]
    min_rows, min_cols = max_len - builtins.min(high, 0), max_len + builtins.max(low, 0)
    rows, cols = int(num_rows), int(num_cols)
    if rows == -1 and cols == -1:
        rows = cols = builtins.max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if rows < min_rows or cols < min_cols or (rows != min_rows and cols != min_cols):
        raise ValueError(
            f"matrix_diag: num_rows {rows} and num_cols {cols} do not fit diagonals of length "
            f"{max_len} for k={[low, high]}"
        )
    on, block_row, pos = bands.block_to_matrix(rows, cols, low, high, max_len, align)
    vals = block[..., block_row, pos]
    return jnp.where(on, vals, jnp.asarray(padding_value).astype(v.dtype))


def matrix_diag_part(
    x: ArrayLike, k: int | ArrayLike, padding_value: float | ArrayLike, align: str = "RIGHT_LEFT"
) -> Array:
    """Diagonal `k` (or the range of diagonals ``k = (low, high)``) of the matrices in the last
    two axes of `x`.

    Args:
        x (Tensor): At least 2-D.
        k (Union[int, tuple[int], Tensor]): The diagonal, or a range ``(low, high)`` of them:
            0 the main one, positive above it.
        padding_value (Union[int, float, Tensor]): The fill of the diagonals of a range that
            are shorter than the longest.
        align (str): Which end of its row a shorter diagonal of a range takes (see
            `matrix_diag`). Default: ``'RIGHT_LEFT'``.

    Returns:
        Tensor of shape ``x.shape[:-2] + (length,)`` for one diagonal, or
        ``x.shape[:-2] + (high - low + 1, length)`` for a range (the highest first).

    Raises:
        ValueError: If `k` is not one int or an ordered pair, or `align` is unknown.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.matrix_diag_part(x, ms.Tensor(1, ms.int32), ms.Tensor(0)))
        [2 6]
        >>> print(ops.matrix_diag_part(x, ms.Tensor([-1, 0], ms.int32), ms.Tensor(9)))
        [[1 5]
         [4 9]]
    """
    a = asarray(x)
    low, high = bands.k_range(k, "matrix_diag_part")
    align = bands.check_align(align, "matrix_diag_part")
    rows, cols = a.shape[-2:]
    if not (-rows < low <= high < cols) and not (rows == 0 or cols == 0):
        raise ValueError(
            f"matrix_diag_part: `k` {[low, high]} must lie within ({-rows}, {cols}) for "
            f"matrices of shape {(rows, cols)}"
        )
    valid, r, c = bands.matrix_to_block(rows, cols, low, high, align)
    out = jnp.where(valid, a[..., r, c], jnp.asarray(padding_value).astype(a.dtype))
    return out[..., 0, :] if low == high else out


def matrix_set_diag(
    x: ArrayLike, diagonal: ArrayLike, k: int | ArrayLike = 0, align: str = "RIGHT_LEFT"
) -> Array:
    """A copy of `x` with diagonal `k` (or the range ``k = (low, high)``) of its last two axes
    set from `diagonal`.

    Args:
        x (Tensor): At least 2-D.
        diagonal (Tensor): The new diagonal, shape ``x.shape[:-2] + (length,)``; for a range
            ``x.shape[:-2] + (high - low + 1, length)``, the highest first.
        k (Union[int, tuple[int], Tensor]): The diagonal, or a range ``(low, high)`` of them:
            0 the main one, positive above it. Default: ``0``.
        align (str): Which end of its row a shorter diagonal of a range takes (see
            `matrix_diag`). Default: ``'RIGHT_LEFT'``.

    Returns:
        Tensor of `x`'s shape and dtype.

    Raises:
        ValueError: If `k` is not one int or an ordered pair, or `align` is unknown.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.matrix_set_diag(x, ms.Tensor([0.0, 0.0])))
        [[0. 2.]
         [3. 0.]]
    """
    a, s = asarray(x), asarray(diagonal)
    low, high = bands.k_range(k, "matrix_set_diag")
    align = bands.check_align(align, "matrix_set_diag")
    if low == high:
        return diagonal_scatter(a, s, low, -2, -1)
    rows, cols = a.shape[-2:]
    on, block_row, pos = bands.block_to_matrix(rows, cols, low, high, s.shape[-1], align)
    return jnp.where(on, s[..., block_row, pos].astype(a.dtype), a)


def meshgrid(*inputs: ArrayLike | Sequence[ArrayLike], indexing: str = "xy") -> tuple[Array, ...]:
    """Coordinate grids from 1-D tensors: grid ``i`` repeats `inputs[i]` along its own axis.

    Args:
        inputs (Union[Tensor, list[Tensor], tuple[Tensor]]): 1-D tensors (or one list of them).
        indexing (str): ``'xy'`` (Cartesian: the first two axes swapped) or ``'ij'`` (matrix).
            Default: ``'xy'``.

    Returns:
        Tuple of Tensors, one per input.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> gx, gy = ops.meshgrid(ms.Tensor([1, 2, 3]), ms.Tensor([4, 5]))
        >>> print(gx, gy)
        [[1 2 3]
         [1 2 3]] [[4 4 4]
         [5 5 5]]
    """
    first = inputs[0] if len(inputs) == 1 else None
    arrays = first if isinstance(first, (list, tuple)) else inputs
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: `indexing` must be 'xy' or 'ij', got {indexing!r}")
    return tuple(jnp.meshgrid(*[asarray(i) for i in arrays], indexing=indexing))


def cartesian_prod(*inputs: ArrayLike) -> Array:
    """The Cartesian product of 1-D tensors, one combination per row.

    Args:
        inputs (Tensor): 1-D tensors.

    Returns:
        Tensor of shape ``(N, len(inputs))``, the last input varying fastest.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.cartesian_prod(ms.Tensor([1, 2]), ms.Tensor([3, 4])))
        [[1 3]
         [1 4]
         [2 3]
         [2 4]]
    """
    grids = jnp.meshgrid(*[asarray(i) for i in inputs], indexing="ij")
    return jnp.stack([g.reshape(-1) for g in grids], axis=1)


def combinations(input: ArrayLike, r: int = 2, with_replacement: bool = False) -> Array:
    """The length-`r` combinations of the elements of a 1-D tensor, in order, one per row.

    Args:
        input (Tensor): A 1-D tensor.
        r (int): The combination length. Default: ``2``.
        with_replacement (bool): Allow an element more than once. Default: ``False``.

    Returns:
        Tensor of shape ``(N, r)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.combinations(ms.Tensor([1, 2, 3])))
        [[1 2]
         [1 3]
         [2 3]]
    """
    x = asarray(input)
    gen = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    idx = np.array(list(gen(range(x.shape[0]), r)), dtype=np.int32).reshape(-1, r)
    return x[idx]


def vander(x: ArrayLike, N: int | None = None) -> Array:
    """The Vandermonde matrix of the 1-D `x`: columns of decreasing powers,
    ``x ** (N - 1), ..., x, 1``.

    Args:
        x (Tensor): A 1-D tensor.
        N (int, optional): The number of columns; ``None`` means ``len(x)``. Default: ``None``.

    Returns:
        Tensor of shape ``(len(x), N)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.vander(ms.Tensor([2, 3]), 3))
        [[4 2 1]
         [9 3 1]]
    """
    return jnp.vander(asarray(x), N)


__all__ = [
    "tril",
    "triu",
    "tril_indices",
    "triu_indices",
    "diag",
    "diagflat",
    "diagonal",
    "diag_embed",
    "diagonal_scatter",
    "matrix_band_part",
    "matrix_diag",
    "matrix_diag_part",
    "matrix_set_diag",
    "meshgrid",
    "cartesian_prod",
    "combinations",
    "vander",
]
