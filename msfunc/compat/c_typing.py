"""``mindspore._c_expression.typing``: MindSpore's type classes, which are msfunc's dtype classes.

Programs test dtypes against these (``isinstance(x.dtype, typing.Number)``,
``typing.kFloat32``); each name here is the object `msfunc.common.dtype` defines, so
``typing.Float is type(ms.float32)``.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat import c_typing
    >>> isinstance(ms.float32, c_typing.Number), c_typing.kInt32 is ms.int32
    (True, True)
    >>> c_typing.str_to_type("Float16") is ms.float16
    True
"""

from ..common import dtype as _dt
from ..common.dtype import (  # noqa: F401  (MindSpore's names at this path)
    BFloat,
    Bool,
    Complex,
    Float,
    Int,
    List,
    Number,
    String,
    TensorType,
    Tuple,
    Type,
    TypeNone,
    UInt,
)

kBool, kNumber, kString, kList, kTuple = _dt.bool_, _dt.number, _dt.string, _dt.list_, _dt.tuple_
kInt, kUInt, kFloat = _dt.int_, _dt.uint, _dt.float_
kInt8, kInt16, kInt32, kInt64 = _dt.int8, _dt.int16, _dt.int32, _dt.int64
kUInt8, kUInt16, kUInt32, kUInt64 = _dt.uint8, _dt.uint16, _dt.uint32, _dt.uint64
kFloat16, kFloat32, kFloat64, kBFloat16 = _dt.float16, _dt.float32, _dt.float64, _dt.bfloat16
kComplex64, kComplex128 = _dt.complex64, _dt.complex128
kTypeNone, kTensorType = _dt.type_none, _dt.tensor_type

__all__ = [
    "Type",
    "Number",
    "Bool",
    "Int",
    "UInt",
    "Float",
    "BFloat",
    "Complex",
    "String",
    "List",
    "Tuple",
    "TypeNone",
    "TensorType",
    "str_to_type",
    "is_subclass",
] + [name for name in list(globals()) if name.startswith("k") and name[1:2].isupper()]

_BY_NAME = {
    str(t): t
    for t in (
        _dt.bool_,
        _dt.number,
        _dt.string,
        _dt.list_,
        _dt.tuple_,
        _dt.int_,
        _dt.uint,
        _dt.float_,
        _dt.type_none,
        _dt.tensor_type,
    )
    + _dt.number_type
}


def str_to_type(type_name):
    """The type object named `type_name` (``'Float32'``, ``'Number'``, ``'Tensor'``)."""
    if type_name not in _BY_NAME:
        raise ValueError(
            f"str_to_type: unknown type name {type_name!r}; expected one of {sorted(_BY_NAME)}"
        )
    return _BY_NAME[type_name]


def is_subclass(type_, base):
    """True when dtype object `type_` is `base` or one of its kind (``int32`` of ``int_``)."""
    if type_ == base:
        return True
    if base is _dt.number:
        return isinstance(type_, Number)
    generic = {_dt.int_: Int, _dt.uint: UInt, _dt.float_: Float}.get(base)
    return generic is not None and type(type_) is generic
