"""Which 0-d arrays came from ``mutable(number)``: PyNative grad leaves those out, as MindSpore."""

from .identity_map import IdentityMap

__all__ = ["mark_mutable_number", "is_mutable_number"]

_MARKED = IdentityMap()  # the marked arrays (an entry goes with its array)


def mark_mutable_number(array):
    """Remember `array` (a 0-d array made from a Python number by ``mutable``) and return it.

    Example:
        >>> import jax.numpy as jnp
        >>> x = mark_mutable_number(jnp.asarray(2))
        >>> is_mutable_number(x), is_mutable_number(jnp.asarray(2))
        (True, False)
    """
    _MARKED[array] = True
    return array


def is_mutable_number(value):
    """True when `value` is an array `mark_mutable_number` marked (MindSpore's ``mutable`` int,
    float or bool: a number its PyNative grad does not differentiate).

    Example:
        >>> is_mutable_number(3)
        False
    """
    return _MARKED.get(value, False)
