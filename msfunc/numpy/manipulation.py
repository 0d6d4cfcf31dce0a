"""Shape and layout: reshaping, axes, broadcasting, flipping, rolling, repeating, padding."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import jax.numpy as jnp

from ..common.args import array_like, norm_axis

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "broadcast_arrays",
    "broadcast_to",
    "expand_dims",
    "flip",
    "fliplr",
    "flipud",
    "moveaxis",
    "pad",
    "ravel",
    "repeat",
    "reshape",
    "roll",
    "rollaxis",
    "rot90",
    "squeeze",
    "swapaxes",
    "tile",
    "transpose",
]


def reshape(x: ArrayLike, new_shape: int | Sequence[int]) -> Array:
    """`x` with shape `new_shape` (one entry may be -1).

    Args:
        x (Tensor): Input.
        new_shape (Union[int, Sequence[int]]): The new shape, of `x`'s size; one entry may be
            -1, inferred from the others.

    Returns:
        Tensor, the same elements in `new_shape`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.reshape(mnp.arange(6), (2, -1)))
        [[0 1 2]
         [3 4 5]]
    """
    return jnp.reshape(array_like(x), new_shape)


def ravel(x: ArrayLike) -> Array:
    """`x` flattened to 1-D.

    Args:
        x (Tensor): Input.

    Returns:
        Tensor, 1-D, in row-major order.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.ravel(mnp.array([[1, 2], [3, 4]])))
        [1 2 3 4]
    """
    return jnp.ravel(array_like(x))


def expand_dims(a: ArrayLike, axis: int | Sequence[int]) -> Array:
    """`a` with a new axis of length one at `axis`.

    Args:
        a (Tensor): Input.
        axis (Union[int, Sequence[int]]): Position(s) of the new axes in the result.

    Returns:
        Tensor, with one more dimension per entry of `axis`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.expand_dims(mnp.ones(3), 0).shape
        (1, 3)
    """
    return jnp.expand_dims(array_like(a), axis)


def squeeze(a: ArrayLike, axis: int | Sequence[int] | None = None) -> Array:
    """`a` without its length-one axes (or just `axis`).

    Args:
        a (Tensor): Input.
        axis (Union[int, Sequence[int], None]): Length-one axes to remove; ``None`` removes
            them all. Default: ``None``.

    Returns:
        Tensor, the same elements with fewer dimensions.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.squeeze(mnp.ones((1, 3, 1))).shape
        (3,)
    """
    return jnp.squeeze(array_like(a), axis)


def transpose(a: ArrayLike, axes: Sequence[int] | None = None) -> Array:
    """`a` with its axes permuted (reversed by default).

    Args:
        a (Tensor): Input.
        axes (Union[Sequence[int], None]): The permutation; ``None`` reverses the axes.
            Default: ``None``.

    Returns:
        Tensor, with the permuted shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.transpose(mnp.array([[1, 2, 3]])))
        [[1]
         [2]
         [3]]
    """
    return jnp.transpose(array_like(a), axes)


def swapaxes(x: ArrayLike, axis1: int, axis2: int) -> Array:
    """`x` with two axes interchanged.

    Args:
        x (Tensor): Input.
        axis1 (int): First axis.
        axis2 (int): Second axis.

    Returns:
        Tensor, with those two axes swapped.

    Raises:
        ValueError: an axis is out of range.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.swapaxes(mnp.ones((2, 3)), 0, 1).shape
        (3, 2)
    """
    x = jnp.asarray(array_like(x))
    # an int axis comes back as an int, checked against x's rank
    first = cast("int", norm_axis(axis1, x.ndim, "axis1"))
    second = cast("int", norm_axis(axis2, x.ndim, "axis2"))
    return jnp.swapaxes(x, first, second)


def moveaxis(a: ArrayLike, source: int | Sequence[int], destination: int | Sequence[int]) -> Array:
    """`a` with axes moved from `source` to `destination`.

    Args:
        a (Tensor): Input.
        source (Union[int, Sequence[int]]): Original positions of the axes to move.
        destination (Union[int, Sequence[int]]): Their positions in the result.

    Returns:
        Tensor, with the axes moved and the others in their order.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.moveaxis(mnp.ones((2, 3, 4)), 0, -1).shape
        (3, 4, 2)
    """
    return jnp.moveaxis(array_like(a), source, destination)


def rollaxis(x: ArrayLike, axis: int, start: int = 0) -> Array:
    """`x` with `axis` rolled back until it lies before position `start`.

    Args:
        x (Tensor): Input.
        axis (int): Axis to move.
        start (int): The axis is placed before this position. Default: ``0``.

    Returns:
        Tensor, with the axis moved.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.rollaxis(mnp.ones((2, 3, 4)), 2).shape
        (4, 2, 3)
    """
    return jnp.rollaxis(array_like(x), axis, start)


def broadcast_to(array: ArrayLike, shape: int | Sequence[int]) -> Array:
    """`array` broadcast to `shape`.

    Args:
        array (Tensor): Input.
        shape (Union[int, Sequence[int]]): Target shape, compatible with `array`'s.

    Returns:
        Tensor, of `shape`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.broadcast_to(mnp.array([1, 2]), (2, 2)))
        [[1 2]
         [1 2]]
    """
    return jnp.broadcast_to(array_like(array), shape)


def broadcast_arrays(*args: ArrayLike) -> list[Array]:
    """The arguments broadcast against each other, as a list.

    Args:
        args (Tensor): Arrays to broadcast.

    Returns:
        list[Tensor], each of the common shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.shape for a in mnp.broadcast_arrays(mnp.ones(3), mnp.ones((2, 1)))]
        [(2, 3), (2, 3)]
    """
    return list(jnp.broadcast_arrays(*[array_like(a) for a in args]))


def _atleast(jfn, arys):
    out = jfn(*[array_like(a) for a in arys])
    return list(out) if isinstance(out, (list, tuple)) else out


def atleast_1d(*arys: ArrayLike) -> Array | list[Array]:
    """Each input as an array of at least one dimension (a list when several).

    Args:
        arys (Tensor): Inputs.

    Returns:
        Tensor for one input, else list[Tensor].

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.atleast_1d(mnp.array(1.0)).shape
        (1,)
    """
    return _atleast(jnp.atleast_1d, arys)


def atleast_2d(*arys: ArrayLike) -> Array | list[Array]:
    """Each input as an array of at least two dimensions (a list when several).

    Args:
        arys (Tensor): Inputs; a 1-D input becomes one row.

    Returns:
        Tensor for one input, else list[Tensor].

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.atleast_2d(mnp.ones(3)).shape
        (1, 3)
    """
    return _atleast(jnp.atleast_2d, arys)


def atleast_3d(*arys: ArrayLike) -> Array | list[Array]:
    """Each input as an array of at least three dimensions (a list when several).

    Args:
        arys (Tensor): Inputs; shape (N,) becomes (1, N, 1) and (M, N) becomes (M, N, 1).

    Returns:
        Tensor for one input, else list[Tensor].

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.atleast_3d(mnp.ones(3)).shape
        (1, 3, 1)
    """
    return _atleast(jnp.atleast_3d, arys)


def flip(m: ArrayLike, axis: int | Sequence[int] | None = None) -> Array:
    """`m` with the order of elements reversed along `axis` (all axes by default).

    Args:
        m (Tensor): Input.
        axis (Union[int, Sequence[int], None]): Axes to reverse; ``None`` reverses all.
            Default: ``None``.

    Returns:
        Tensor, of `m`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.flip(mnp.array([1, 2, 3])))
        [3 2 1]
    """
    return jnp.flip(array_like(m), axis)


def fliplr(m: ArrayLike) -> Array:
    """`m` flipped left to right (axis 1).

    Args:
        m (Tensor): Input, at least 2-D.

    Returns:
        Tensor, of `m`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.fliplr(mnp.array([[1, 2]])))
        [[2 1]]
    """
    return jnp.fliplr(array_like(m))


def flipud(m: ArrayLike) -> Array:
    """`m` flipped upside down (axis 0).

    Args:
        m (Tensor): Input, at least 1-D.

    Returns:
        Tensor, of `m`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.flipud(mnp.array([[1], [2]])))
        [[2]
         [1]]
    """
    return jnp.flipud(array_like(m))


def rot90(a: ArrayLike, k: int = 1, axes: Sequence[int] = (0, 1)) -> Array:
    """`a` rotated by 90 degrees `k` times in the plane of `axes`.

    Args:
        a (Tensor): Input, at least 2-D.
        k (int): Number of quarter turns, from the first axis towards the second.
            Default: ``1``.
        axes (Sequence[int]): The two axes of the plane. Default: ``(0, 1)``.

    Returns:
        Tensor, the rotated array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.rot90(mnp.array([[1, 2], [3, 4]])))
        [[2 4]
         [1 3]]
    """
    first, second = axes
    return jnp.rot90(array_like(a), k, (first, second))


def roll(
    a: ArrayLike, shift: int | Sequence[int], axis: int | Sequence[int] | None = None
) -> Array:
    """Elements shifted cyclically by `shift` along `axis` (flattened when None).

    Args:
        a (Tensor): Input.
        shift (Union[int, Sequence[int]]): Places to shift by, one per axis in `axis`.
        axis (Union[int, Sequence[int], None]): Axes to roll; ``None`` rolls the flattened
            array and restores the shape. Default: ``None``.

    Returns:
        Tensor, of `a`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.roll(mnp.array([1, 2, 3]), 1))
        [3 1 2]
    """
    return jnp.roll(array_like(a), shift, axis)


def repeat(a: ArrayLike, repeats: int | ArrayLike, axis: int | None = None) -> Array:
    """Each element repeated `repeats` times (flattened when `axis` is None).

    Args:
        a (Tensor): Input.
        repeats (Union[int, Tensor]): Repetitions, for all elements or one per element.
        axis (Union[int, None]): Axis to repeat along; ``None`` flattens first.
            Default: ``None``.

    Returns:
        Tensor, longer along `axis`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.repeat(mnp.array([1, 2]), 2))
        [1 1 2 2]
    """
    return jnp.repeat(array_like(a), array_like(repeats), axis)


def tile(a: ArrayLike, reps: int | Sequence[int]) -> Array:
    """`a` repeated `reps` times along each axis.

    Args:
        a (Tensor): Input.
        reps (Union[int, Sequence[int]]): Repetitions per axis (from the last).

    Returns:
        Tensor, of rank ``max(a.ndim, len(reps))``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.tile(mnp.array([1, 2]), 2))
        [1 2 1 2]
    """
    return jnp.tile(array_like(a), reps)


_PAD_MODES = (
    "constant",
    "edge",
    "linear_ramp",
    "maximum",
    "mean",
    "median",
    "minimum",
    "reflect",
    "symmetric",
    "wrap",
    "empty",
)


def _nested_tuple(v):
    # jnp.pad takes these arguments as static (hashed), so lists become tuples.
    if isinstance(v, (list, tuple)):
        return tuple(_nested_tuple(i) for i in v)
    return v


def pad(
    arr: ArrayLike,
    pad_width: int | Sequence[int] | Sequence[Sequence[int]],
    mode: str | Callable[..., Any] = "constant",
    stat_length: int | Sequence[Any] | None = None,
    constant_values: ArrayLike | Sequence[Any] = 0,
    end_values: ArrayLike | Sequence[Any] = 0,
    reflect_type: str = "even",
    **kwargs: Any,
) -> Array:
    """`arr` padded by `pad_width` using `mode` (numpy's modes, or a callable).

    Args:
        arr (Tensor): Input.
        pad_width (Union[int, Sequence]): Widths ``((before, after), ...)`` per axis, or one
            pair or one int for all axes.
        mode (Union[str, Callable]): ``'constant'``, ``'edge'``, ``'linear_ramp'``,
            ``'maximum'``, ``'mean'``, ``'median'``, ``'minimum'``, ``'reflect'``,
            ``'symmetric'``, ``'wrap'``, ``'empty'``, or numpy's padding callable.
            Default: ``'constant'``.
        stat_length (Union[int, Sequence, None]): Values used by the statistic modes;
            ``None`` uses the whole axis. Default: ``None``.
        constant_values (Union[int, float, Sequence]): Fill values of ``'constant'``.
            Default: ``0``.
        end_values (Union[int, float, Sequence]): End values of ``'linear_ramp'``.
            Default: ``0``.
        reflect_type (str): ``'even'`` or ``'odd'`` reflection. Default: ``'even'``.
        kwargs (Any): Keyword arguments for a callable `mode`.

    Returns:
        Tensor, `arr` with its axes grown by the pads.

    Raises:
        ValueError: `mode` is unknown.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.pad(mnp.array([1, 2]), 1))
        [0 1 2 0]
        >>> x = mnp.array([1.0, 2.0])
        >>> mnp.pad(x, [[1, 1]], mode="linear_ramp", end_values=[[0, 4]]).tolist()
        [0.0, 1.0, 2.0, 4.0]
    """
    x = array_like(arr)
    if callable(mode):
        return jnp.pad(x, pad_width, mode, **kwargs)
    if mode not in _PAD_MODES:
        raise ValueError(f"pad: `mode` must be one of {_PAD_MODES} or a callable, got {mode!r}")
    extra = {}
    if mode == "constant":
        extra["constant_values"] = constant_values
    elif mode == "linear_ramp":
        extra["end_values"] = _nested_tuple(end_values)
    elif mode in ("maximum", "mean", "median", "minimum"):
        extra["stat_length"] = _nested_tuple(stat_length)
    elif mode in ("reflect", "symmetric"):
        extra["reflect_type"] = reflect_type
    elif mode == "empty":
        mode = "constant"
    return jnp.pad(x, pad_width, mode, **extra)
