"""Conversions between MindSpore's dtypes and numpy, JAX and Python types."""

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


def dtype_to_nptype(type_):
    """The numpy scalar type of a dtype: ``dtype_to_nptype(float32) is np.float32``.

    Example:
        >>> import msfunc as ms
        >>> ms.dtype_to_nptype(ms.float16)
        <class 'numpy.float16'>
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


def dtype_to_pytype(type_):
    """The Python type a dtype's values convert to: ``dtype_to_pytype(int8) is int``.

    Example:
        >>> import msfunc as ms
        >>> ms.dtype_to_pytype(ms.float16), ms.dtype_to_pytype(ms.bool_)
        (<class 'float'>, <class 'bool'>)
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


def pytype_to_dtype(obj):
    """MindSpore's dtype for a Python or numpy type: ``pytype_to_dtype(int) == int64``.

    As in MindSpore, ``float`` gives float64 and ``complex`` complex128 (the types' own width);
    a Tensor built from Python floats is still float32.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> ms.pytype_to_dtype(bool), ms.pytype_to_dtype(np.float16), ms.pytype_to_dtype(ms.int8)
        (mindspore.bool, mindspore.float16, mindspore.int8)
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
    raise TypeError(f"pytype_to_dtype: the Python type {obj.__name__} has no MindSpore dtype")


def get_py_obj_dtype(obj):
    """MindSpore's type of a Python object: ``get_py_obj_dtype(1.0) == float64``.

    Example:
        >>> import msfunc as ms
        >>> ms.get_py_obj_dtype(1), ms.get_py_obj_dtype(ms.Tensor([1.0]))
        (mindspore.int64, mindspore.tensor[float32])
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
