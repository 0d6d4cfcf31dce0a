"""Which 0-d arrays came from ``mutable(number)``: PyNative grad leaves those out, as MindSpore."""

import weakref

__all__ = ["mark_mutable_number", "is_mutable_number"]

# id -> weak reference: jax arrays are unhashable, so no WeakSet; an entry goes with its array
_MARKED: dict[int, weakref.ref] = {}


def mark_mutable_number(array):
    """Remember `array` (a 0-d array made from a Python number by ``mutable``) and return it.

    Example:
        >>> import jax.numpy as jnp
        >>> x = mark_mutable_number(jnp.asarray(2))
        >>> is_mutable_number(x), is_mutable_number(jnp.asarray(2))
        (True, False)
    """
    key = id(array)
    _MARKED[key] = weakref.ref(array, lambda _ref, key=key: _MARKED.pop(key, None))
    return array


def is_mutable_number(value):
    """True when `value` is an array `mark_mutable_number` marked (MindSpore's ``mutable`` int,
    float or bool: a number its PyNative grad does not differentiate).

    Example:
        >>> is_mutable_number(3)
        False
    """
    ref = _MARKED.get(id(value))
    return ref is not None and ref() is value
