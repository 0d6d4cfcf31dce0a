"""MindSpore dtype names mapped onto numpy/JAX dtypes."""

import jax.numpy as jnp
import numpy as np

bool_ = np.dtype("bool")
int8 = np.dtype("int8")
int16 = np.dtype("int16")
int32 = np.dtype("int32")
int64 = np.dtype("int64")
uint8 = np.dtype("uint8")
uint16 = np.dtype("uint16")
uint32 = np.dtype("uint32")
uint64 = np.dtype("uint64")
float16 = np.dtype("float16")
float32 = np.dtype("float32")
float64 = np.dtype("float64")
bfloat16 = jnp.dtype(jnp.bfloat16)
complex64 = np.dtype("complex64")
complex128 = np.dtype("complex128")

# MindSpore's aliases.
half = float16
single = float32
double = float64
float_ = float32
int_ = int32
short = int16
long = int64
byte = int8
ubyte = uint8
ushort = uint16
intc = int32
uintc = uint32
intp = int64
uint = uint32
cfloat = complex64
cdouble = complex128

__all__ = [
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "complex64", "complex128",
    "half", "single", "double", "float_", "int_", "short", "long", "byte", "ubyte",
    "ushort", "intc", "uintc", "intp", "uint", "cfloat", "cdouble",
    "dtype_to_nptype", "pytype_to_dtype", "is_floating",
]


def dtype_to_nptype(dtype):
    """The numpy scalar type of `dtype`, e.g. ``dtype_to_nptype(float32) is np.float32``."""
    return np.dtype(dtype).type


def pytype_to_dtype(pytype):
    """MindSpore's default dtype for a Python type: ``pytype_to_dtype(float) == float32``."""
    mapping = {bool: bool_, int: int64, float: float32, complex: complex64}
    if pytype not in mapping:
        raise TypeError(f"pytype_to_dtype: expected bool, int, float or complex, got {pytype!r}")
    return mapping[pytype]


def is_floating(dtype):
    """True for real or complex floating dtypes (the ones gradients flow through)."""
    return jnp.issubdtype(dtype, jnp.inexact)


def canonical_dtype(dtype):
    """`dtype` as JAX will store it (int64 -> int32 unless x64 is enabled).

    Example:
        >>> canonical_dtype("float32")
        dtype('float32')
    """
    import jax
    import numpy as np

    return jax.dtypes.canonicalize_dtype(np.dtype(dtype))
