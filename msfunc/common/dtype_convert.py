"""Conversions between MindSpore's dtypes and numpy, JAX and Python types."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .dtype_objects import (
    Number,
    TensorType,
    Type,
    bool_,
    complex128,
    float64,
    float_,
    int64,
    int_,
    list_,
    string,
    to_ms_dtype,
    tuple_,
    type_none,
)


def dtype_to_nptype(type_: Type) -> type:
    """The numpy scalar type of a MindSpore dtype: ``float32`` gives ``np.float32``.

    Args:
        type_ (Type): A dtype of fixed width (not the generic ``float_``, ``number`` ...).

    Returns:
        type, the numpy scalar type.

    Example:
        >>> import msfunc as ms
        >>> print(ms.dtype_to_nptype(ms.float16), ms.dtype_to_nptype(ms.int64))
        <class 'numpy.float16'> <class 'numpy.int64'>
    """
    if isinstance(type_, Number) and (type_._generic or not hasattr(type_, "dtype")):
        raise TypeError(
            f"dtype_to_nptype: {type_!r} has no numpy type; expected a dtype of fixed "
            "width such as float32"
        )
    try:
        return np.dtype(type_).type
    except TypeError:
        raise TypeError(f"dtype_to_nptype: expected a dtype, got {type_!r}") from None


def dtype_to_pytype(type_: Type) -> type:
    """The Python type a MindSpore dtype's values convert to: ``int8`` gives ``int``.

    Args:
        type_ (Type): A dtype, or one of ``string``, ``list_``, ``tuple_``, ``type_none``.

    Returns:
        type, one of ``bool``, ``int``, ``float``, ``complex``, ``str``, ``list``, ``tuple``
        and ``NoneType``.

    Example:
        >>> import msfunc as ms
        >>> print(ms.dtype_to_pytype(ms.float16), ms.dtype_to_pytype(ms.int8))
        <class 'float'> <class 'int'>
    """
    non_numeric = {
        string: str,
        list_: list,
        tuple_: tuple,
        type_none: type(None),
        float_: float,
        int_: int,
    }
    if isinstance(type_, Type) and type_ in non_numeric:
        return non_numeric[type_]
    if isinstance(type_, Number) and (type_._generic or not hasattr(type_, "dtype")):
        raise TypeError(f"dtype_to_pytype: {type_!r} has no Python type")
    try:
        np_dtype = np.dtype(type_)
    except TypeError:
        raise TypeError(f"dtype_to_pytype: expected a dtype, got {type_!r}") from None
    # jnp.issubdtype also places ml_dtypes' bfloat16, float8 and int4 in numpy's hierarchy.
    for kind, pytype in (
        (np.bool_, bool),
        (np.integer, int),
        (np.floating, float),
        (np.complexfloating, complex),
    ):
        if jnp.issubdtype(np_dtype, kind):
            return pytype
    raise TypeError(f"dtype_to_pytype: {type_!r} has no Python type")


_PYTYPE_TO_DTYPE = {
    bool: bool_,
    int: int64,
    float: float64,
    complex: complex128,
    str: string,
    list: list_,
    tuple: tuple_,
    type(None): type_none,
}


def pytype_to_dtype(obj: Any) -> Type:
    """MindSpore's dtype for a Python or numpy type: ``int`` gives ``int64``.

    As in MindSpore, ``float`` gives float64 and ``complex`` complex128 (the types' own
    width), although a Tensor built from Python floats is float32.

    Args:
        obj (Any): A Python type (``bool``, ``int``, ``float``, ``complex``, ``str``,
            ``list``, ``tuple``, ``NoneType``), a numpy type or dtype, or a MindSpore dtype
            (returned as it is).

    Returns:
        Type, the MindSpore dtype.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> print(ms.pytype_to_dtype(bool), ms.pytype_to_dtype(int), ms.pytype_to_dtype(float),
        ...       ms.pytype_to_dtype(np.float16))
        Bool Int64 Float64 Float16
    """
    if isinstance(obj, Type):
        return obj
    if isinstance(obj, np.dtype):
        return to_ms_dtype(obj)
    if not isinstance(obj, type):
        raise TypeError(
            f"pytype_to_dtype: expected a Python type such as int, float or str, "
            f"got {obj!r} of type {type(obj).__name__}"
        )
    if obj in _PYTYPE_TO_DTYPE:
        return _PYTYPE_TO_DTYPE[obj]
    if issubclass(obj, np.generic) or isinstance(getattr(obj, "dtype", None), np.dtype):
        return to_ms_dtype(obj)
    # (NotImplementedError, as MindSpore: a type it has no dtype for, not a wrong argument)
    raise NotImplementedError(
        f"pytype_to_dtype: the Python type {obj.__name__} has no MindSpore dtype"
    )


def get_py_obj_dtype(obj: Any) -> Type:
    """MindSpore's type of a Python object: ``1`` is int64, a float32 Tensor ``Tensor[Float32]``.

    Args:
        obj (Any): A Python or numpy value, a type, or a Tensor.

    Returns:
        Type, the dtype of a scalar, or a `TensorType` for a Tensor.

    Example:
        >>> import msfunc as ms
        >>> print(ms.get_py_obj_dtype(1), ms.get_py_obj_dtype(1.0), ms.get_py_obj_dtype("a"),
        ...       ms.get_py_obj_dtype(ms.Tensor([1.0])))
        Int64 Float64 String Tensor[Float32]
    """
    if getattr(type(obj), "_msfunc_tensor", False):  # a Tensor (whose module imports this one)
        return TensorType(to_ms_dtype(obj.dtype))
    if isinstance(obj, type):
        return pytype_to_dtype(obj)
    if isinstance(obj, np.generic):
        return to_ms_dtype(obj.dtype)
    return pytype_to_dtype(type(obj))


def is_floating(dtype):
    """True for real or complex floating dtypes (the ones gradients flow through).

    Example:
        >>> import msfunc as ms
        >>> is_floating(ms.float16), is_floating(ms.int32)
        (True, False)
    """
    return jnp.issubdtype(dtype, jnp.inexact)


def canonical_dtype(dtype):
    """`dtype` as the numpy dtype JAX will store (int64 -> int32 unless x64 is enabled).

    Accepts MindSpore dtype objects (the generic ``float_`` / ``int_`` as float32 / int32),
    numpy and JAX dtypes, scalar types and names.

    Example:
        >>> import msfunc as ms
        >>> canonical_dtype("float32"), canonical_dtype(ms.float16)
        (dtype('float32'), dtype('float16'))
    """
    if not isinstance(dtype, (Number, np.dtype)):
        try:
            dtype = np.dtype(dtype)
        except TypeError:
            raise TypeError(
                f"expected a dtype (msfunc.float32, np.float32, 'float32' ...), got {dtype!r}"
            ) from None
    elif isinstance(dtype, Number) and not hasattr(dtype, "dtype"):
        raise TypeError(
            f"dtype {dtype!r} has no numpy or JAX counterpart; expected a dtype "
            "such as float32 or int64"
        )
    return jax.dtypes.canonicalize_dtype(dtype)
