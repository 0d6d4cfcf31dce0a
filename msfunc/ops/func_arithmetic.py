"""Arithmetic functional ops beyond the plain elementwise table: division modes, fused
multiply-adds, lerp, xlogy/xdivy, rounding, fractions and complex construction."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp
from jax import lax

from ..common import low_precision
from ..common.args import asarray
from ..common.promotion import float32_scalar

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "div",
    "divide",
    "truncate_div",
    "subtract",
    "addcdiv",
    "addcmul",
    "lerp",
    "xlogy",
    "xdivy",
    "round",
    "sgn",
    "frac",
    "ldexp",
    "polar",
]


def div(
    input: ArrayLike | float, other: ArrayLike | float, *, rounding_mode: str | None = None
) -> Array:
    """Element-wise division of `input` by `other`, rounded as `rounding_mode` asks.

    With no rounding mode this is true division (integers give floats); ``"floor"`` rounds
    the quotient down and ``"trunc"`` towards zero, keeping an integer dtype.

    Args:
        input (Union[Tensor, number]): The dividend.
        other (Union[Tensor, number]): The divisor; broadcast against `input`.
        rounding_mode (Union[str, None]): ``None``, ``"floor"`` or ``"trunc"``.
            Default: ``None``.

    Returns:
        Tensor, of the two inputs' broadcast shape.

    Raises:
        ValueError: If `rounding_mode` is not one of the three.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([7, -7]), ms.Tensor([2, 2])
        >>> print(ops.div(x, y), ops.div(x, y, rounding_mode="floor"))
        [ 3.5 -3.5] [ 3 -4]
        >>> print(ops.div(x, y, rounding_mode="trunc"))
        [ 3 -3]
    """
    x, y = float32_scalar(input), float32_scalar(other)  # (MindSpore's float32 scalars)
    if rounding_mode is None:
        return low_precision.divide(x, y)
    if rounding_mode == "floor":
        return jnp.floor_divide(x, y)
    if rounding_mode == "trunc":
        return truncate_div(x, y)
    raise ValueError(
        f"div: `rounding_mode` must be None, 'floor' or 'trunc', got {rounding_mode!r}"
    )


def divide(
    input: ArrayLike | float, other: ArrayLike | float, *, rounding_mode: str | None = None
) -> Array:
    """Element-wise division of `input` by `other`; an alias of ``ops.div``.

    Args:
        input (Union[Tensor, number]): The dividend.
        other (Union[Tensor, number]): The divisor; broadcast against `input`.
        rounding_mode (Union[str, None]): ``None`` (true division), ``"floor"`` or
            ``"trunc"``. Default: ``None``.

    Returns:
        Tensor, of the two inputs' broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.divide(ms.Tensor([1.0, -3.0]), ms.Tensor([4.0, 2.0])))
        [ 0.25 -1.5 ]
    """
    return div(input, other, rounding_mode=rounding_mode)


def truncate_div(x: ArrayLike | float, y: ArrayLike | float) -> Array:
    """Element-wise division rounded towards zero; integer inputs keep an integer dtype.

    Args:
        x (Union[Tensor, number]): The dividend.
        y (Union[Tensor, number]): The divisor; broadcast against `x`.

    Returns:
        Tensor, of the two inputs' broadcast shape and promoted dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.truncate_div(ms.Tensor([-7, 7]), ms.Tensor([2, 2])))
        [-3  3]
    """
    x, y = jnp.asarray(x), jnp.asarray(y)
    if jnp.issubdtype(jnp.result_type(x, y), jnp.integer):
        dt = jnp.result_type(x, y)
        return lax.div(*jnp.broadcast_arrays(x.astype(dt), y.astype(dt)))
    return jnp.trunc(x / y)


def subtract(input: ArrayLike | float, other: ArrayLike | float, *, alpha: float = 1) -> Array:
    """Element-wise ``input - alpha * other``.

    Args:
        input (Union[Tensor, number]): The minuend.
        other (Union[Tensor, number]): The subtrahend; broadcast against `input`.
        alpha (number): The factor `other` is scaled by. Default: ``1``.

    Returns:
        Tensor, of the two inputs' broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.subtract(ms.Tensor([5.0, 1.0]), ms.Tensor([1.0, 2.0]), alpha=2))
        [ 3. -3.]
    """
    x, y = input, other
    return jnp.subtract(x, y if alpha == 1 else alpha * y)


def addcdiv(
    input: ArrayLike, tensor1: ArrayLike, tensor2: ArrayLike, value: ArrayLike | float = 1
) -> Array:
    """Element-wise ``input + value * tensor1 / tensor2``.

    Args:
        input (Tensor): The tensor added to.
        tensor1 (Tensor): The numerator.
        tensor2 (Tensor): The denominator.
        value (Union[Tensor, number]): The scale of the quotient. Default: ``1``.

    Returns:
        Tensor, of the inputs' broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, a, b = ms.Tensor([1.0, 1.0]), ms.Tensor([1.0, 3.0]), ms.Tensor([2.0, 4.0])
        >>> print(ops.addcdiv(x, a, b, value=2))
        [2.  2.5]
    """
    value = float32_scalar(value)
    return jnp.asarray(input) + value * jnp.asarray(tensor1) / jnp.asarray(tensor2)


def addcmul(
    input: ArrayLike, tensor1: ArrayLike, tensor2: ArrayLike, value: ArrayLike | float = 1
) -> Array:
    """Element-wise ``input + value * tensor1 * tensor2``.

    Args:
        input (Tensor): The tensor added to.
        tensor1 (Tensor): The first factor.
        tensor2 (Tensor): The second factor.
        value (Union[Tensor, number]): The scale of the product. Default: ``1``.

    Returns:
        Tensor, of the inputs' broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, a, b = ms.Tensor([1.0, 1.0]), ms.Tensor([1.0, 3.0]), ms.Tensor([2.0, 4.0])
        >>> print(ops.addcmul(x, a, b, value=2))
        [ 5. 25.]
    """
    value = float32_scalar(value)
    return jnp.asarray(input) + value * jnp.asarray(tensor1) * jnp.asarray(tensor2)


def lerp(input: ArrayLike, end: ArrayLike, weight: ArrayLike | float) -> Array:
    """Linear interpolation ``input + weight * (end - input)``, element-wise.

    Args:
        input (Tensor): The start points.
        end (Tensor): The end points; broadcast against `input`.
        weight (Union[Tensor, float]): The interpolation weight (0 gives `input`, 1 `end`).

    Returns:
        Tensor, of the inputs' broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.lerp(ms.Tensor([0.0, 2.0]), ms.Tensor([4.0, 4.0]), 0.25))
        [1.  2.5]
    """
    x = jnp.asarray(input)
    return x + weight * (jnp.asarray(end) - x)


def xlogy(input: ArrayLike | float, other: ArrayLike | float) -> Array:
    """Element-wise ``input * log(other)``.

    As MindSpore computes it, ``0 * log(0)`` is NaN (not 0 as in scipy's ``xlogy``).

    Args:
        input (Union[Tensor, number]): The factor.
        other (Union[Tensor, number]): The argument of the logarithm; broadcast against
            `input`.

    Returns:
        Tensor, of the two inputs' broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.xlogy(ms.Tensor([2.0, 3.0]), ms.Tensor([1.0, 4.0])))
        [0.       4.158883]
    """
    return jnp.asarray(input) * jnp.log(other)


def xdivy(x: ArrayLike | float, y: ArrayLike | float) -> Array:
    """Element-wise ``x / y``, and 0 wherever `x` is 0 (even where `y` is 0 too).

    Args:
        x (Union[Tensor, number]): The dividend.
        y (Union[Tensor, number]): The divisor; broadcast against `x`.

    Returns:
        Tensor, of the two inputs' broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.xdivy(ms.Tensor([0.0, 2.0]), ms.Tensor([0.0, 4.0])))
        [0.  0.5]
    """
    x, y = jnp.asarray(x), jnp.asarray(y)
    safe = jnp.where(x == 0, jnp.ones_like(y), y)
    return jnp.where(x == 0, jnp.zeros_like(x / safe), x / safe)


def round(input: ArrayLike, *, decimals: int = 0) -> Array:
    """Rounds each element to `decimals` decimal places, halves to even.

    Args:
        input (Tensor): The input.
        decimals (int): The number of decimal places (negative: to tens, hundreds...).
            Default: ``0``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.round(ms.Tensor([0.5, 1.5, 2.5, -1.7])))
        [ 0.  2.  2. -2.]
        >>> print(ops.round(ms.Tensor([1.25, 2.375, 151.0]), decimals=1))
        [  1.2   2.4 151. ]
    """
    return jnp.round(input, decimals)


def sgn(input: ArrayLike) -> Array:
    """Sign of each element, extended to complex numbers as ``x / |x|`` (0 at 0).

    Args:
        input (Tensor): The input, real or complex.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.sgn(ms.Tensor([-2.0, 0.0, 3.0])))
        [-1.  0.  1.]
        >>> print(ops.sgn(ms.Tensor([3 + 4j, 0j])))
        [0.6+0.8j 0. +0.j ]
    """
    x = jnp.asarray(input)
    if jnp.iscomplexobj(x):
        mag = jnp.abs(x)
        return jnp.where(mag == 0, 0, x / jnp.where(mag == 0, 1, mag))
    return jnp.sign(x)


def frac(x: ArrayLike) -> Array:
    """Fractional part of each element, ``x - trunc(x)`` (it keeps the sign of `x`).

    Args:
        x (Tensor): The input.

    Returns:
        Tensor, of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.frac(ms.Tensor([1.5, -1.25, 2.0])))
        [ 0.5  -0.25  0.  ]
    """
    x = jnp.asarray(x)
    return x - jnp.trunc(x)


def ldexp(x: ArrayLike, other: ArrayLike) -> Array:
    """Element-wise ``x * 2 ** other``.

    Args:
        x (Tensor): The mantissas.
        other (Tensor): The exponents (integers); broadcast against `x`.

    Returns:
        Tensor, of the two inputs' broadcast shape, a float dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ldexp(ms.Tensor([1.0, 3.0]), ms.Tensor([3, -1])))
        [8.  1.5]
    """
    x = jnp.asarray(x)
    return x * jnp.power(2.0, other).astype(jnp.result_type(x, jnp.float32))


def polar(abs: ArrayLike, angle: ArrayLike) -> Array:
    """The complex numbers of modulus `abs` and argument `angle`: ``abs * exp(1j * angle)``.

    Args:
        abs (Tensor): The moduli.
        angle (Tensor): The arguments, in radians; of `abs`'s shape.

    Returns:
        Tensor, complex, of the inputs' shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.polar(ms.Tensor([2.0, 1.0]), ms.Tensor([0.0, 0.5])))
        [2.        +0.j         0.87758255+0.47942555j]
    """
    r, t = jnp.asarray(abs), jnp.asarray(angle)
    return lax.complex(r * jnp.cos(t), r * jnp.sin(t))


# MindSpore offers these only as primitive classes (P.Rint, P.Complex, P.DivNoNan, P.MulNoNan,
# P.SquaredDifference): named functions here, outside `__all__` (ops has no such function names).
def rint(x: ArrayLike) -> Array:
    """Round to the nearest integer, halves to even (MindSpore's ``P.Rint``).

    Example:
        >>> rint(jnp.array([0.5, 1.5, -2.7])).tolist()
        [0.0, 2.0, -3.0]
    """
    return jnp.rint(asarray(x))


def make_complex(real: ArrayLike, imag: ArrayLike) -> Array:
    """``real + 1j * imag`` from two real tensors (MindSpore's ``P.Complex``).

    Example:
        >>> make_complex(jnp.array([1.0]), jnp.array([2.0])).tolist()
        [(1+2j)]
    """
    return lax.complex(asarray(real), asarray(imag))


def div_no_nan(x: ArrayLike, y: ArrayLike) -> Array:
    """``x / y``, and 0 where `y` is 0 (MindSpore's ``P.DivNoNan``).

    Example:
        >>> div_no_nan(jnp.array([1.0, 2.0]), jnp.array([0.0, 4.0])).tolist()
        [0.0, 0.5]
    """
    x, y = asarray(x), asarray(y)
    return jnp.where(y == 0, 0, x / jnp.where(y == 0, 1, y))


def mul_no_nan(x: ArrayLike, y: ArrayLike) -> Array:
    """``x * y``, and 0 where `y` is 0 even when `x` is inf or nan (MindSpore's ``P.MulNoNan``).

    Example:
        >>> mul_no_nan(jnp.array([jnp.inf, 2.0]), jnp.array([0.0, 3.0])).tolist()
        [0.0, 6.0]
    """
    x, y = asarray(x), asarray(y)
    return jnp.where(y == 0, 0, x * y)


def squared_difference(x: ArrayLike, y: ArrayLike) -> Array:
    """``(x - y) ** 2`` (MindSpore's ``P.SquaredDifference``).

    Example:
        >>> squared_difference(jnp.array([1.0, 5.0]), jnp.array([3.0, 2.0])).tolist()
        [4.0, 9.0]
    """
    return jnp.square(asarray(x) - asarray(y))
