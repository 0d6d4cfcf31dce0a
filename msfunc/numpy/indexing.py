"""Selecting and indexing: take, choose, select, where, piecewise, index conversions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np

from ..common.args import array_like, is_concrete
from ..common.promotion import float32_scalar
from ..common.tensor import unwrap

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from jax import Array
    from jax.typing import ArrayLike

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


def take(a: ArrayLike, indices: ArrayLike, axis: int | None = None, mode: str = "clip") -> Array:
    """Elements of `a` at `indices` along `axis` (of the flattened array when None).

    Args:
        a (Tensor): Source array.
        indices (Tensor): Integer indices to take.
        axis (Union[int, None]): Axis to take along; ``None`` flattens `a`. Default: ``None``.
        mode (str): Out-of-range indices: ``'clip'`` (as MindSpore) clips them, ``'wrap'``
            wraps them around, ``'raise'`` raises an IndexError on concrete indices (under
            jit an out-of-range index gives the fill value, NaN for floats).
            Default: ``'clip'``.

    Returns:
        Tensor, `a`'s shape with `axis` replaced by `indices`' shape.

    Raises:
        ValueError: `mode` is not one of the three.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.take(mnp.array([4.0, 5.0, 6.0]), mnp.array([0, 5])))
        [4. 6.]
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


def take_along_axis(arr: ArrayLike, indices: ArrayLike, axis: int | None) -> Array:
    """Values of `arr` at `indices` matched along `axis` (None flattens `arr`).

    Args:
        arr (Tensor): Source array.
        indices (Tensor): Integer indices, of `arr`'s rank, broadcast against it except on
            `axis`.
        axis (Union[int, None]): Axis to take along; ``None`` flattens `arr` first.

    Returns:
        Tensor, of `indices`' shape (broadcast).

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.array([[3, 1], [2, 4]])
        >>> print(mnp.take_along_axis(x, mnp.array([[1, 0], [0, 1]]), 1))
        [[1 3]
         [2 4]]
    """
    return jnp.take_along_axis(array_like(arr), array_like(indices), axis)


def choose(a: ArrayLike, choices: Sequence[ArrayLike], mode: str = "clip") -> Array:
    """Build an array by picking, for each element of `a`, from ``choices[a]``.

    Args:
        a (Tensor): Integer indices into `choices`.
        choices (Sequence[Tensor]): Arrays broadcast together with `a`.
        mode (str): Out-of-range indices: ``'clip'``, ``'wrap'`` or ``'raise'``.
            Default: ``'clip'``.

    Returns:
        Tensor, of the broadcast shape of `a` and the choices.

    Raises:
        ValueError: `mode` is not one of the three.

    Example:
        >>> import msfunc.numpy as mnp
        >>> choices = [mnp.array([1, 2, 3]), mnp.array([10, 20, 30])]
        >>> print(mnp.choose(mnp.array([0, 1, 5]), choices))
        [ 1 20 30]
    """
    if mode not in _TAKE_MODES:
        raise ValueError(f"choose: `mode` must be one of {_TAKE_MODES}, got {mode!r}")
    return jnp.choose(array_like(a), choices, mode=mode)


def select(
    condlist: Sequence[ArrayLike], choicelist: Sequence[ArrayLike], default: ArrayLike = 0
) -> Array:
    """Elements from `choicelist` by the first true condition in `condlist`, else `default`.

    Args:
        condlist (Sequence[Tensor]): Boolean arrays, tried in order.
        choicelist (Sequence[Tensor]): One array per condition.
        default (Union[Tensor, int, float]): Value where no condition holds. Default: ``0``.

    Returns:
        Tensor, of the broadcast shape of the conditions and choices.

    Raises:
        ValueError: the two lists differ in length.

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.array([1.0, 2.0, 3.0])
        >>> print(mnp.select([x < 2, x > 2], [x, -x]))
        [ 1.  0. -3.]
    """
    if len(condlist) != len(choicelist):
        raise ValueError(
            "select: `condlist` and `choicelist` must have the same length, got "
            f"{len(condlist)} and {len(choicelist)}"
        )
    return jnp.select(condlist, choicelist, array_like(default))


def where(
    condition: ArrayLike, x: ArrayLike | None = None, y: ArrayLike | None = None
) -> Array | tuple[Array, ...]:
    """``x`` where `condition` holds, else ``y``; with neither, the indices of true elements.

    Args:
        condition (Tensor): Boolean selector.
        x (Union[Tensor, int, float, None]): Values where `condition` is true.
            Default: ``None``.
        y (Union[Tensor, int, float, None]): Values where it is false. Default: ``None``.

    Returns:
        Tensor, of the broadcast shape of the three; with only `condition`, a tuple of index
        arrays, one per dimension (eager only: its size depends on the data).

    Raises:
        ValueError: only one of `x` and `y` is given.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.where(mnp.array([True, False]), 1, 2))
        [1 2]
    """
    if (x is None) != (y is None):
        raise ValueError("where: give both `x` and `y`, or neither")
    if x is None:
        return jnp.where(array_like(condition))
    # (a Python float is a float32 scalar, as in MindSpore)
    chosen, other = array_like(float32_scalar(x)), array_like(float32_scalar(y))
    return jnp.where(array_like(condition), chosen, other)


def piecewise(
    x: ArrayLike,
    condlist: ArrayLike | Sequence[ArrayLike],
    funclist: Sequence[Callable[..., Any] | float],
    *args: Any,
    **kw: Any,
) -> Array:
    """Evaluate `funclist[i]` (a function or a constant) where `condlist[i]` holds.

    One extra entry in `funclist` gives the value where no condition holds.

    Args:
        x (Tensor): Input domain.
        condlist (Union[Tensor, Sequence[Tensor]]): Boolean arrays of `x`'s shape.
        funclist (Sequence[Union[Callable, float]]): A function of `x` (or a constant) per
            condition, plus optionally one for elsewhere.
        args (Any): Extra positional arguments for each function.
        kw (Any): Extra keyword arguments for each function.

    Returns:
        Tensor, of `x`'s shape and dtype.

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.array([-1.0, 2.0])
        >>> print(mnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v * 10]))
        [ 1. 20.]
    """
    x = jnp.asarray(array_like(x))
    conditions = condlist
    if not isinstance(condlist, (list, tuple)) or (
        condlist and np.ndim(condlist[0]) == 0 and x.ndim != 0
    ):
        conditions = [condlist]
    return jnp.piecewise(x, jnp.asarray(conditions, bool), list(funclist), *args, **kw)


def apply_along_axis(
    func1d: Callable[..., Any], axis: int, arr: ArrayLike, *args: Any, **kwargs: Any
) -> Array:
    """Apply `func1d` to 1-D slices of `arr` along `axis` (vectorised with vmap).

    Args:
        func1d (Callable): Function of a 1-D array, traceable by JAX.
        axis (int): Axis along which `arr` is sliced.
        arr (Tensor): Input.
        args (Any): Extra positional arguments for `func1d`.
        kwargs (Any): Extra keyword arguments for `func1d`.

    Returns:
        Tensor, `arr`'s shape with `axis` replaced by the shape of `func1d`'s result.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.apply_along_axis(lambda v: v.sum(), 0, mnp.ones((2, 3))))
        [2. 2. 2.]
    """
    return jnp.apply_along_axis(func1d, axis, array_like(arr), *args, **kwargs)


def apply_over_axes(
    func: Callable[[Array, int], Array], a: ArrayLike, axes: int | Sequence[int]
) -> Array:
    """Apply ``func(a, axis)`` repeatedly over `axes`, keeping dimensions.

    Args:
        func (Callable): Function of an array and an axis, such as ``mnp.sum``.
        a (Tensor): Input.
        axes (Union[int, Sequence[int]]): Axes to apply `func` over, in turn.

    Returns:
        Tensor, of `a`'s rank.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.apply_over_axes(mnp.sum, mnp.ones((2, 3)), [0]))
        [[2. 2. 2.]]
    """
    if isinstance(axes, int):
        axes = [axes]
    return jnp.apply_over_axes(func, array_like(a), axes)


def unravel_index(
    indices: ArrayLike, shape: int | Sequence[int], order: str = "C"
) -> tuple[Array, ...]:
    """Flat indices converted to a tuple of coordinate arrays for `shape`.

    Args:
        indices (Union[Tensor, int]): Flat indices into an array of `shape`.
        shape (Union[int, Sequence[int]]): Shape of that array.
        order (str): ``'C'`` (row-major) or ``'F'`` (column-major). Default: ``'C'``.

    Returns:
        tuple[Tensor, ...], one coordinate array per dimension, of `indices`' shape.

    Raises:
        ValueError: `order` is neither ``'C'`` nor ``'F'``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [int(i) for i in mnp.unravel_index(4, (2, 3))]
        [1, 1]
    """
    if order not in ("C", "F"):
        raise ValueError(f"unravel_index: `order` must be 'C' or 'F', got {order!r}")
    dims = tuple(shape) if isinstance(shape, (list, tuple)) else (shape,)
    if order == "F":
        return tuple(jnp.unravel_index(array_like(indices), dims[::-1])[::-1])
    return tuple(jnp.unravel_index(array_like(indices), dims))


def ravel_multi_index(
    multi_index: Sequence[ArrayLike], dims: Sequence[int], mode: str = "clip", order: str = "C"
) -> Array:
    """Coordinate arrays converted to flat indices into an array of shape `dims`.

    Args:
        multi_index (Sequence[Tensor]): One integer array of coordinates per dimension.
        dims (Sequence[int]): Shape of the array indexed.
        mode (str): Out-of-range coordinates: ``'clip'``, ``'wrap'`` or ``'raise'``.
            Default: ``'clip'``.
        order (str): ``'C'`` (row-major) or ``'F'`` (column-major). Default: ``'C'``.

    Returns:
        Tensor of ints, of the coordinates' broadcast shape.

    Raises:
        ValueError: `mode` is not one of the three.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.ravel_multi_index((mnp.array([1, 0]), mnp.array([1, 2])), (2, 3)))
        [4 2]
    """
    if mode not in _TAKE_MODES:
        raise ValueError(f"ravel_multi_index: `mode` must be one of {_TAKE_MODES}, got {mode!r}")
    return jnp.ravel_multi_index(tuple(multi_index), tuple(dims), mode=mode, order=order)


def argwhere(a: ArrayLike) -> Array:
    """Indices of non-zero elements, one row per element (not usable under jit).

    Args:
        a (Tensor): Input.

    Returns:
        Tensor of ints, of shape (number of non-zero elements, `a`'s rank).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.argwhere(mnp.array([0, 3, 4])))
        [[1]
         [2]]
    """
    return jnp.argwhere(array_like(a))


def size(a: ArrayLike, axis: int | None = None) -> int:
    """Number of elements (along `axis` when given), as a Python int.

    Args:
        a (Tensor): Input.
        axis (Union[int, None]): Axis whose length is wanted; ``None`` counts all elements.
            Default: ``None``.

    Returns:
        int, the count.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.size(mnp.ones((2, 3))), mnp.size(mnp.ones((2, 3)), 1)
        (6, 3)
    """
    shape = np.shape(unwrap(a))
    if axis is None:
        return int(np.prod(shape, dtype=np.int64))
    return int(shape[axis])


def array_str(a: ArrayLike) -> str:
    """The data of `a` as a string, formatted as numpy formats it.

    Args:
        a (Tensor): Input.

    Returns:
        str, numpy's ``array_str`` of the values.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.array_str(mnp.array([1.0, 2.0]))
        '[1. 2.]'
    """
    return np.array_str(np.asarray(unwrap(a)))
