"""``ms.dtype``: MindSpore's dtype objects (`dtype_objects`) and conversions (`dtype_convert`)."""

import enum as _enum

# Everything importable from here; the names outside __all__ are msfunc's own.
from .dtype_convert import (  # noqa: F401
    canonical_dtype,
    dtype_to_nptype,
    dtype_to_pytype,
    get_py_obj_dtype,
    is_floating,
    pytype_to_dtype,
)
from .dtype_objects import (  # noqa: F401
    BFloat,
    Bool,
    Complex,
    Float,
    Int,
    List,
    NoneType,
    Number,
    String,
    TensorType,
    Tuple,
    Type,
    TypeNone,
    UInt,
    _by_repr,
    all_types,
    bfloat16,
    bool,
    bool_,
    byte,
    cdouble,
    cfloat,
    complex64,
    complex128,
    complex_type,
    double,
    float,
    float8_e4m3fn,
    float8_e5m2,
    float16,
    float32,
    float64,
    float_,
    float_type,
    half,
    hifloat8,
    int,
    int8,
    int16,
    int32,
    int64,
    int_,
    int_type,
    intc,
    intp,
    list_,
    long,
    number,
    number_type,
    qint4x2,
    short,
    signed_type,
    single,
    string,
    tensor_type,
    to_ms_dtype,
    tuple_,
    type_none,
    ubyte,
    uint,
    uint8,
    uint16,
    uint32,
    uint64,
    uint_type,
    uintc,
    uintp,
    ushort,
)


class _QuantDtypeBase(_enum.Enum):
    """Shared behaviour of QuantDtype's members."""

    def value(self):  # MindSpore exposes the code as a method, not as Enum's attribute
        """The integer code of this quantization type."""
        return self._value_


QuantDtype = _QuantDtypeBase(
    "QuantDtype",
    [(f"INT{bits}", bits - 1) for bits in range(1, 17)]
    + [(f"UINT{bits}", 99 + bits) for bits in range(1, 17)],
    module=__name__,
)
QuantDtype.__doc__ = """MindSpore's quantization data types: ``QuantDtype.INT8.value()`` is 7.

Example:
    >>> import msfunc as ms
    >>> ms.QuantDtype.INT8.value(), ms.QuantDtype.UINT4.value(), ms.QuantDtype.UINT4.name
    (7, 103, 'UINT4')
"""


__all__ = [
    "bool_",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "bfloat16",
    "complex64",
    "complex128",
    "float8_e4m3fn",
    "float8_e5m2",
    "hifloat8",
    "qint4x2",
    "half",
    "single",
    "double",
    "float_",
    "int_",
    "short",
    "long",
    "byte",
    "ubyte",
    "ushort",
    "intc",
    "uintc",
    "intp",
    "uintp",
    "uint",
    "cfloat",
    "cdouble",
    "number",
    "bool",
    "int",
    "float",
    "string",
    "list_",
    "tuple_",
    "type_none",
    "tensor_type",
    "Type",
    "TensorType",
    "QuantDtype",
    "dtype_to_nptype",
    "dtype_to_pytype",
    "pytype_to_dtype",
    "get_py_obj_dtype",
]
