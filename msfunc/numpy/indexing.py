"""Selecting and indexing: take, choose, select, where, piecewise, index conversions."""

import jax.numpy as jnp
import numpy as np

from ..common.args import array_like, is_concrete
from ..common.tensor import unwrap

_TAKE_MODES = ("raise", "wrap", "clip")

__all__ = [
    "apply_along_axis",
    "apply_over_axes",
    "argwhere",
    "array_str",
    "choose",
    "piecewise",
    "ravel_multi_index",
    "select",
    "size",
    "take",
    "take_along_axis",
    "unravel_index",
    "where",
]


def take(a, indices, axis=None, mode="clip"):
    """Elements of `a` at `indices` along `axis` (of the flattened array when None).

    `mode` handles out-of-range indices: 'clip' (default, as MindSpore), 'wrap', or
    'raise' (an IndexError on concrete indices; under jit, out-of-range gives the fill
    value: NaN for floats).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.take(mnp.array([4.0, 5.0, 6.0]), mnp.array([0, 5])).tolist()
        [4.0, 6.0]
    """
    if mode not in _TAKE_MODES:
        raise ValueError(f"take: `mode` must be one of {_TAKE_MODES}, got {mode!r}")
    a, indices = jnp.asarray(array_like(a)), jnp.asarray(array_like(indices))
    if mode == "raise":
        if is_concrete(indices):
            n = a.size if axis is None else a.shape[axis]
            idx = np.asarray(indices)
            if idx.size and (idx.max() >= n or idx.min() < -n):
                raise IndexError(f"take: an index in `indices` is out of range for size {n}")
        mode = "fill"
    return jnp.take(a, indices, axis, mode=mode)


def take_along_axis(arr, indices, axis):
    """Values of `arr` at `indices` matched along `axis` (None flattens `arr`).

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.array([[3, 1], [2, 4]])
        >>> mnp.take_along_axis(x, mnp.array([[1, 0], [0, 1]]), 1).tolist()
        [[1, 3], [2, 4]]
    """
    return jnp.take_along_axis(array_like(arr), array_like(indices), axis)


def choose(a, choices, mode="clip"):
    """Build an array by picking, for each element of `a`, from ``choices[a]``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> choices = [mnp.array([1, 2, 3]), mnp.array([10, 20, 30])]
        >>> mnp.choose(mnp.array([0, 1, 5]), choices).tolist()
        [1, 20, 30]
    """
    if mode not in _TAKE_MODES:
        raise ValueError(f"choose: `mode` must be one of {_TAKE_MODES}, got {mode!r}")
    return jnp.choose(array_like(a), choices, mode=mode)


def select(condlist, choicelist, default=0):
    """Elements from `choicelist` by the first true condition in `condlist`, else `default`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.array([1.0, 2.0, 3.0])
        >>> mnp.select([x < 2, x > 2], [x, -x]).tolist()
        [1.0, 0.0, -3.0]
    """
    if len(condlist) != len(choicelist):
        raise ValueError(
            "select: `condlist` and `choicelist` must have the same length, got "
            f"{len(condlist)} and {len(choicelist)}"
        )
    return jnp.select(condlist, choicelist, array_like(default))


def where(condition, x=None, y=None):
    """``x`` where `condition` holds, else ``y``; with neither, the indices of true elements.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.where(mnp.array([True, False]), 1, 2).tolist()
        [1, 2]
    """
    if (x is None) != (y is None):
        raise ValueError("where: give both `x` and `y`, or neither")
    if x is None:
        return jnp.where(array_like(condition))
    return jnp.where(array_like(condition), array_like(x), array_like(y))


def piecewise(x, condlist, funclist, *args, **kw):
    """Evaluate `funclist[i]` (a function or a constant) where `condlist[i]` holds.

    One extra entry in `funclist` gives the value where no condition holds.

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.array([-1.0, 2.0])
        >>> mnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v * 10]).tolist()
        [1.0, 20.0]
    """
    x = jnp.asarray(array_like(x))
    if not isinstance(condlist, (list, tuple)) or (
        condlist and np.ndim(condlist[0]) == 0 and x.ndim != 0
    ):
        condlist = [condlist]
    return jnp.piecewise(x, jnp.asarray(condlist, bool), list(funclist), *args, **kw)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """Apply `func1d` to 1-D slices of `arr` along `axis` (vectorised with vmap).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.apply_along_axis(lambda v: v.sum(), 0, mnp.ones((2, 3))).tolist()
        [2.0, 2.0, 2.0]
    """
    return jnp.apply_along_axis(func1d, axis, array_like(arr), *args, **kwargs)


def apply_over_axes(func, a, axes):
    """Apply ``func(a, axis)`` repeatedly over `axes`, keeping dimensions.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.apply_over_axes(mnp.sum, mnp.ones((2, 3)), [0]).shape
        (1, 3)
    """
    if isinstance(axes, int):
        axes = [axes]
    return jnp.apply_over_axes(func, array_like(a), axes)


def unravel_index(indices, shape, order="C"):
    """Flat indices converted to a tuple of coordinate arrays for `shape`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [int(i) for i in mnp.unravel_index(4, (2, 3))]
        [1, 1]
    """
    if order not in ("C", "F"):
        raise ValueError(f"unravel_index: `order` must be 'C' or 'F', got {order!r}")
    shape = tuple(shape) if isinstance(shape, (list, tuple)) else (shape,)
    if order == "F":
        return tuple(jnp.unravel_index(array_like(indices), shape[::-1])[::-1])
    return tuple(jnp.unravel_index(array_like(indices), shape))


def ravel_multi_index(multi_index, dims, mode="clip", order="C"):
    """Coordinate arrays converted to flat indices into an array of shape `dims`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.ravel_multi_index((mnp.array([1, 0]), mnp.array([1, 2])), (2, 3)).tolist()
        [4, 2]
    """
    if mode not in _TAKE_MODES:
        raise ValueError(f"ravel_multi_index: `mode` must be one of {_TAKE_MODES}, got {mode!r}")
    return jnp.ravel_multi_index(tuple(multi_index), tuple(dims), mode=mode, order=order)


def argwhere(a):
    """Indices of non-zero elements, one row per element (not usable under jit).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.argwhere(mnp.array([0, 3, 4])).tolist()
        [[1], [2]]
    """
    return jnp.argwhere(array_like(a))


def size(a, axis=None):
    """Number of elements (along `axis` when given), as a Python int.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.size(mnp.ones((2, 3))), mnp.size(mnp.ones((2, 3)), 1)
        (6, 3)
    """
    shape = np.shape(unwrap(a))
    if axis is None:
        return int(np.prod(shape, dtype=np.int64))
    return int(shape[axis])


def array_str(a):
    """The data of `a` as a string, formatted as numpy formats it.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.array_str(mnp.array([1.0, 2.0]))
        '[1. 2.]'
    """
    return np.array_str(np.asarray(unwrap(a)))
