"""Comparisons and tests on whole arrays: equality, closeness, infinities, scalars."""

import jax.numpy as jnp
import numpy as np

from ..common.args import array_like, to_float
from ..common.tensor import unwrap

__all__ = [
    "array_equal",
    "array_equiv",
    "fix",
    "isclose",
    "isneginf",
    "isposinf",
    "isscalar",
]


def array_equal(a1, a2, equal_nan=False):
    """True when both arrays have the same shape and elements.

    Example:
        >>> import msfunc.numpy as mnp
        >>> bool(mnp.array_equal(mnp.array([1, 2]), mnp.array([1, 2])))
        True
    """
    return jnp.array_equal(array_like(a1), array_like(a2), equal_nan)


def array_equiv(a1, a2):
    """True when the arrays broadcast to each other and are equal.

    Example:
        >>> import msfunc.numpy as mnp
        >>> bool(mnp.array_equiv(mnp.array([1, 2]), mnp.array([[1, 2], [1, 2]])))
        True
    """
    return jnp.array_equiv(array_like(a1), array_like(a2))


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Element-wise ``|a - b| <= atol + rtol * |b|``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.isclose(mnp.array([1.0, 2.0]), mnp.array([1.0, 2.1])).tolist()
        [True, False]
    """
    return jnp.isclose(array_like(a), array_like(b), rtol, atol, equal_nan)


def isneginf(x):
    """Element-wise test for negative infinity.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.isneginf(mnp.array([-float("inf"), 1.0])).tolist()
        [True, False]
    """
    return jnp.isneginf(array_like(x))


def isposinf(x):
    """Element-wise test for positive infinity.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.isposinf(mnp.array([float("inf"), 1.0])).tolist()
        [True, False]
    """
    return jnp.isposinf(array_like(x))


def isscalar(element):
    """True for Python/numpy scalars; False for arrays, including 0-d ones (as MindSpore).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.isscalar(1.0), mnp.isscalar(mnp.array(1.0))
        (True, False)
    """
    return bool(np.isscalar(unwrap(element)))


def fix(x):
    """Round towards zero; integer input gives float32 (as MindSpore).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.fix(mnp.array([-1.5, 1.5])).tolist()
        [-1.0, 1.0]
    """
    return jnp.trunc(to_float(array_like(x)))
