"""MindSpore's dtype classes and objects (``Float32``, ``Int64`` ...), accepted as numpy dtypes."""

from __future__ import annotations

import builtins as _builtins
from typing import Any

import jax.numpy as jnp
import numpy as np

# Python's own `bool`, `int` and `float` are rebound below to MindSpore's dtypes (``ms.int`` is
# Int32 in MindSpore), so this module refers to the built-ins through `_builtins`.
_pybool, _pyint, _pyfloat, _pycomplex = _builtins.bool, _builtins.int, _builtins.float, complex

# ---------------------------------------------------------------------------------------------
# The type classes. An object numpy or JAX is given as a dtype is coerced with ``np.dtype(obj)``,
# and numpy documents that any object with a ``dtype`` attribute holding a dtype is accepted
# ("Any type object with a dtype attribute"). JAX's dtype checks (`check_and_canonicalize_user_
# dtype`, `canonicalize_dtype`, `issubdtype`) all reach that coercion, so a plain instance with a
# ``dtype`` slot works everywhere a dtype is taken, with no change to numpy or JAX. `__hash__` is
# the numpy dtype's and `__eq__` compares numpy dtypes, so both serve as the same dict key.


_SINGLE: dict = {}  # class -> its one object (filled in once the objects exist)


class Type:
    """Base class of MindSpore's type objects: the dtypes and ``string``, ``list_`` ...

    Each object exists once (a copy or an unpickled one is the same object), so ``is``
    compares them as well as ``==``.

    Args:
        str_name (str): What ``str()`` shows, MindSpore's spelling (``"Float32"``).
        repr_name (str): What ``repr()`` shows after ``mindspore.`` (``"float32"``).

    Example:
        >>> import msfunc as ms
        >>> isinstance(ms.float32, ms.dtype.Type), str(ms.float32), repr(ms.float32)
        (True, 'Float32', 'mindspore.float32')
    """

    __slots__ = ("_str", "_repr", "_hash", "__weakref__")

    def __new__(cls, *args, **kwargs):
        # A call with no description (``Number()``, ``Tuple()``, as MindSpore's typing module
        # allows) gives the module's one object of that class.
        if not args and not kwargs and cls in _SINGLE:
            return _SINGLE[cls]
        return object.__new__(cls)

    def __init__(self, str_name: str | None = None, repr_name: str | None = None) -> None:
        if str_name is None or repr_name is None:  # the module's object, built (`__new__`)
            return
        self._str = str_name
        self._repr = "mindspore." + repr_name
        self._hash = hash(self._repr)

    def __str__(self):
        return self._str

    def __repr__(self):
        return self._repr

    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        return self is other

    def __reduce__(self):
        # Unpickles to the module's own object, so identity checks survive a round trip.
        return (_by_repr, (self._repr,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class Number(Type):
    """A numeric MindSpore dtype; ``.dtype`` holds the numpy dtype numpy and JAX see.

    The generic ``number``, ``float_`` (``Float``), ``int_`` (``Int``) and ``uint`` (``UInt``)
    carry no width of their own: they equal only themselves. ``float_`` / ``int_`` / ``uint`` still
    cast as float32 / int32 / uint32 (MindSpore's ``ops.cast`` does so for the first two), while
    ``number`` and ``hifloat8`` (no numpy counterpart) are refused by numpy and JAX.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> ms.float32 == np.float32, np.dtype(ms.float32), np.zeros(2, ms.int8).dtype
        (True, dtype('float32'), dtype('int8'))
    """

    __slots__ = ("dtype", "_generic", "_itemsize", "_signed")

    def __init__(
        self,
        str_name=None,
        repr_name=None,
        np_dtype=None,
        generic=False,
        itemsize=None,
        signed=True,
    ):
        if str_name is None:  # ``Number()``: the generic ``number``, already built
            return
        super().__init__(str_name, repr_name)
        if np_dtype is not None:
            self.dtype = np.dtype(np_dtype)
            if not generic:
                self._hash = hash(self.dtype)
        self._generic = generic
        self._itemsize = (
            itemsize
            if itemsize is not None
            else (1 if generic or np_dtype is None else self.dtype.itemsize)
        )
        self._signed = signed

    def __eq__(self, other):
        if other is self:
            return True
        if self._generic or other is None or isinstance(other, _pybool):
            return False
        mine = getattr(self, "dtype", None)
        if mine is None:
            return False
        if isinstance(other, Number):
            return not other._generic and getattr(other, "dtype", None) == mine
        if isinstance(other, np.dtype):
            return other == mine
        if (
            isinstance(other, str)
            or isinstance(other, type)
            and (
                issubclass(other, np.generic) or isinstance(getattr(other, "dtype", None), np.dtype)
            )
        ):
            # numpy's rule: what np.dtype() accepts compares by the dtype it names ("float32",
            # np.float32, jnp.float32). Python's own int/float are left out on purpose: their
            # numpy meaning (int64/float64) is not MindSpore's.
            try:
                return np.dtype(other) == mine
            except TypeError:
                return False
        return NotImplemented

    def __hash__(self):
        return self._hash

    def __getattr__(self, name):
        # numpy dtype attributes (`kind`, `name`, `type`, `char` ...) read through, so code written
        # for `x.dtype` of a numpy or JAX array keeps working on a Tensor's dtype.
        if name.startswith("_") or name == "dtype":
            raise AttributeError(name)
        try:
            np_dtype = object.__getattribute__(self, "dtype")
        except AttributeError:
            raise AttributeError(f"{self._repr} has no attribute {name!r}") from None
        return getattr(np_dtype, name)

    @property
    def itemsize(self):
        """Bytes per element (1 for the generic types, as MindSpore reports)."""
        return self._itemsize

    @property
    def is_floating_point(self):
        """True for real floating dtypes (not complex), a property as in MindSpore."""
        return isinstance(self, (Float, BFloat))

    @property
    def is_complex(self):
        """True for complex64 and complex128."""
        return isinstance(self, Complex)

    @property
    def is_signed(self):
        """True for signed integers, floats and complex dtypes."""
        return self._signed

    def to_complex(self):
        """The complex dtype with this real part: float32 -> complex64, float64 -> complex128.

        Example:
            >>> import msfunc as ms
            >>> ms.float64.to_complex()
            mindspore.complex128
        """
        if isinstance(self, Complex):
            return self
        target = {"float32": complex64, "bfloat16": complex64, "float64": complex128}.get(
            None if self._generic else getattr(self, "dtype", np.dtype("V1")).name
        )
        if target is None:
            raise TypeError(
                f"to_complex: cannot convert {self!r} to a complex type; expected "
                "float32, float64, bfloat16 or a complex dtype"
            )
        return target

    def to_real(self):
        """The real dtype of a complex one (complex64 -> float32); a real dtype itself."""
        if isinstance(self, Complex):
            return float32 if self is complex64 else float64
        if self._generic:
            raise TypeError(f"to_real: cannot convert the generic {self!r} to a real type")
        return self


class _Sized(Number):
    """A dtype class MindSpore lets one call with a width: ``Float(16)`` is ``float16``."""

    __slots__ = ()

    def __new__(cls, bits=None, *args, **kwargs):
        # The module builds each object once with its full description; a call with a width
        # alone (or none, for the generic type) returns that object.
        return object.__new__(cls) if args or kwargs else _by_width(cls, bits)

    def __init__(self, *args, **kwargs):
        if args[1:] or kwargs:
            super().__init__(*args, **kwargs)


class Bool(_Sized):
    """MindSpore's Bool dtype class; ``Bool()`` is ``bool_``."""

    __slots__ = ()


class Int(_Sized):
    """MindSpore's signed integer dtype class; ``Int(32)`` is ``int32``."""

    __slots__ = ()


class UInt(_Sized):
    """MindSpore's unsigned integer dtype class; ``UInt(8)`` is ``uint8``."""

    __slots__ = ()


class Float(_Sized):
    """MindSpore's floating dtype class; ``Float(16)`` is ``float16``, ``Float()`` generic Float."""

    __slots__ = ()


class BFloat(_Sized):
    """MindSpore's bfloat16 dtype class."""

    __slots__ = ()


class Complex(_Sized):
    """MindSpore's complex dtype class; ``Complex(64)`` is ``complex64``."""

    __slots__ = ()


def _by_width(cls, bits):
    """The dtype object of class `cls` and width `bits` (None: the generic one)."""
    for candidate in _ALL_NUMBERS:
        if type(candidate) is cls and (
            candidate._generic or cls is Bool
            if bits is None
            else not candidate._generic and candidate.itemsize * 8 == bits
        ):
            return candidate
    raise TypeError(f"{cls.__name__}(bits): no {cls.__name__} dtype of {bits} bits")


class String(Type):
    """MindSpore's ``string`` type."""

    __slots__ = ()


class _Sequence(Type):
    """``list_`` / ``tuple_``, or the type of a sequence of given element types.

    ``Tuple((int64, int64))`` is the type of a pair of int64 scalars (``Tuple[Int64*2]``); it
    equals only a Tuple of the same element types, as in MindSpore.
    """

    __slots__ = ("_elements",)

    def __new__(cls, *args, **kwargs):
        if len(args) == 1 and not kwargs and not isinstance(args[0], str):
            return object.__new__(cls)
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, *args):
        if len(args) == 1 and not isinstance(args[0], str):
            elements = tuple(args[0])
            for element in elements:
                if not isinstance(element, Type):
                    raise TypeError(
                        f"{type(self).__name__}(elements): each element must be a MindSpore "
                        f"type, got {type(element).__name__}"
                    )
            single = _SINGLE[type(self)]
            super().__init__(f"{single}[{_element_names(elements)}]", repr(single)[10:])
            self._hash = hash((type(self), elements))
        else:
            elements = None
            super().__init__(*args)
        if args:
            self._elements = elements

    def __eq__(self, other):
        if self is other:
            return True
        mine = getattr(self, "_elements", None)
        return (
            mine is not None
            and type(other) is type(self)
            and getattr(other, "_elements", None) == mine
        )

    def __hash__(self):
        return self._hash

    def __reduce__(self):
        elements = getattr(self, "_elements", None)
        return (type(self), (elements,)) if elements is not None else super().__reduce__()


def _element_names(elements):
    """``Int64*2`` for two int64s, ``Int64,Float32`` otherwise (MindSpore's spelling)."""
    if len(elements) > 1 and all(e == elements[0] for e in elements):
        return f"{elements[0]}*{len(elements)}"
    return ",".join(str(e) for e in elements)


class List(_Sequence):
    """MindSpore's ``list_`` type; ``List([int64])`` is a list of one int64.

    Example:
        >>> List() is list_, str(List([int64, int64])), List([int64]) == list_
        (True, 'List[Int64*2]', False)
    """

    __slots__ = ()


class Tuple(_Sequence):
    """MindSpore's ``tuple_`` type; ``Tuple((int64, float32))`` is such a pair's type.

    Example:
        >>> t = Tuple((int64, float32))
        >>> str(t), repr(t), t == Tuple((int64, float32)), Tuple() is tuple_
        ('Tuple[Int64,Float32]', 'mindspore.tuple_', True, True)
    """

    __slots__ = ()


class TypeNone(Type):
    """MindSpore's ``type_none`` type."""

    __slots__ = ()


class TensorType(Type):
    """The type of a Tensor, with its element dtype: ``TensorType(float32)``.

    Args:
        element_type (Union[Type, None]): The element dtype (anything `to_ms_dtype` reads);
            ``None`` gives the bare ``tensor_type``. Default: ``None``.

    Example:
        >>> import msfunc as ms
        >>> t = ms.dtype.TensorType(ms.float32)
        >>> print(repr(t), t, t.element_type())
        mindspore.tensor[float32] Tensor[Float32] Float32
        >>> ms.dtype.get_py_obj_dtype(ms.Tensor([1, 2])) == ms.dtype.TensorType(ms.int64)
        True
    """

    __slots__ = ("_element",)

    def __init__(self, element_type: Any = None) -> None:
        if element_type is None:
            super().__init__("Tensor", "tensor")
        else:
            element_type = to_ms_dtype(element_type)
            super().__init__(
                f"Tensor[{element_type}]", f"tensor[{repr(element_type)[len('mindspore.') :]}]"
            )
        self._element = element_type

    def element_type(self):
        """The element dtype (None for the bare ``tensor_type``)."""
        return self._element

    def __eq__(self, other):
        return isinstance(other, TensorType) and other._element is self._element

    def __hash__(self):
        return self._hash

    def __reduce__(self):
        return (TensorType, (self._element,))


NoneType = TypeNone

# ---------------------------------------------------------------------------------------------
# The objects: (attribute, class, str, repr name, numpy dtype, signed).
bool_ = Bool("Bool", "bool", np.bool_, signed=False)
int8 = Int("Int8", "int8", np.int8)
int16 = Int("Int16", "int16", np.int16)
int32 = Int("Int32", "int32", np.int32)
int64 = Int("Int64", "int64", np.int64)
uint8 = UInt("UInt8", "uint8", np.uint8, signed=False)
uint16 = UInt("UInt16", "uint16", np.uint16, signed=False)
uint32 = UInt("UInt32", "uint32", np.uint32, signed=False)
uint64 = UInt("UInt64", "uint64", np.uint64, signed=False)
float16 = Float("Float16", "float16", np.float16)
float32 = Float("Float32", "float32", np.float32)
float64 = Float("Float64", "float64", np.float64)
bfloat16 = BFloat("BFloat16", "bfloat16", jnp.bfloat16)
complex64 = Complex("Complex64", "complex64", np.complex64)
complex128 = Complex("Complex128", "complex128", np.complex128)
float8_e4m3fn = Float("Float8E4M3FN", "float8_e4m3fn", jnp.float8_e4m3fn)
float8_e5m2 = Float("Float8E5M2", "float8_e5m2", jnp.float8_e5m2)
hifloat8 = Float("HiFloat8", "hifloat8", None, itemsize=1)  # no numpy or JAX counterpart
qint4x2 = Int("Int4", "int4", jnp.int4, itemsize=1)  # MindSpore packs two per byte

# Generic types (no width): MindSpore's ops.cast reads Float as float32 and Int as int32.
number = Number("Number", "number", None, generic=True, signed=False)
float_ = Float("Float", "float", np.float32, generic=True)
int_ = Int("Int", "int", np.int32, generic=True)
uint = UInt("UInt", "uint", np.uint32, generic=True, signed=False)

string = String("String", "string_")
list_ = List("List", "list_")
tuple_ = Tuple("Tuple", "tuple_")
type_none = TypeNone("None", "type_none")
tensor_type = TensorType()
# (what a call of the class with no description gives: `Type.__new__`)
_SINGLE.update({Number: number, String: string, List: list_, Tuple: tuple_, TypeNone: type_none})

# MindSpore's aliases (the same objects, as in MindSpore: ``ms.half is ms.float16``).
half, single, double = float16, float32, float64
short, long, byte, ubyte, ushort = int16, int64, int8, uint8, uint16
intc, uintc, intp, uintp = int32, uint32, int64, uint64
cfloat, cdouble = complex64, complex128
bool, int, float = bool_, int32, float32  # noqa: A001  (MindSpore's ms.int is Int32, ms.float Float32)

int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64, bfloat16, float8_e4m3fn, float8_e5m2, hifloat8)
complex_type = (complex64, complex128)
number_type = (
    int_type
    + uint_type
    + (float16, float32, float64, bfloat16)
    + complex_type
    + (qint4x2, float8_e4m3fn, float8_e5m2, hifloat8)
)
signed_type = tuple(t for t in number_type if t.is_signed)
all_types = (bool_,) + number_type

_ALL_NUMBERS = (bool_,) + number_type + (number, float_, int_, uint)
_BY_REPR = {repr(t): t for t in _ALL_NUMBERS + (string, list_, tuple_, type_none, tensor_type)}
# numpy dtype -> dtype object; the objects themselves hash and compare as their numpy dtypes, so
# they are keys here too.
_FROM_NUMPY = {t.dtype: t for t in reversed(all_types) if hasattr(t, "dtype")}


def _by_repr(name):
    """The dtype object whose repr is `name` (the pickle constructor)."""
    return _BY_REPR[name]


def to_ms_dtype(dtype):
    """The MindSpore dtype object for a numpy/JAX dtype, scalar type or name.

    A dict lookup for the dtypes arrays carry (Tensor.dtype calls it on every read).

    Example:
        >>> import numpy as np
        >>> to_ms_dtype(np.dtype("float32")), to_ms_dtype(np.int64), to_ms_dtype("bool")
        (mindspore.float32, mindspore.int64, mindspore.bool)
    """
    try:
        found = _FROM_NUMPY.get(dtype)
    except TypeError:  # unhashable
        found = None
    if found is not None:
        return dtype if isinstance(dtype, Number) else found
    if isinstance(dtype, Type):
        return dtype
    try:
        found = _FROM_NUMPY.get(np.dtype(dtype))
    except TypeError:
        found = None
    if found is None:
        raise TypeError(
            f"to_ms_dtype: expected a numpy, JAX or MindSpore dtype that MindSpore "
            f"has (bool, int8..int64, uint8..uint64, float16/32/64, bfloat16, "
            f"complex64/128), got {dtype!r}"
        )
    return found
