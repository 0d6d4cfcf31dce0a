"""Private shape helpers programs import from MindSpore's inner modules (``numpy.utils_const``,
``nn.layer.basic``, ``ops._grad_experimental.grad_array_ops`` / ``grad_math_ops``).

MindSpore marks them compile-time constants; msfunc traces Python, so they are plain functions
on tuples of ints (``_is_equal_one`` alone looks at a Tensor's values).

Example:
    >>> _infer_out_shape((5,), (6, 1), (7, 1, 5))
    (7, 6, 5)
    >>> _canonicalize_axis((-1, 0), 3)
    (0, 2)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence

import numpy as np

__all__ = [
    "_canonicalize_axis",
    "_fft_rank_offset",
    "_generate_inverse_index",
    "_infer_out_shape",
    "_is_equal_one",
    "_rfft_last_term_shape",
    "_rfft_reshape",
    "_rfft_tile_reshape",
]


def _shape(value, name: str) -> tuple[int, ...]:
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{name} must be a tuple or list of ints, got {type(value).__name__}")
    return tuple(value)


def _infer_out_shape(*shapes) -> tuple[int, ...]:
    """The shape the given shapes broadcast to (numpy's rules); ValueError when they do not.

    Example:
        >>> _infer_out_shape((3, 1), (4,))
        (3, 4)
    """
    checked = [_shape(s, "_infer_out_shape: each shape") for s in shapes]
    if not checked:
        raise ValueError("_infer_out_shape: needs at least one shape")
    try:
        return tuple(int(d) for d in np.broadcast_shapes(*checked))
    except ValueError:
        raise ValueError(f"_infer_out_shape: shapes {tuple(checked)} do not broadcast") from None


def _one_axis(axis, ndim: int):
    if not isinstance(axis, int):
        raise TypeError(f"_canonicalize_axis: `axis` must hold ints, got {type(axis).__name__}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"_canonicalize_axis: axis {axis} is out of range for rank {ndim}")
    return axis + ndim if axis < 0 else axis


def _canonicalize_axis(axis, ndim: int):
    """`axis` (an int or a sequence of ints) made non-negative for a rank-`ndim` array; a
    sequence comes back sorted, and as a bare int when it holds one axis.

    Example:
        >>> _canonicalize_axis(-1, 2)
        1
        >>> _canonicalize_axis([2, -3], 3)
        (0, 2)
        >>> _canonicalize_axis((1,), 3)
        1
    """
    if not isinstance(axis, (tuple, list)):
        return _one_axis(axis, ndim)
    if not axis:
        # MindSpore's helper indexes the first axis; an empty sequence fails there
        raise IndexError("_canonicalize_axis: `axis` is an empty sequence")
    axes = tuple(sorted(_one_axis(a, ndim) for a in axis))
    if len(set(axes)) != len(axes):
        raise ValueError(f"_canonicalize_axis: duplicate axes in {tuple(axis)}")
    return axes[0] if len(axes) == 1 else axes


def _is_equal_one(x):
    """Whether Tensor `x`'s mean equals 1 (a bool Tensor); ``None`` gives ``False``.

    Example:
        >>> import msfunc as ms
        >>> bool(_is_equal_one(ms.Tensor([0.0, 2.0]))), _is_equal_one(None)
        (True, False)
    """
    from ..common.tensor import Tensor

    if x is None:
        return False
    if not isinstance(x, Tensor):
        raise TypeError(f"_is_equal_one: `x` must be a Tensor or None, got {type(x).__name__}")
    return x.mean() == 1


def _generate_inverse_index(x_shape, axis: int) -> tuple[int, ...]:
    """The permutation that undoes moving `axis` of a `x_shape` array to the front.

    Example:
        >>> _generate_inverse_index((3, 2, 3), 2)
        (1, 2, 0)
    """
    rank = len(_shape(x_shape, "_generate_inverse_index: `x_shape`"))
    axis = operator.index(axis) % rank if rank else 0
    return tuple(range(1, axis + 1)) + (0,) + tuple(range(axis + 1, rank))


def _fft_rank_offset(norm_shape, rank: int) -> int:
    """The number of elements in the last `rank` dims of `norm_shape` (all of them for 0).

    Example:
        >>> _fft_rank_offset((1, 2, 3, 4, 5, 10), 3)
        200
    """
    return math.prod(_shape(norm_shape, "_fft_rank_offset: `norm_shape`")[-rank:])


def _rfft_reshape(shape_a: Sequence[int], shape_b: Sequence[int]) -> tuple[int, ...]:
    """`shape_b` behind ones for all but the last two dims of `shape_a`.

    Example:
        >>> _rfft_reshape((1, 2, 3, 4, 5), (2, 5, 7, 8))
        (1, 1, 1, 2, 5, 7, 8)
    """
    ones = len(_shape(shape_a, "_rfft_reshape: `shape_a`")) - 2
    return (1,) * max(ones, 0) + _shape(shape_b, "_rfft_reshape: `shape_b`")


def _rfft_tile_reshape(shape_a: Sequence[int]) -> tuple[int, ...]:
    """`shape_a` with its last two dims set to 1; IndexError below rank 2.

    Example:
        >>> _rfft_tile_reshape((1, 2, 3, 4, 5))
        (1, 2, 3, 1, 1)
    """
    shape = _shape(shape_a, "_rfft_tile_reshape: `shape_a`")
    if len(shape) < 2:
        raise IndexError(f"_rfft_tile_reshape: needs a shape of rank 2 or more, got {shape}")
    return shape[:-2] + (1, 1)


def _rfft_last_term_shape(shape_a: Sequence[int], shape_b: Sequence[int]) -> tuple[int, ...]:
    """`shape_b` behind ones for all but the last dim of `shape_a`.

    Example:
        >>> _rfft_last_term_shape((1, 2, 3, 4, 5), (2, 5, 7, 8))
        (1, 1, 1, 1, 2, 5, 7, 8)
    """
    ones = len(_shape(shape_a, "_rfft_last_term_shape: `shape_a`")) - 1
    return (1,) * max(ones, 0) + _shape(shape_b, "_rfft_last_term_shape: `shape_b`")
