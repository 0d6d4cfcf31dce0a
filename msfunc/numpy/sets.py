"""Set operations, counting and sorted search: unique, isin, intersect1d, bincount, digitize.

Functions whose output size depends on the data (unique, intersect1d, setdiff1d,
bincount without `length`) need concrete inputs: they work eagerly, not under jit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common.args import array_like

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "bincount",
    "digitize",
    "in1d",
    "intersect1d",
    "isin",
    "searchsorted",
    "setdiff1d",
    "unique",
]


def unique(x: ArrayLike, return_inverse: bool = False) -> Array | tuple[Array, Array]:
    """Sorted unique elements of the flattened `x` (and indices rebuilding it).

    MindSpore 2.10 returns them in first-seen order; msfunc sorts them, as numpy does.
    Eager only: the result's size depends on the data.

    Args:
        x (Tensor): Input, flattened.
        return_inverse (bool): Also return, for each element of `x`, its index in the
            result. Default: ``False``.

    Returns:
        Tensor, the 1-D unique values; with `return_inverse`, a tuple of them and the 1-D
        inverse indices.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.unique(mnp.array([3, 1, 3])))
        [1 3]
    """
    x = jnp.ravel(array_like(x))
    if return_inverse:
        values, inverse = jnp.unique(x, return_inverse=True)
        return values, jnp.ravel(inverse)
    return jnp.unique(x)


def isin(element: ArrayLike, test_elements: ArrayLike, invert: bool = False) -> Array:
    """Element-wise membership of `element` in `test_elements`.

    Args:
        element (Tensor): Values to look up.
        test_elements (Tensor): Values to look in (flattened).
        invert (bool): Answer "not in" instead. Default: ``False``.

    Returns:
        Tensor of bool, of `element`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.isin(mnp.array([1, 2, 3]), mnp.array([2])))
        [False  True False]
    """
    return jnp.isin(array_like(element), array_like(test_elements), invert=invert)


def in1d(ar1: ArrayLike, ar2: ArrayLike, invert: bool = False) -> Array:
    """Membership of each element of the flattened `ar1` in `ar2` (1-D result).

    Args:
        ar1 (Tensor): Values to look up, flattened.
        ar2 (Tensor): Values to look in.
        invert (bool): Answer "not in" instead. Default: ``False``.

    Returns:
        Tensor of bool, 1-D, of `ar1`'s size.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.in1d(mnp.array([[1, 2]]), mnp.array([2])))
        [False  True]
    """
    return jnp.isin(jnp.ravel(array_like(ar1)), array_like(ar2), invert=invert)


def _set_args(fname, ar1, ar2, **flags):
    """The two arrays of a set operation; flags must be bools (TypeError otherwise)."""
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise TypeError(f"{fname}: `{name}` must be a bool, got {type(value).__name__}")
    arrays = []
    for name, value in (("ar1", ar1), ("ar2", ar2)):
        if value is None:
            raise TypeError(f"{fname}: `{name}` must be an array, got None")
        arrays.append(array_like(value))
    return arrays


def intersect1d(
    ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, return_indices: bool = False
) -> Array | tuple[Array, Array, Array]:
    """Sorted unique values present in both arrays (optionally with their indices).

    Eager only: the result's size depends on the data.

    Args:
        ar1 (Tensor): First array, flattened.
        ar2 (Tensor): Second array, flattened.
        assume_unique (bool): Both inputs are already unique (faster). Default: ``False``.
        return_indices (bool): Also return the indices of the common values in each input.
            Default: ``False``.

    Returns:
        Tensor, the 1-D common values; with `return_indices`, a tuple of them and their
        indices in `ar1` and `ar2`.

    Raises:
        TypeError: an array is None or a flag is not a bool.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.intersect1d(mnp.array([1, 2, 3]), mnp.array([2, 3, 7])))
        [2 3]
    """
    ar1, ar2 = _set_args(
        "intersect1d", ar1, ar2, assume_unique=assume_unique, return_indices=return_indices
    )
    return jnp.intersect1d(ar1, ar2, assume_unique, return_indices)


def setdiff1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False) -> Array:
    """Sorted unique values of `ar1` that are not in `ar2`.

    Eager only: the result's size depends on the data.

    Args:
        ar1 (Tensor): Values to keep from, flattened.
        ar2 (Tensor): Values to remove.
        assume_unique (bool): Both inputs are already unique (faster). Default: ``False``.

    Returns:
        Tensor, 1-D.

    Raises:
        TypeError: an array is None or `assume_unique` is not a bool.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.setdiff1d(mnp.array([1, 2, 3]), mnp.array([2])))
        [1 3]
    """
    ar1, ar2 = _set_args("setdiff1d", ar1, ar2, assume_unique=assume_unique)
    return jnp.setdiff1d(ar1, ar2, assume_unique)


def bincount(
    x: ArrayLike, weights: ArrayLike | None = None, minlength: int = 0, length: int | None = None
) -> Array:
    """Occurrences of each non-negative int (summed `weights` when given).

    Counts are ints (MindSpore 2.10 returns float32).

    Args:
        x (Tensor): 1-D non-negative integers.
        weights (Union[Tensor, None]): A weight per element of `x`, summed instead of
            counting. Default: ``None``.
        minlength (int): Least number of bins. Default: ``0``.
        length (Union[int, None]): Exact number of bins, so it runs under jit (larger values
            are dropped). Default: ``None``.

    Returns:
        Tensor, 1-D, of length ``max(x) + 1`` (at least `minlength`), or `length`.

    Raises:
        TypeError: `x` does not hold integers.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.bincount(mnp.array([0, 1, 1, 3])))
        [1 2 0 1]
    """
    x = jnp.asarray(array_like(x))
    if not jnp.issubdtype(x.dtype, jnp.integer):
        raise TypeError(f"bincount: `x` must hold integers, got {x.dtype}")
    return jnp.bincount(x, array_like(weights), minlength, length=length)


def digitize(x: ArrayLike, bins: ArrayLike, right: bool = False) -> Array:
    """Index of the bin each value of `x` falls in (`bins` monotonic).

    Args:
        x (Tensor): Values to place.
        bins (Tensor): 1-D monotonic bin edges.
        right (bool): Bins include their right edge instead of their left. Default: ``False``.

    Returns:
        Tensor of ints, of `x`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.digitize(mnp.array([0.5, 1.5, 2.5]), mnp.array([1.0, 2.0])))
        [0 1 2]
    """
    return jnp.digitize(array_like(x), array_like(bins), right)


def searchsorted(
    a: ArrayLike, v: ArrayLike, side: str = "left", sorter: ArrayLike | None = None
) -> Array:
    """Indices where `v` would be inserted into the sorted `a` to keep it sorted.

    Args:
        a (Tensor): 1-D array, sorted ascending (or put in order by `sorter`).
        v (Tensor): Values to insert.
        side (str): ``'left'`` gives the first suitable index, ``'right'`` the last.
            Default: ``'left'``.
        sorter (Union[Tensor, None]): Indices that sort `a`. Default: ``None``.

    Returns:
        Tensor of ints, of `v`'s shape.

    Raises:
        ValueError: `side` is neither ``'left'`` nor ``'right'``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.searchsorted(mnp.array([1, 2, 3]), mnp.array([2, 5])))
        [1 3]
    """
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: `side` must be 'left' or 'right', got {side!r}")
    return jnp.searchsorted(array_like(a), array_like(v), side, array_like(sorter))
