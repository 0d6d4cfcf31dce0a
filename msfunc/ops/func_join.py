"""Join and split functional ops: concat, stack and their h/v/d/column forms, split, chunk,
tensor_split, unstack, the atleast_nd family and block_diag."""

from __future__ import annotations

import builtins
import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import jax
import jax.numpy as jnp

from ..common.arg_docs import document_args
from ..common.args import asarray, norm_axis

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "concat",
    "cat",
    "stack",
    "unstack",
    "unbind",
    "split",
    "chunk",
    "tensor_split",
    "hsplit",
    "vsplit",
    "dsplit",
    "hstack",
    "vstack",
    "row_stack",
    "dstack",
    "column_stack",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "block_diag",
]


# Args entries that sibling joins and splits word alike (see `document_args`).
_TENSORS = "tensors (Union[tuple[Tensor], list[Tensor]]): The tensors."
_PIECES = (
    "indices_or_sections (Union[int, tuple[int], list[int]]): The number of pieces or\n"
    "    the indices to cut before."
)
_AT_LEAST_INPUTS = "inputs (Union[Tensor, list[Tensor], tuple[Tensor]]): The tensor or tensors."


def _arrs(tensors, name="tensors"):
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(
            f"`{name}` must be a list or tuple of tensors, got {type(tensors).__name__}"
        )
    return [asarray(t) for t in tensors]


def concat(tensors: Sequence[ArrayLike], axis: int = 0) -> Array:
    """Joins tensors along an existing axis.

    Args:
        tensors (Union[tuple[Tensor], list[Tensor]]): The tensors, of equal shapes except
            along `axis`.
        axis (int): The axis to join along. Default: ``0``.

    Returns:
        Tensor, whose `axis` is the sum of the inputs' lengths there.

    Raises:
        TypeError: If `tensors` is not a list or tuple.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ms.Tensor([[1, 2]]), ms.Tensor([[3, 4]])
        >>> print(ops.concat([a, b]))
        [[1 2]
         [3 4]]
        >>> print(ops.concat((a, b), axis=1))
        [[1 2 3 4]]
    """
    return jnp.concatenate(_arrs(tensors), axis=axis)


def cat(tensors: Sequence[ArrayLike], axis: int = 0) -> Array:
    """Joins tensors along an existing axis; an alias of ``ops.concat``.

    Args:
        tensors (Union[tuple[Tensor], list[Tensor]]): The tensors.
        axis (int): The axis to join along. Default: ``0``.

    Returns:
        Tensor, the tensors joined.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.cat([ms.Tensor([1.0, 2.0]), ms.Tensor([3.0])]))
        [1. 2. 3.]
    """
    return concat(tensors, axis)


def stack(tensors: Sequence[ArrayLike], axis: int = 0) -> Array:
    """Joins tensors of one shape along a new axis.

    Args:
        tensors (Union[tuple[Tensor], list[Tensor]]): The tensors, all of one shape.
        axis (int): The position of the new axis in the result. Default: ``0``.

    Returns:
        Tensor, one dimension more than the inputs.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ms.Tensor([1, 2]), ms.Tensor([3, 4])
        >>> print(ops.stack([a, b]))
        [[1 2]
         [3 4]]
        >>> print(ops.stack([a, b], 1))
        [[1 3]
         [2 4]]
    """
    return jnp.stack(_arrs(tensors), axis=axis)


def unstack(input_x: ArrayLike, axis: int = 0) -> tuple[Array, ...]:
    """Splits a tensor along `axis` into the slices at each of its indices.

    Args:
        input_x (Tensor): The input, at least 1-D.
        axis (int): The axis to split along. Default: ``0``.

    Returns:
        tuple of Tensors, as many as `axis` is long, each without that axis.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(*ops.unstack(x))
        [1 2 3] [4 5 6]
        >>> print(*ops.unstack(x, axis=1))
        [1 4] [2 5] [3 6]
    """
    x = asarray(input_x)
    ax = cast(int, norm_axis(axis, x.ndim))  # an int axis normalises to an int
    return tuple(jnp.moveaxis(x, ax, 0))


def unbind(input: ArrayLike, dim: int = 0) -> tuple[Array, ...]:
    """Splits a tensor along `dim` into its slices; ``ops.unstack`` with `dim`.

    Args:
        input (Tensor): The input, at least 1-D.
        dim (int): The axis to split along. Default: ``0``.

    Returns:
        tuple of Tensors, each without `dim`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(*ops.unbind(ms.Tensor([[1, 2], [3, 4]]), 1))
        [1 3] [2 4]
    """
    return unstack(input, dim)


def split(
    tensor: ArrayLike, split_size_or_sections: int | Sequence[int], axis: int = 0
) -> tuple[Array, ...]:
    """Splits a tensor along `axis` into pieces of a given size or of listed sizes.

    Args:
        tensor (Tensor): The input.
        split_size_or_sections (Union[int, tuple[int], list[int]]): An int: the size of
            each piece (the last may be smaller); a sequence: the sizes, which must add up
            to the axis length.
        axis (int): The axis to split along. Default: ``0``.

    Returns:
        tuple of Tensors.

    Raises:
        TypeError: If a size in a sequence is negative.
        ValueError: If the size is not positive or the sizes do not add up.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0, 1, 2, 3, 4])
        >>> print(*ops.split(x, 2))
        [0 1] [2 3] [4]
        >>> print(*ops.split(x, [1, 4]))
        [0] [1 2 3 4]
    """
    x = asarray(tensor)
    n = x.shape[axis]
    if isinstance(split_size_or_sections, int):
        if split_size_or_sections <= 0:
            raise ValueError("split: `split_size_or_sections` must be a positive int")
        cuts = list(range(split_size_or_sections, n, split_size_or_sections))
    else:
        sizes = [int(s) for s in split_size_or_sections]
        if builtins.min(sizes, default=0) < 0:  # (MindSpore's type for this is TypeError)
            raise TypeError(f"split: the sizes must be non-negative, got {sizes}")
        if builtins.sum(sizes) != n:
            raise ValueError(f"split: sizes {sizes} must add up to the axis length {n}")
        cuts = list(itertools.accumulate(sizes))[:-1]
    return tuple(jnp.split(x, cuts, axis=axis))


def chunk(input: ArrayLike, chunks: int, axis: int = 0) -> tuple[Array, ...]:
    """Splits a tensor along `axis` into at most `chunks` pieces of ``ceil(n / chunks)``
    (the last may be smaller, and there are fewer pieces when n is small).

    Args:
        input (Tensor): The input.
        chunks (int): The number of pieces wanted, positive.
        axis (int): The axis to split along. Default: ``0``.

    Returns:
        tuple of Tensors.

    Raises:
        ValueError: If `chunks` is not a positive int.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0, 1, 2, 3, 4])
        >>> print(*ops.chunk(x, 3))
        [0 1] [2 3] [4]
        >>> print(len(ops.chunk(ms.Tensor([0, 1, 2, 3]), 3)))  # pieces of 2
        2
    """
    x = asarray(input)
    if not isinstance(chunks, int) or chunks <= 0:
        raise ValueError(f"chunk: `chunks` must be a positive int, got {chunks!r}")
    n = x.shape[axis]
    size = -(-n // chunks) if n else 1
    return split(x, builtins.max(size, 1), axis) if n else (x,)


def tensor_split(
    input: ArrayLike, indices_or_sections: int | Sequence[int], axis: int = 0
) -> tuple[Array, ...]:
    """Splits a tensor along `axis` into a number of near-equal pieces or at given indices.

    Args:
        input (Tensor): The input.
        indices_or_sections (Union[int, tuple[int], list[int]]): An int n: n pieces, the
            first ``len % n`` of them one longer; a sequence: the indices to cut before.
        axis (int): The axis to split along. Default: ``0``.

    Returns:
        tuple of Tensors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0, 1, 2, 3, 4])
        >>> print(*ops.tensor_split(x, 3))
        [0 1] [2 3] [4]
        >>> print(*ops.tensor_split(x, [1, 3]))
        [0] [1 2] [3 4]
    """
    x = asarray(input)
    ios = indices_or_sections
    if isinstance(ios, int):
        return tuple(jnp.array_split(x, ios, axis=axis))
    # Each piece is ``x[a:b]`` between neighbouring cut points with Python's slice rules
    # (negative points count from the end, points past it clamp, a later point before an
    # earlier one gives an empty piece), as MindSpore cuts; jnp.array_split refuses those.
    bounds = [0, *(int(i) for i in ios), x.shape[axis]]
    lead = (slice(None),) * (axis % x.ndim)
    return tuple(x[(*lead, slice(a, b))] for a, b in zip(bounds, bounds[1:]))


@document_args("input (Tensor): The input.", _PIECES)
def hsplit(input: ArrayLike, indices_or_sections: int | Sequence[int]) -> tuple[Array, ...]:
    """Splits a tensor column-wise: ``ops.tensor_split`` along axis 1 (axis 0 for 1-D).

    Args:
        {args}

    Returns:
        tuple of Tensors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(*ops.hsplit(ms.Tensor([[1, 2, 3, 4]]), 2))
        [[1 2]] [[3 4]]
    """
    x = asarray(input)
    return tensor_split(x, indices_or_sections, 0 if x.ndim == 1 else 1)


@document_args("input (Tensor): The input, at least 2-D.", _PIECES)
def vsplit(input: ArrayLike, indices_or_sections: int | Sequence[int]) -> tuple[Array, ...]:
    """Splits a tensor row-wise: ``ops.tensor_split`` along axis 0.

    Args:
        {args}

    Returns:
        tuple of Tensors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(*ops.vsplit(ms.Tensor([[1, 2], [3, 4], [5, 6]]), [1]))
        [[1 2]] [[3 4]
         [5 6]]
    """
    return tensor_split(input, indices_or_sections, 0)


@document_args("input (Tensor): The input, at least 3-D.", _PIECES)
def dsplit(input: ArrayLike, indices_or_sections: int | Sequence[int]) -> tuple[Array, ...]:
    """Splits a tensor depth-wise: ``ops.tensor_split`` along axis 2.

    Args:
        {args}

    Returns:
        tuple of Tensors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(*ops.dsplit(ms.Tensor([[[1, 2, 3, 4]]]), 2))
        [[[1 2]]] [[[3 4]]]
    """
    return tensor_split(input, indices_or_sections, 2)


@document_args(_TENSORS)
def hstack(tensors: Sequence[ArrayLike]) -> Array:
    """Joins tensors column-wise: along axis 1, or axis 0 for 1-D tensors.

    Args:
        {args}

    Returns:
        Tensor, the tensors joined.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.hstack([ms.Tensor([1, 2]), ms.Tensor([3])]))
        [1 2 3]
        >>> print(ops.hstack([ms.Tensor([[1], [2]]), ms.Tensor([[3], [4]])]))
        [[1 3]
         [2 4]]
    """
    return jnp.hstack(_arrs(tensors))


def vstack(inputs: Sequence[ArrayLike]) -> Array:
    """Joins tensors row-wise, along axis 0; 1-D tensors of length n count as (1, n) rows.

    Args:
        inputs (Union[tuple[Tensor], list[Tensor]]): The tensors.

    Returns:
        Tensor, at least 2-D.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.vstack([ms.Tensor([1, 2]), ms.Tensor([3, 4])]))
        [[1 2]
         [3 4]]
    """
    return jnp.vstack(_arrs(inputs, "inputs"))


@document_args(_TENSORS)
def row_stack(tensors: Sequence[ArrayLike]) -> Array:
    """Joins tensors row-wise, along axis 0; an alias of ``ops.vstack``.

    Args:
        {args}

    Returns:
        Tensor, at least 2-D.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.row_stack([ms.Tensor([[1, 2]]), ms.Tensor([3, 4])]))
        [[1 2]
         [3 4]]
    """
    return jnp.vstack(_arrs(tensors))


@document_args(_TENSORS)
def dstack(tensors: Sequence[ArrayLike]) -> Array:
    """Joins tensors depth-wise, along axis 2; lower-rank tensors are first made 3-D
    (shape (n,) becomes (1, n, 1), (m, n) becomes (m, n, 1)).

    Args:
        {args}

    Returns:
        Tensor, at least 3-D.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.dstack([ms.Tensor([1, 2]), ms.Tensor([3, 4])]))
        [[[1 3]
          [2 4]]]
    """
    return jnp.dstack(_arrs(tensors))


@document_args(_TENSORS)
def column_stack(tensors: Sequence[ArrayLike]) -> Array:
    """Joins tensors as the columns of a matrix: 1-D tensors become columns, 2-D ones
    are joined along axis 1.

    Args:
        {args}

    Returns:
        Tensor, 2-D (or more for higher-rank inputs).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.column_stack([ms.Tensor([1, 2]), ms.Tensor([3, 4])]))
        [[1 3]
         [2 4]]
    """
    return jnp.column_stack(_arrs(tensors))


def _at_least(fn, inputs):
    if isinstance(inputs, (list, tuple)):
        return tuple(fn(asarray(t)) for t in inputs)
    return fn(asarray(inputs))


@document_args(_AT_LEAST_INPUTS)
def atleast_1d(inputs: ArrayLike | Sequence[ArrayLike]) -> Array | tuple[Array, ...]:
    """A tensor (or each of a list of tensors) with at least one dimension: a 0-D tensor
    becomes shape (1,), others come back unchanged.

    Args:
        {args}

    Returns:
        Tensor, or a tuple of them for a list or tuple.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.atleast_1d(ms.Tensor(5)).shape)
        (1,)
        >>> print([t.shape for t in ops.atleast_1d([ms.Tensor(1), ms.Tensor([[1, 2]])])])
        [(1,), (1, 2)]
    """
    return _at_least(jnp.atleast_1d, inputs)


@document_args(_AT_LEAST_INPUTS)
def atleast_2d(inputs: ArrayLike | Sequence[ArrayLike]) -> Array | tuple[Array, ...]:
    """A tensor (or each of a list of tensors) with at least two dimensions: shape (n,)
    becomes (1, n), a 0-D tensor (1, 1).

    Args:
        {args}

    Returns:
        Tensor, or a tuple of them for a list or tuple.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.atleast_2d(ms.Tensor([1, 2])))
        [[1 2]]
        >>> print([t.shape for t in ops.atleast_2d((ms.Tensor(1), ms.Tensor([1, 2])))])
        [(1, 1), (1, 2)]
    """
    return _at_least(jnp.atleast_2d, inputs)


@document_args(_AT_LEAST_INPUTS)
def atleast_3d(inputs: ArrayLike | Sequence[ArrayLike]) -> Array | tuple[Array, ...]:
    """A tensor (or each of a list of tensors) with at least three dimensions: shape (n,)
    becomes (1, n, 1), (m, n) becomes (m, n, 1), a 0-D tensor (1, 1, 1).

    Args:
        {args}

    Returns:
        Tensor, or a tuple of them for a list or tuple.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.atleast_3d(ms.Tensor([1, 2])).shape)
        (1, 2, 1)
        >>> print(ops.atleast_3d(ms.Tensor([[1, 2], [3, 4]])).shape)
        (2, 2, 1)
    """
    return _at_least(jnp.atleast_3d, inputs)


def block_diag(*inputs: ArrayLike) -> Array:
    """A block-diagonal matrix with the given matrices on its diagonal, zeros elsewhere.

    Args:
        inputs (Tensor): The blocks, each 2-D (0-D and 1-D ones count as one row).

    Returns:
        Tensor, of shape (sum of rows, sum of columns).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.block_diag(ms.Tensor([[1, 2]]), ms.Tensor([[3], [4]])))
        [[1 2 0]
         [0 0 3]
         [0 0 4]]
    """
    return jax.scipy.linalg.block_diag(*[asarray(i) for i in inputs])
