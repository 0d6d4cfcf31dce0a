"""Set operations, counting and sorted search: unique, isin, intersect1d, bincount, digitize.

Functions whose output size depends on the data (unique, intersect1d, setdiff1d,
bincount without `length`) need concrete inputs: they work eagerly, not under jit.
"""

import jax.numpy as jnp

from ..common.args import array_like

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


def unique(x, return_inverse=False):
    """Sorted unique elements of the flattened `x` (and indices rebuilding it).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.unique(mnp.array([3, 1, 3])).tolist()
        [1, 3]
    """
    x = jnp.ravel(array_like(x))
    if return_inverse:
        values, inverse = jnp.unique(x, return_inverse=True)
        return values, jnp.ravel(inverse)
    return jnp.unique(x)


def isin(element, test_elements, invert=False):
    """Element-wise membership of `element` in `test_elements`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.isin(mnp.array([1, 2, 3]), mnp.array([2])).tolist()
        [False, True, False]
    """
    return jnp.isin(array_like(element), array_like(test_elements), invert=invert)


def in1d(ar1, ar2, invert=False):
    """Membership of each element of the flattened `ar1` in `ar2` (1-D result).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.in1d(mnp.array([[1, 2]]), mnp.array([2])).tolist()
        [False, True]
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


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """Sorted unique values present in both arrays (optionally with their indices).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.intersect1d(mnp.array([1, 2, 3]), mnp.array([2, 3, 7])).tolist()
        [2, 3]
    """
    ar1, ar2 = _set_args(
        "intersect1d", ar1, ar2, assume_unique=assume_unique, return_indices=return_indices
    )
    return jnp.intersect1d(ar1, ar2, assume_unique, return_indices)


def setdiff1d(ar1, ar2, assume_unique=False):
    """Sorted unique values of `ar1` that are not in `ar2`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.setdiff1d(mnp.array([1, 2, 3]), mnp.array([2])).tolist()
        [1, 3]
    """
    ar1, ar2 = _set_args("setdiff1d", ar1, ar2, assume_unique=assume_unique)
    return jnp.setdiff1d(ar1, ar2, assume_unique)


def bincount(x, weights=None, minlength=0, length=None):
    """Occurrences of each non-negative int (summed `weights` when given).

    Give `length` to use it under jit (values beyond it are dropped).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.bincount(mnp.array([0, 1, 1, 3])).tolist()
        [1, 2, 0, 1]
    """
    x = jnp.asarray(array_like(x))
    if not jnp.issubdtype(x.dtype, jnp.integer):
        raise TypeError(f"bincount: `x` must hold integers, got {x.dtype}")
    return jnp.bincount(x, array_like(weights), minlength, length=length)


def digitize(x, bins, right=False):
    """Index of the bin each value of `x` falls in (`bins` monotonic).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.digitize(mnp.array([0.5, 1.5, 2.5]), mnp.array([1.0, 2.0])).tolist()
        [0, 1, 2]
    """
    return jnp.digitize(array_like(x), array_like(bins), right)


def searchsorted(a, v, side="left", sorter=None):
    """Indices where `v` would be inserted into the sorted `a` to keep it sorted.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.searchsorted(mnp.array([1, 2, 3]), mnp.array([2, 5])).tolist()
        [1, 3]
    """
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: `side` must be 'left' or 'right', got {side!r}")
    return jnp.searchsorted(array_like(a), array_like(v), side, array_like(sorter))
