"""Comparisons and tests on whole arrays: equality, closeness, infinities, scalars."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np

from ..common.args import array_like, to_float
from ..common.tensor import unwrap

if TYPE_CHECKING:
    from typing import Any

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "array_equal",
    "array_equiv",
    "fix",
    "isclose",
    "isneginf",
    "isposinf",
    "isscalar",
]


def array_equal(a1: ArrayLike, a2: ArrayLike, equal_nan: bool = False) -> Array:
    """True when both arrays have the same shape and elements.

    Args:
        a1 (Tensor): First array.
        a2 (Tensor): Second array.
        equal_nan (bool): Count NaNs in the same places as equal. Default: ``False``.

    Returns:
        Tensor, a bool scalar.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.array_equal(mnp.array([1, 2]), mnp.array([1, 2])))
        True
    """
    return jnp.array_equal(array_like(a1), array_like(a2), equal_nan)


def array_equiv(a1: ArrayLike, a2: ArrayLike) -> Array:
    """True when the arrays broadcast to each other and are equal.

    Args:
        a1 (Tensor): First array.
        a2 (Tensor): Second array.

    Returns:
        Tensor, a bool scalar.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.array_equiv(mnp.array([1, 2]), mnp.array([[1, 2], [1, 2]])))
        True
    """
    return jnp.array_equiv(array_like(a1), array_like(a2))


def isclose(
    a: ArrayLike, b: ArrayLike, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> Array:
    """Element-wise ``|a - b| <= atol + rtol * |b|``.

    Args:
        a (Tensor): First input.
        b (Tensor): Second input, broadcast against `a`.
        rtol (float): Relative tolerance. Default: ``1e-05``.
        atol (float): Absolute tolerance. Default: ``1e-08``.
        equal_nan (bool): Count NaNs in the same places as close. Default: ``False``.

    Returns:
        Tensor of bool, of the broadcast shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.isclose(mnp.array([1.0, 2.0]), mnp.array([1.0, 2.1])))
        [ True False]
    """
    return jnp.isclose(array_like(a), array_like(b), rtol, atol, equal_nan)


def isneginf(x: ArrayLike) -> Array:
    """Element-wise test for negative infinity.

    Args:
        x (Tensor): Input.

    Returns:
        Tensor of bool, of `x`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.isneginf(mnp.array([-float("inf"), 1.0])))
        [ True False]
    """
    return jnp.isneginf(array_like(x))


def isposinf(x: ArrayLike) -> Array:
    """Element-wise test for positive infinity.

    Args:
        x (Tensor): Input.

    Returns:
        Tensor of bool, of `x`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.isposinf(mnp.array([float("inf"), 1.0])))
        [ True False]
    """
    return jnp.isposinf(array_like(x))


def isscalar(element: Any) -> bool:
    """True for Python/numpy scalars; False for arrays, including 0-d ones (as MindSpore).

    Args:
        element (Any): Object to test.

    Returns:
        bool, whether `element` is a scalar.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.isscalar(1.0), mnp.isscalar(mnp.array(1.0))
        (True, False)
    """
    return bool(np.isscalar(unwrap(element)))


def fix(x: ArrayLike) -> Array:
    """Round towards zero; integer input gives float32 (as MindSpore).

    Args:
        x (Tensor): Input.

    Returns:
        Tensor of floats, of `x`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.fix(mnp.array([-1.5, 1.5])))
        [-1.  1.]
    """
    return jnp.trunc(to_float(array_like(x)))
