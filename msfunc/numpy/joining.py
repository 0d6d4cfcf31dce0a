"""Joining and splitting: concatenate, the stacks, append, and the splits."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common.arg_docs import document_args
from ..common.args import array_like

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "append",
    "array_split",
    "column_stack",
    "concatenate",
    "dsplit",
    "dstack",
    "hsplit",
    "hstack",
    "split",
    "stack",
    "vsplit",
    "vstack",
]


# Args entries that sibling joins and splits word alike (see `document_args`).
_TUP = "tup (Union[Tensor, Sequence[Tensor]]): Arrays to join."
_EQUAL_SECTIONS = (
    "indices_or_sections (Union[int, Sequence[int]]): Number of equal sections, or the\n"
    "    indices to split before."
)


def _arrays(xs: Any, fname: str, argname: str) -> Array | Sequence[ArrayLike]:
    if not isinstance(xs, (list, tuple)) and not hasattr(xs, "shape"):
        raise TypeError(
            f"{fname}: `{argname}` must be a sequence of arrays or an array, "
            f"got {type(xs).__name__}"
        )
    return xs


def _sections(value: int | Sequence[int]) -> int | Array:
    """A split's count of sections as it is, or its split indices as an array."""
    return value if isinstance(value, int) else jnp.asarray(value)


def concatenate(arrays: ArrayLike | Sequence[ArrayLike], axis: int | None = 0) -> Array:
    """Join arrays along an existing axis (None flattens them first).

    Args:
        arrays (Union[Tensor, Sequence[Tensor]]): Arrays of the same shape but along `axis`
            (an array is taken as the sequence of its rows).
        axis (Union[int, None]): Axis to join along. Default: ``0``.

    Returns:
        Tensor, the joined array.

    Raises:
        TypeError: `arrays` is neither a sequence nor an array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.concatenate((mnp.ones(2), mnp.zeros(1))))
        [1. 1. 0.]
    """
    return jnp.concatenate(_arrays(arrays, "concatenate", "arrays"), axis)


def stack(arrays: ArrayLike | Sequence[ArrayLike], axis: int = 0) -> Array:
    """Join arrays of one shape along a new axis.

    Args:
        arrays (Union[Tensor, Sequence[Tensor]]): Arrays of the same shape.
        axis (int): Position of the new axis in the result. Default: ``0``.

    Returns:
        Tensor, one dimension more than the inputs.

    Raises:
        TypeError: `arrays` is neither a sequence nor an array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.stack([mnp.array([1, 2]), mnp.array([3, 4])]))
        [[1 2]
         [3 4]]
    """
    return jnp.stack(_arrays(arrays, "stack", "arrays"), axis)


@document_args(_TUP)
def hstack(tup: ArrayLike | Sequence[ArrayLike]) -> Array:
    """Join arrays column-wise (along axis 1, or 0 for 1-D).

    Args:
        {args}

    Returns:
        Tensor, the joined array.

    Raises:
        TypeError: `tup` is neither a sequence nor an array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.hstack((mnp.array([1, 2]), mnp.array([3]))))
        [1 2 3]
    """
    return jnp.hstack(_arrays(tup, "hstack", "tup"))


@document_args(_TUP)
def vstack(tup: ArrayLike | Sequence[ArrayLike]) -> Array:
    """Join arrays row-wise (1-D inputs become rows).

    Args:
        {args}

    Returns:
        Tensor, at least 2-D.

    Raises:
        TypeError: `tup` is neither a sequence nor an array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.vstack((mnp.array([1, 2]), mnp.array([3, 4]))))
        [[1 2]
         [3 4]]
    """
    return jnp.vstack(_arrays(tup, "vstack", "tup"))


def dstack(tup: ArrayLike | Sequence[ArrayLike]) -> Array:
    """Join arrays depth-wise (along axis 2).

    Args:
        tup (Union[Tensor, Sequence[Tensor]]): Arrays to join (made at least 3-D first).

    Returns:
        Tensor, at least 3-D.

    Raises:
        TypeError: `tup` is neither a sequence nor an array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.dstack((mnp.ones(3), mnp.ones(3))).shape
        (1, 3, 2)
    """
    return jnp.dstack(_arrays(tup, "dstack", "tup"))


@document_args(_TUP)
def column_stack(tup: ArrayLike | Sequence[ArrayLike]) -> Array:
    """Stack 1-D arrays as columns of a 2-D array (2-D arrays are joined as they are).

    Args:
        {args}

    Returns:
        Tensor, 2-D.

    Raises:
        TypeError: `tup` is neither a sequence nor an array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.column_stack((mnp.array([1, 2]), mnp.array([3, 4]))))
        [[1 3]
         [2 4]]
    """
    return jnp.column_stack(_arrays(tup, "column_stack", "tup"))


def append(arr: ArrayLike, values: ArrayLike, axis: int | None = None) -> Array:
    """`values` appended to `arr` (both flattened when `axis` is None).

    Args:
        arr (Tensor): Input.
        values (Tensor): Values to append; with `axis`, of `arr`'s shape but along it.
        axis (Union[int, None]): Axis to append along. Default: ``None``.

    Returns:
        Tensor, `arr` followed by `values`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.append(mnp.array([1, 2]), mnp.array([3])))
        [1 2 3]
    """
    return jnp.append(array_like(arr), array_like(values), axis)


def split(x: ArrayLike, indices_or_sections: int | Sequence[int], axis: int = 0) -> list[Array]:
    """Split into equal sections or at the given indices (a list of arrays).

    Args:
        x (Tensor): Input.
        indices_or_sections (Union[int, Sequence[int]]): Number of equal sections (must
            divide the axis), or the indices to split before.
        axis (int): Axis to split along. Default: ``0``.

    Returns:
        list[Tensor], the pieces.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.split(mnp.arange(4), 2)]
        [[0, 1], [2, 3]]
    """
    return list(jnp.split(array_like(x), _sections(indices_or_sections), axis))


def array_split(
    x: ArrayLike, indices_or_sections: int | Sequence[int], axis: int = 0
) -> list[Array]:
    """Like `split`, but allows sections of unequal length.

    Args:
        x (Tensor): Input.
        indices_or_sections (Union[int, Sequence[int]]): Number of sections (the first ones
            one longer when it does not divide the axis), or the indices to split before.
        axis (int): Axis to split along. Default: ``0``.

    Returns:
        list[Tensor], the pieces.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.array_split(mnp.arange(3), 2)]
        [[0, 1], [2]]
    """
    return list(jnp.array_split(array_like(x), _sections(indices_or_sections), axis))


@document_args("x (Tensor): Input.", _EQUAL_SECTIONS)
def hsplit(x: ArrayLike, indices_or_sections: int | Sequence[int]) -> list[Array]:
    """`split` along axis 1 (axis 0 for 1-D input).

    Args:
        {args}

    Returns:
        list[Tensor], the pieces.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.shape for a in mnp.hsplit(mnp.ones((2, 4)), 2)]
        [(2, 2), (2, 2)]
    """
    return list(jnp.hsplit(array_like(x), _sections(indices_or_sections)))


@document_args("x (Tensor): Input, at least 2-D.", _EQUAL_SECTIONS)
def vsplit(x: ArrayLike, indices_or_sections: int | Sequence[int]) -> list[Array]:
    """`split` along axis 0.

    Args:
        {args}

    Returns:
        list[Tensor], the pieces.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.shape for a in mnp.vsplit(mnp.ones((4, 2)), 2)]
        [(2, 2), (2, 2)]
    """
    return list(jnp.vsplit(array_like(x), _sections(indices_or_sections)))


@document_args("x (Tensor): Input, at least 3-D.", _EQUAL_SECTIONS)
def dsplit(x: ArrayLike, indices_or_sections: int | Sequence[int]) -> list[Array]:
    """`split` along axis 2.

    Args:
        {args}

    Returns:
        list[Tensor], the pieces.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.shape for a in mnp.dsplit(mnp.ones((1, 1, 4)), 2)]
        [(1, 1, 2), (1, 1, 2)]
    """
    return list(jnp.dsplit(array_like(x), _sections(indices_or_sections)))
