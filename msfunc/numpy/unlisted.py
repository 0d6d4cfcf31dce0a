"""Names mindspore.numpy defines outside its ``__all__``: constants, around, copy, matrix_power."""

import math

import jax.numpy as jnp

from ..common.dtype import uint32

__all__ = [
    "inf",
    "PINF",
    "NINF",
    "nan",
    "pi",
    "uint",
    "numeric_types",
    "around",
    "round",
    "copy",
    "matrix_power",
]

inf = PINF = math.inf
NINF = -math.inf
nan = math.nan
pi = math.pi
uint = uint32
numeric_types = [
    "int_",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float_",
    "float16",
    "float32",
    "float64",
    "bool_",
]


def around(a, decimals=0):
    """Round to `decimals` decimals, halves to the even neighbour (as `numpy.around`).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.around(mnp.array([0.5, 1.5, 2.5, 1.234]), 1).tolist()
        [0.5, 1.5, 2.5, 1.2000000476837158]
    """
    return jnp.round(jnp.asarray(a), decimals)


round = around  # noqa: A001 - MindSpore's name


def copy(a):
    """A copy of `a` as an array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.copy([1, 2]).tolist()
        [1, 2]
    """
    return jnp.array(a, copy=True)


def matrix_power(a, n):
    """`a` (a square matrix or a batch of them) raised to the integer power `n`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.matrix_power(mnp.array([[1.0, 1.0], [0.0, 1.0]]), 3).tolist()
        [[1.0, 3.0], [0.0, 1.0]]
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"matrix_power: `n` must be an int, got {type(n).__name__}")
    return jnp.linalg.matrix_power(jnp.asarray(a), n)
