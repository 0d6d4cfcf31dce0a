"""What the sparse tensor classes share: argument checks, base classes, the sparse ops' home."""

from __future__ import annotations

import types

import jax
import jax.numpy as jnp
import numpy as np

from .sparse_format import sparse_repr
from .tensor import unwrap, wrap

__all__ = [
    "CompressedBase",
    "SparseBase",
    "as_array",
    "check_same_shape",
    "copy_from",
    "dense_operand",
    "index_array",
    "is_traced",
    "jsparse",
    "shape_arg",
    "sparse_ops",
    "use_sparse_ops",
]


class _LazySparse:
    """``jax.experimental.sparse``, imported on first use: it (and the scipy.sparse it
    loads) is about 70 ms of msfunc's import, for programs that mostly never use it."""

    def __getattr__(self, name):  # (a name asked for once is kept: found directly after)
        from jax.experimental import sparse

        value = getattr(sparse, name)
        setattr(self, name, value)
        return value


jsparse = _LazySparse()
_SPARSE_OPS = []  # msfunc.ops.func_sparse and func_sparse_math, registered as they load


def use_sparse_ops(*modules):
    """Register the modules implementing the sparse ops (the ops layer sits above this one);
    a name is looked up in the last module that defines it."""
    merged = {name: value for module in modules for name, value in vars(module).items()}
    _SPARSE_OPS[:] = [types.SimpleNamespace(**merged)]


def sparse_ops():
    return _SPARSE_OPS[0]


def is_traced(*arrays):
    return any(isinstance(a, jax.core.Tracer) for a in arrays)


def as_array(x, name, owner):
    """`x` (Tensor, jax or numpy array, nested list) as a jax array; TypeError otherwise."""
    x = unwrap(x)
    if x is None or isinstance(x, (str, dict, set, SparseBase)):
        raise TypeError(f"{owner}: `{name}` must be a Tensor, got {type(x).__name__}")
    return x if isinstance(x, (jax.Array, jax.core.Tracer)) else jnp.asarray(x)


def index_array(x, name, owner):
    a = as_array(x, name, owner)
    if not jnp.issubdtype(a.dtype, jnp.integer):
        raise TypeError(
            f"{owner}: `{name}` must have an int16, int32 or int64 dtype, got {a.dtype}"
        )
    return a


def shape_arg(shape, owner, min_ndim=1):
    if not isinstance(shape, (tuple, list)) or not all(
        isinstance(s, (int, np.integer)) and not isinstance(s, bool) and s >= 0 for s in shape
    ):
        raise TypeError(f"{owner}: `shape` must be a tuple of non-negative ints, got {shape!r}")
    if len(shape) < min_ndim:
        raise ValueError(f"{owner}: `shape` must have at least {min_ndim} dims, got {shape!r}")
    return tuple(int(s) for s in shape)


def check_same_shape(a, b):
    if tuple(a.shape) != tuple(b.shape):
        raise ValueError(
            f"the two operands must have the same shape, got {tuple(a.shape)} and {tuple(b.shape)}"
        )


def dense_operand(other, shape, what):
    """A dense operand of a sparse op: a Tensor or array broadcastable to `shape`."""
    other = unwrap(other)
    if isinstance(other, SparseBase) or other is None or isinstance(other, str):
        raise TypeError(f"{what} with {type(other).__name__} is not supported")
    other = jnp.asarray(other)
    try:
        return jnp.broadcast_to(other, shape)
    except ValueError:
        raise ValueError(
            f"{what}: the dense operand's shape {tuple(other.shape)} does not "
            f"broadcast to the sparse shape {shape}"
        ) from None


class SparseBase:
    """What every sparse class shares: `values` (held as `_values`) and the printed form."""

    __slots__ = ()

    values = property(lambda self: wrap(self._values), doc="The stored values, a Tensor.")

    def __repr__(self):
        return sparse_repr(type(self).__name__, self._shape, self._parts())

    __str__ = __repr__


class CompressedBase(SparseBase):
    """The properties COOTensor and CSRTensor add (RowTensor has `dense_shape` alone)."""

    __slots__ = ()

    shape = property(lambda self: self._shape, doc="The dense shape, a tuple of ints.")
    dtype = property(lambda self: wrap(self._values).dtype, doc="The dtype of the values.")
    size = property(
        lambda self: int(np.prod(self._values.shape, dtype=np.int64)),
        doc="The number of stored values (elements of `values`).",
    )
    itemsize = property(lambda self: self._values.dtype.itemsize, doc="Bytes per stored value.")
    ndim = property(lambda self: len(self._shape), doc="The number of dense dims.")


def copy_from(target, source, arg, parts, given):
    """Fill `target` from `source` (the ``coo_tensor=`` / ``csr_tensor=`` / ``row_tensor=``
    copy constructors): `source` must be of the same class and no part may be given too."""
    cls = type(target)
    name = cls.__name__
    if not isinstance(source, cls):
        raise TypeError(f"{name}: `{arg}` must be a {name}, got {type(source).__name__}")
    if any(v is not None for v in given):
        raise TypeError(f"{name}: give either `{arg}` or {parts}, not both")
    for slot in cls.__slots__:
        setattr(target, slot, getattr(source, slot))
