"""``mindspore._c_dataengine`` and ``mindspore.dataset.core.datatypes``: the Python-visible data
objects of MindSpore's C++ data engine (type names, shapes, tensors over numpy arrays).

msfunc's pipelines hold numpy arrays, so these are thin views kept for programs that build
them directly; the engine's nodes and operations of MindSpore's C++ layer have no counterpart.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "DataType",
    "TensorShape",
    "Tensor",
    "GlobalContext",
    "nptype_to_detype",
    "mstype_to_detype",
]

# The element types of the data engine, by numpy kind: text is "string", raw bytes "bytes".
_NUMERIC = (
    "bool",
    "int8",
    "uint8",
    "int16",
    "uint16",
    "int32",
    "uint32",
    "int64",
    "uint64",
    "float16",
    "float32",
    "float64",
)
_NAMES = frozenset(_NUMERIC + ("string", "bytes"))


class DataType:
    """An element type of the data engine, by name; an unknown name gives "unknown".

    >>> str(DataType("int64")), str(DataType("int"))
    ('int64', 'unknown')
    >>> DataType("float32") == DataType("float32")
    True
    """

    def __init__(self, name):
        if not isinstance(name, str):
            raise TypeError(f"DataType: `name` must be a str, got {type(name).__name__}")
        self._name = name if name in _NAMES else "unknown"

    def __eq__(self, other):
        return isinstance(other, DataType) and other._name == self._name

    def __hash__(self):
        return hash(self._name)

    def __str__(self):
        return self._name

    def __repr__(self):
        return f"DataType({self._name!r})"

    def is_python(self):
        """Whether values of this type stay Python objects (never, for these types)."""
        return False


class TensorShape:
    """A shape; -1 marks an unknown dimension.

    >>> s = TensorShape([2, -1])
    >>> str(s), s.as_list(), s.is_known()
    ('<2,*>', [2, -1], False)
    """

    def __init__(self, dims):
        if not isinstance(dims, (list, tuple)) or not all(
            isinstance(d, (int, np.integer)) and not isinstance(d, bool) for d in dims
        ):
            raise TypeError(f"TensorShape: `dims` must be a list of int, got {dims!r}")
        self._dims = [int(d) for d in dims]

    def as_list(self):
        """The dimensions as a list of int."""
        return list(self._dims)

    def is_known(self):
        """Whether every dimension is known."""
        return all(d >= 0 for d in self._dims)

    def __eq__(self, other):
        return isinstance(other, TensorShape) and other._dims == self._dims

    def __hash__(self):
        return hash(tuple(self._dims))

    def __str__(self):
        return "<" + ",".join("*" if d < 0 else str(d) for d in self._dims) + ">"

    __repr__ = __str__


def _type_name(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "U":
        return "string"
    if dtype.kind == "S":
        return "bytes"
    return dtype.name if dtype.name in _NUMERIC else "unknown"


class Tensor:
    """A data-engine tensor over a numpy array, whose memory it shares.

    >>> x = np.array([1, 2, 3])
    >>> t = Tensor(x)
    >>> str(t.type()), str(t.shape()), t.as_array() is x
    ('int64', '<3>', True)
    """

    def __init__(self, array):
        if not isinstance(array, np.ndarray):
            raise TypeError(f"Tensor: `array` must be a numpy.ndarray, got {type(array).__name__}")
        if _type_name(array.dtype) == "unknown":
            raise RuntimeError(f"Tensor: the data engine has no element type for {array.dtype}")
        self._array = array

    def as_array(self):
        """The numpy array (the same memory, not a copy)."""
        return self._array

    def __array__(self, dtype=None, copy=None):
        if dtype is None or np.dtype(dtype) == self._array.dtype:
            return self._array.copy() if copy else self._array
        if copy is False:
            raise ValueError("Tensor: a cast to another dtype needs a copy")
        return self._array.astype(dtype)

    def type(self):
        """The element type as a `DataType`."""
        return DataType(_type_name(self._array.dtype))

    def shape(self):
        """The shape as a `TensorShape`."""
        return TensorShape(list(self._array.shape))

    def __str__(self):
        return f"Tensor (shape: {self.shape()}, Type: {self.type()})\n{self._array}"


def nptype_to_detype(type_):
    """The `DataType` of a numpy type, dtype or Python type (int is int64, str is string);
    None for a type the engine has no element type for (bytes, object).

    >>> str(nptype_to_detype(np.float32)), str(nptype_to_detype(str)), nptype_to_detype(bytes)
    ('float32', 'string', None)
    """
    name = _type_name(type_)
    # raw bytes come only from arrays; as a type, MindSpore maps them to nothing
    return None if name in ("bytes", "unknown") else DataType(name)


def mstype_to_detype(type_):
    """The `DataType` of a MindSpore dtype (msfunc's dtypes are numpy's; string is text).

    >>> import msfunc
    >>> str(mstype_to_detype(msfunc.int32))
    'int32'
    """
    from ..common import dtype as mstype

    if type_ is getattr(mstype, "string", None):
        return DataType("string")
    try:
        name = np.dtype(type_).name
    except TypeError as exc:
        raise KeyError(type_) from exc
    if name not in _NUMERIC:
        raise KeyError(type_)
    return DataType(name)


class GlobalContext:
    """The data engine's process-wide context."""

    @staticmethod
    def profiling_manager():
        """The process's MindData profiler (msfunc.dataset.profiling.ProfilingManager).

        >>> GlobalContext.profiling_manager() is GlobalContext.profiling_manager()
        True
        """
        from ..dataset.profiling import profiling_manager

        return profiling_manager()
