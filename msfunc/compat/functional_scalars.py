"""The scalar and sequence helpers of ``mindspore.ops.functional`` (``scalar_add``,
``tuple_len`` ...) that graph code and ``HyperMap`` tables call: Python's own operators, which
also take traced numbers inside `jit`.

Example:
    >>> from msfunc.compat.functional_scalars import scalar_add, scalar_div, tuple_setitem
    >>> scalar_add(1, 2), scalar_div(3, 2), tuple_setitem((1, 2), 0, 5)
    (3, 1.5, (5, 2))
"""

import math
import operator

import jax.numpy as jnp

from .._jax_private import Tracer
from ..common.tensor import unwrap

__all__ = [
    "list_len",
    "make_list",
    "make_range",
    "make_tuple",
    "scalar_add",
    "scalar_div",
    "scalar_eq",
    "scalar_floordiv",
    "scalar_ge",
    "scalar_gt",
    "scalar_le",
    "scalar_log",
    "scalar_lt",
    "scalar_max",
    "scalar_min",
    "scalar_mod",
    "scalar_mul",
    "scalar_pow",
    "scalar_sub",
    "scalar_uadd",
    "scalar_usub",
    "tuple_len",
    "tuple_setitem",
]

# (Python's operators: floor division and modulo round toward negative infinity, as
# MindSpore's scalar kernels do; true division always gives a float)
scalar_add = operator.add
scalar_sub = operator.sub
scalar_mul = operator.mul
scalar_div = operator.truediv
scalar_floordiv = operator.floordiv
scalar_mod = operator.mod
scalar_pow = operator.pow
scalar_gt = operator.gt
scalar_lt = operator.lt
scalar_ge = operator.ge
scalar_le = operator.le
scalar_eq = operator.eq
scalar_uadd = operator.pos
scalar_usub = operator.neg


def scalar_log(x):
    """The natural logarithm of a number (a traced one inside `jit` too).

    Example:
        >>> round(scalar_log(2.0), 6)
        0.693147
    """
    value = unwrap(x)
    if isinstance(value, Tracer):
        return jnp.log(value)
    return math.log(value)


def scalar_max(x, y):
    """The larger of two numbers.

    Example:
        >>> scalar_max(1, 2)
        2
    """
    if isinstance(unwrap(x), Tracer) or isinstance(unwrap(y), Tracer):
        return jnp.maximum(unwrap(x), unwrap(y))
    return max(x, y)


def scalar_min(x, y):
    """The smaller of two numbers.

    Example:
        >>> scalar_min(1, 2)
        1
    """
    if isinstance(unwrap(x), Tracer) or isinstance(unwrap(y), Tracer):
        return jnp.minimum(unwrap(x), unwrap(y))
    return min(x, y)


def tuple_len(seq):
    """The length of a tuple.

    Example:
        >>> tuple_len((1, 2))
        2
    """
    return len(seq)


list_len = tuple_len


def make_range(*args):
    """``tuple(range(*args))``: the integers from `start` (0) below `stop` by `step` (1).

    Raises:
        TypeError: an argument is not an int.
        RuntimeError: `step` is 0 (MindSpore's kernel refuses it at run time).

    Example:
        >>> make_range(3), make_range(1, 8, 3), make_range(5, 1, -2)
        ((0, 1, 2), (1, 4, 7), (5, 3))
    """
    if not 1 <= len(args) <= 3:
        raise TypeError(
            f"make_range: takes 1 to 3 ints (stop, or start, stop[, step]), got {len(args)}"
        )
    for i, value in enumerate(args):
        if not isinstance(value, int):
            raise TypeError(f"make_range: argument {i} must be an int, got {type(value).__name__}")
    if len(args) == 3 and args[2] == 0:
        raise RuntimeError("make_range: `step` must not be 0")
    return tuple(range(*args))


def make_tuple(*items):
    """A tuple of the arguments.

    Example:
        >>> make_tuple(1, 2)
        (1, 2)
    """
    return tuple(items)


def make_list(*items):
    """A list of the arguments.

    Example:
        >>> make_list(1, 2)
        [1, 2]
    """
    return list(items)


def tuple_setitem(seq, index, value):
    """A copy of tuple `seq` with item `index` replaced by `value`.

    Example:
        >>> tuple_setitem((1, 2), -1, 7)
        (1, 7)
    """
    items = list(seq)
    items[index] = value
    return tuple(items)
