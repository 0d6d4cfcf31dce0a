"""Reordering, repeating and slicing functional ops: flip, roll, rot90, tile, the repeat
family, narrow, slice and strided_slice."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import jax.numpy as jnp
from jax import lax

from ..common.args import asarray, norm_axis
from .func_array import _concrete

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "flip",
    "reverse",
    "roll",
    "rot90",
    "tile",
    "repeat_elements",
    "repeat_interleave",
    "narrow",
    "slice",
    "tensor_slice",
    "strided_slice",
]


def flip(input: ArrayLike, dims: int | Sequence[int]) -> Array:
    """Reverses the order of the elements along the given axes.

    Args:
        input (Tensor): The input.
        dims (Union[int, tuple[int], list[int]]): The axes to reverse.

    Returns:
        Tensor, of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2], [3, 4]])
        >>> print(ops.flip(x, (0,)))
        [[3 4]
         [1 2]]
        >>> print(ops.flip(x, (0, 1)))
        [[4 3]
         [2 1]]
    """
    return jnp.flip(asarray(input), tuple(dims) if isinstance(dims, (list, tuple)) else dims)


def reverse(x: ArrayLike, axis: int | Sequence[int]) -> Array:
    """Reverses the order of the elements along `axis`; an alias of ``ops.flip``.

    Args:
        x (Tensor): The input.
        axis (Union[int, tuple[int], list[int]]): The axes to reverse.

    Returns:
        Tensor, of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.reverse(ms.Tensor([[1, 2, 3]]), [1]))
        [[3 2 1]]
    """
    return flip(x, axis)


def roll(
    input: ArrayLike, shifts: int | Sequence[int], dims: int | Sequence[int] | None = None
) -> Array:
    """Shifts the elements along axes, those pushed past the end coming back at the start.

    Args:
        input (Tensor): The input.
        shifts (Union[int, tuple[int], list[int]]): The shift per axis in `dims` (positive:
            towards higher indices).
        dims (Union[int, tuple[int], list[int], None]): The axes; ``None`` rolls the
            flattened tensor and restores its shape. Default: ``None``.

    Returns:
        Tensor, of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.roll(x, 1))
        [[6 1 2]
         [3 4 5]]
        >>> print(ops.roll(x, -1, dims=1))
        [[2 3 1]
         [5 6 4]]
    """
    x = asarray(input)
    if dims is None:
        return jnp.roll(x.reshape(-1), shifts).reshape(x.shape)
    return jnp.roll(x, shifts, axis=dims)


def rot90(input: ArrayLike, k: int, dims: Sequence[int]) -> Array:
    """Rotates a tensor by 90 degrees `k` times in the plane of two axes, from the first
    axis towards the second.

    Args:
        input (Tensor): The input, at least 2-D.
        k (int): The number of quarter turns (negative turns the other way).
        dims (Union[tuple[int], list[int]]): The two axes of the plane.

    Returns:
        Tensor, the rotated input.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.rot90(ms.Tensor([[1, 2], [3, 4]]), 1, (0, 1)))
        [[2 4]
         [1 3]]
    """
    return jnp.rot90(asarray(input), k, axes=(dims[0], dims[1]))


def tile(input: ArrayLike, dims: Sequence[int]) -> Array:
    """Repeats a whole tensor along each axis.

    Args:
        input (Tensor): The input.
        dims (Union[tuple[int], list[int]]): The repeats per axis; a shorter `dims` applies
            to the trailing axes, a longer one adds leading axes.

    Returns:
        Tensor, each axis its length times its repeat.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.tile(ms.Tensor([1, 2]), (2, 2)))
        [[1 2 1 2]
         [1 2 1 2]]
    """
    return jnp.tile(asarray(input), tuple(dims))


def repeat_elements(x: ArrayLike, rep: int, axis: int = 0) -> Array:
    """Repeats each slice along `axis` `rep` times in place (``[a, b]`` -> ``[a, a, b, b]``).

    Args:
        x (Tensor): The input.
        rep (int): The number of repeats.
        axis (int): The axis to repeat along. Default: ``0``.

    Returns:
        Tensor, `axis` `rep` times longer.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.repeat_elements(ms.Tensor([[1, 2]]), 2, axis=1))
        [[1 1 2 2]]
    """
    return jnp.repeat(asarray(x), rep, axis=axis)


def repeat_interleave(input: ArrayLike, repeats: int | ArrayLike, axis: int | None = None) -> Array:
    """Repeats each element (or slice along `axis`) a given number of times.

    Args:
        input (Tensor): The input.
        repeats (Union[int, Tensor]): The repeats, one for all or one per element along
            `axis`; a tensor must be concrete (the result's shape depends on it).
        axis (Union[int, None]): The axis; ``None`` repeats the flattened input.
            Default: ``None``.

    Returns:
        Tensor, the elements repeated.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2], [3, 4]])
        >>> print(ops.repeat_interleave(x, 2))
        [1 1 2 2 3 3 4 4]
        >>> print(ops.repeat_interleave(x, ms.Tensor([1, 2]), axis=0))
        [[1 2]
         [3 4]
         [3 4]]
    """
    r = repeats
    if not isinstance(r, int):
        r = _concrete(r, "repeat_interleave")  # numpy: a concrete array stays concrete
        r = int(r) if r.ndim == 0 else r
    return jnp.repeat(asarray(input), r, axis=axis)


def narrow(input: ArrayLike, axis: int, start: int, length: int) -> Array:
    """The `length` elements along `axis` that begin at index `start`.

    Args:
        input (Tensor): The input.
        axis (int): The axis to narrow.
        start (int): The first index kept.
        length (int): The number of indices kept.

    Returns:
        Tensor, `axis` now `length` long.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.narrow(ms.Tensor([[1, 2, 3], [4, 5, 6]]), 1, 1, 2))
        [[2 3]
         [5 6]]
    """
    x = asarray(input)
    ax = cast(int, norm_axis(axis, x.ndim))  # an int axis normalises to an int
    return lax.slice_in_dim(x, start, start + length, axis=ax)


def slice(input_x: ArrayLike, begin: Sequence[int], size: Sequence[int]) -> Array:
    """The block of a tensor that starts at `begin` and has `size` elements per axis.

    Args:
        input_x (Tensor): The input.
        begin (Union[tuple[int], list[int]]): The start index per axis.
        size (Union[tuple[int], list[int]]): The length per axis; -1 takes the rest of
            that axis.

    Returns:
        Tensor, of shape `size` (with -1 resolved).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2, 3], [4, 5, 6]])
        >>> print(ops.slice(x, (0, 1), (2, -1)))
        [[2 3]
         [5 6]]
    """
    x = asarray(input_x)
    starts = [int(b) for b in begin]
    sizes = [
        x.shape[i] - b if int(s) == -1 else int(s)
        for i, (b, s) in enumerate(zip(starts, size, strict=False))
    ]
    return lax.dynamic_slice(x, starts, sizes)


def tensor_slice(input: ArrayLike, begin: Sequence[int], size: Sequence[int]) -> Array:
    """The block starting at `begin` with `size` elements per axis; an alias of
    ``ops.slice``.

    Args:
        input (Tensor): The input.
        begin (Union[tuple[int], list[int]]): The start index per axis.
        size (Union[tuple[int], list[int]]): The length per axis (-1: the rest).

    Returns:
        Tensor, of shape `size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.tensor_slice(ms.Tensor([1, 2, 3, 4, 5]), (1,), (3,)))
        [2 3 4]
    """
    return slice(input, begin, size)


def strided_slice(
    input_x: ArrayLike,
    begin: Sequence[int],
    end: Sequence[int],
    strides: Sequence[int],
    begin_mask: int = 0,
    end_mask: int = 0,
    ellipsis_mask: int = 0,
    new_axis_mask: int = 0,
    shrink_axis_mask: int = 0,
) -> Array:
    """Strided slicing, ``input_x[begin[0]:end[0]:strides[0], ...]``, with bit masks (bit i
    for entry i) that change what each entry means.

    Args:
        input_x (Tensor): The input.
        begin (Union[tuple[int], list[int]]): The start per entry.
        end (Union[tuple[int], list[int]]): The stop (exclusive) per entry.
        strides (Union[tuple[int], list[int]]): The step per entry (negative walks back).
        begin_mask (int): Entries whose `begin` is ignored (from the start). Default: ``0``.
        end_mask (int): Entries whose `end` is ignored (to the end). Default: ``0``.
        ellipsis_mask (int): The entry that stands for ``...``. Default: ``0``.
        new_axis_mask (int): Entries that insert an axis of size 1. Default: ``0``.
        shrink_axis_mask (int): Entries that take the single index `begin` and drop the
            axis. Default: ``0``.

    Returns:
        Tensor, the slice.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])
        >>> print(ops.strided_slice(x, (0, 0), (3, 4), (2, 2)))
        [[ 0  2]
         [ 8 10]]
        >>> print(ops.strided_slice(x, (1, 3), (2, 0), (1, -1), shrink_axis_mask=1))
        [7 6 5]
    """
    x = asarray(input_x)
    begin, end, strides = list(begin), list(end), list(strides)
    idx = []
    for i in range(len(begin)):
        bit = 1 << i
        if ellipsis_mask & bit:
            idx.append(Ellipsis)
        elif new_axis_mask & bit:
            idx.append(None)
        elif shrink_axis_mask & bit:
            idx.append(int(begin[i]))
        else:
            b = None if begin_mask & bit else int(begin[i])
            e = None if end_mask & bit else int(end[i])
            idx.append(builtins.slice(b, e, int(strides[i])))
    return x[tuple(idx)]
