"""Bounds and closeness functional ops: clamp/clip (and in place), nan_to_num, isclose,
approximate_equal and eps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import jax.numpy as jnp

from ..common.promotion import float32_scalar

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "clamp",
    "clip",
    "clip_by_value",
    "clamp_",
    "nan_to_num",
    "isclose",
    "approximate_equal",
    "eps",
]


def clamp(
    input: ArrayLike, min: ArrayLike | float | None = None, max: ArrayLike | float | None = None
) -> Array:
    """Clips each element of `input` to the range ``[min, max]``.

    Either bound may be ``None`` (no bound on that side), not both. The bounds are cast to
    `input`'s dtype, so the result keeps it.

    Args:
        input (Tensor): The input.
        min (Union[Tensor, number, None]): The lower bound, broadcast against `input`.
            Default: ``None``.
        max (Union[Tensor, number, None]): The upper bound, broadcast against `input`.
            Default: ``None``.

    Returns:
        Tensor, of `input`'s dtype and the broadcast shape.

    Raises:
        ValueError: If both `min` and `max` are ``None``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.clamp(ms.Tensor([-1.0, 0.5, 5.0]), 0.0, 2.0))
        [0.  0.5 2. ]
        >>> print(ops.clamp(ms.Tensor([1, 7]), max=ms.Tensor([3, 9])))
        [1 7]
    """
    if min is None and max is None:
        raise ValueError("clamp: at least one of `min` and `max` must be given")
    x = jnp.asarray(input)
    # (a Python float bound is a float32 scalar in MindSpore: float64 inputs see its rounding)
    if min is not None:
        x = jnp.maximum(x, jnp.asarray(float32_scalar(min)).astype(x.dtype))
    if max is not None:
        x = jnp.minimum(x, jnp.asarray(float32_scalar(max)).astype(x.dtype))
    return x


def clip(
    input: ArrayLike, min: ArrayLike | float | None = None, max: ArrayLike | float | None = None
) -> Array:
    """Clips each element of `input` to ``[min, max]``; an alias of ``ops.clamp``.

    Args:
        input (Tensor): The input.
        min (Union[Tensor, number, None]): The lower bound. Default: ``None``.
        max (Union[Tensor, number, None]): The upper bound. Default: ``None``.

    Returns:
        Tensor, of `input`'s dtype and the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.clip(ms.Tensor([3.0, -4.0]), max=1.0))
        [ 1. -4.]
    """
    return clamp(input, min, max)


def clip_by_value(
    x: Any,
    clip_value_min: ArrayLike | float | None = None,
    clip_value_max: ArrayLike | float | None = None,
) -> Any:
    """Clips a tensor, or each tensor of a (nested) list or tuple, to
    ``[clip_value_min, clip_value_max]``.

    ``ops.clamp`` with MindSpore's older argument names; a list or tuple comes back as the
    same structure (a gradient tuple with an aux part is nested).

    Args:
        x (Union[Tensor, list[Tensor], tuple[Tensor]]): The tensor or tensors to clip.
        clip_value_min (Union[Tensor, number, None]): The lower bound. Default: ``None``.
        clip_value_max (Union[Tensor, number, None]): The upper bound. Default: ``None``.

    Returns:
        Tensor, or a list or tuple of them shaped as `x`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.clip_by_value(ms.Tensor([3.0, 0.5]), 0.0, 1.0))
        [1.  0.5]
        >>> [t.tolist() for t in ops.clip_by_value([ms.Tensor([3.0]), ms.Tensor([-3.0])], -1, 1)]
        [[1.0], [-1.0]]
    """
    if isinstance(x, (list, tuple)):
        return type(x)(clip_by_value(i, clip_value_min, clip_value_max) for i in x)
    return clamp(x, clip_value_min, clip_value_max)


def clamp_(
    input: ArrayLike, min: ArrayLike | float | None = None, max: ArrayLike | float | None = None
) -> Array:
    """Clips `input` to ``[min, max]`` in place: ``ops.clamp_`` writes the result into a
    Tensor or Parameter `input` and returns it.

    Args:
        input (Tensor): The tensor to clip and overwrite.
        min (Union[Tensor, number, None]): The lower bound. Default: ``None``.
        max (Union[Tensor, number, None]): The upper bound. Default: ``None``.

    Returns:
        Tensor, `input` itself holding the clipped values.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([3.0, -2.0])
        >>> y = ops.clamp_(x, max=1.0)
        >>> print(x, y is x)
        [ 1. -2.] True
    """
    return clamp(input, min, max)


def nan_to_num(
    input: ArrayLike,
    nan: float | None = None,
    posinf: float | None = None,
    neginf: float | None = None,
) -> Array:
    """Replaces NaN, positive and negative infinity in `input` by finite numbers.

    Args:
        input (Tensor): The input.
        nan (Union[float, None]): The value for NaN; ``None`` gives 0. Default: ``None``.
        posinf (Union[float, None]): The value for +inf; ``None`` gives the dtype's largest
            finite value. Default: ``None``.
        neginf (Union[float, None]): The value for -inf; ``None`` gives the dtype's most
            negative finite value. Default: ``None``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([float("nan"), float("inf"), -float("inf"), 1.0])
        >>> print(ops.nan_to_num(x, 0.5, 10.0, -10.0))
        [  0.5  10.  -10.    1. ]
        >>> print(ops.nan_to_num(x)[1])
        3.4028235e+38
    """
    return jnp.nan_to_num(input, nan=0.0 if nan is None else nan, posinf=posinf, neginf=neginf)


def isclose(
    input: ArrayLike,
    other: ArrayLike,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> Array:
    """Whether each element of `input` is close to `other`'s:
    ``|input - other| <= atol + rtol * |other|``.

    Args:
        input (Tensor): The first tensor.
        other (Tensor): The second tensor; broadcast against `input`.
        rtol (float): The relative tolerance. Default: ``1e-05``.
        atol (float): The absolute tolerance. Default: ``1e-08``.
        equal_nan (bool): Whether two NaNs count as close. Default: ``False``.

    Returns:
        Tensor of bool, of the two inputs' broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, float("nan")])
        >>> print(ops.isclose(x, ms.Tensor([1.000001, 2.1, float("nan")])))
        [ True False False]
        >>> print(ops.isclose(x, x, equal_nan=True))
        [ True  True  True]
    """
    return jnp.isclose(input, other, rtol=rtol, atol=atol, equal_nan=equal_nan)


def approximate_equal(x: ArrayLike, y: ArrayLike, tolerance: float = 1e-05) -> Array:
    """Whether ``|x - y| < tolerance``, element-wise.

    Args:
        x (Tensor): The first tensor (at most 7 dimensions).
        y (Tensor): The second tensor, of `x`'s shape.
        tolerance (float): The bound on the absolute difference. Default: ``1e-05``.

    Returns:
        Tensor of bool, of `x`'s shape.

    Raises:
        RuntimeError: If `x` has more than 7 dimensions.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([1.0, 2.1, 4.0])
        >>> print(ops.approximate_equal(x, y), ops.approximate_equal(x, y, tolerance=0.5))
        [ True False False] [ True  True False]
    """
    xa = jnp.asarray(x)
    if xa.ndim >= 8:  # MindSpore's documented limit on the rank of `x`
        raise RuntimeError(f"approximate_equal: `x` may have at most 7 dimensions, got {xa.ndim}")
    return jnp.abs(xa - y) < tolerance


def eps(x: ArrayLike) -> Array:
    """The machine epsilon of `x`'s float dtype (the gap between 1 and the next larger
    number), in `x`'s shape.

    Args:
        x (Tensor): A float tensor; only its dtype and shape matter.

    Returns:
        Tensor, of `x`'s shape and dtype, each element the epsilon.

    Raises:
        TypeError: If `x` is not a float tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.eps(ms.Tensor([1.0, 2.0], ms.float16)))
        [0.000977 0.000977]
        >>> print(ops.eps(ms.Tensor([0.5])))
        [1.1920929e-07]
    """
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        raise TypeError(f"eps: `x` must be a float tensor, got {x.dtype}")
    return jnp.full_like(x, jnp.finfo(x.dtype).eps)
