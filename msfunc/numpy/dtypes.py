"""MindSpore's dtype names (MindSpore dtype objects numpy and JAX accept) and dtype promotion."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common import dtype as mstype
from ..common.promotion import narrowed_dtype
from ..common.tensor import canonical_dtype, unwrap

if TYPE_CHECKING:
    import numpy as np
    from jax.typing import ArrayLike, DTypeLike

bool_ = mstype.bool_
int8, int16, int32, int64 = mstype.int8, mstype.int16, mstype.int32, mstype.int64
uint8, uint16, uint32, uint64 = mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64
float16, float32, float64 = mstype.float16, mstype.float32, mstype.float64
float_, int_ = mstype.float32, mstype.int32  # mindspore.numpy's float_ is Float32, not Float

__all__ = [
    "bool_",
    "float16",
    "float32",
    "float64",
    "float_",
    "int8",
    "int16",
    "int32",
    "int64",
    "int_",
    "promote_types",
    "result_type",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
]


# Python's types name mindspore.numpy's defaults (int32, float32), not numpy's 64-bit ones.
_PY_TYPES = {
    bool: mstype.bool_,
    int: mstype.int32,
    float: mstype.float32,
    complex: mstype.complex64,
}


def promote_types(type1: DTypeLike, type2: DTypeLike) -> np.dtype:
    """The smallest dtype both `type1` and `type2` convert to safely.

    Python's ``int`` and ``float`` stand for mindspore.numpy's int32 and float32.

    Args:
        type1 (Union[dtype, type, str]): First dtype.
        type2 (Union[dtype, type, str]): Second dtype.

    Returns:
        numpy.dtype, the promoted dtype.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.promote_types(mnp.int32, mnp.float32)
        dtype('float32')
        >>> mnp.promote_types(int, float)
        dtype('float32')
    """
    return canonical_dtype(
        jnp.promote_types(_PY_TYPES.get(type1, type1), _PY_TYPES.get(type2, type2))
    )


def result_type(*arrays_and_dtypes: ArrayLike | DTypeLike) -> np.dtype:
    """The dtype that results from combining the given arrays, scalars and dtypes.

    No 64-bit dtype results unless an argument is 64-bit (mindspore.numpy's rule).

    Args:
        arrays_and_dtypes (Union[Tensor, int, float, dtype]): At least one array, number or
            dtype.

    Returns:
        numpy.dtype, the combined dtype.

    Raises:
        ValueError: nothing is given.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.result_type(mnp.array([1, 2]), 1.0)
        dtype('float32')
    """
    if not arrays_and_dtypes:
        raise ValueError("result_type: at least one array or dtype is required")
    args = [unwrap(a) for a in arrays_and_dtypes]
    # mindspore.numpy's promotion: no 64-bit result unless an argument is 64-bit.
    return canonical_dtype(narrowed_dtype(jnp.result_type(*args), args, ints=True))
