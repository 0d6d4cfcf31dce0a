"""MindSpore's sparse tensor classes `COOTensor`, `CSRTensor` and `RowTensor` as JAX pytrees.

Each class holds its index and value arrays as pytree leaves and its dense shape as static
data, so it passes through ``jax.jit``, ``msfunc.jit``, ``jax.vmap`` and ``jax.grad`` (the
gradient flows to the values). Properties return `msfunc.Tensor`; the methods run on
msfunc's sparse ops (``msfunc.ops.func_sparse``, on ``jax.experimental.sparse``).

Where the number of stored values depends on the data (``coalesce``, ``add``, ``+``/``-``
of two sparse tensors), eager calls give MindSpore's exact result; under tracing the result
keeps a static number of entries, the unused ones parked at out-of-range positions that
`to_dense` and every op ignore.
"""

from __future__ import annotations

import sys
import types

import jax
import jax.numpy as jnp
import numpy as np

from .dtype import canonical_dtype
from .sparse_format import sparse_repr
from .tensor import unwrap, wrap

__all__ = [
    "COOTensor",
    "CSRTensor",
    "RowTensor",
    "as_jax_sparse",
    "from_jax_sparse",
    "is_sparse_class",
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


def _ops():
    return _SPARSE_OPS[0]


def _is_traced(*arrays):
    return any(isinstance(a, jax.core.Tracer) for a in arrays)


def _array(x, name, owner):
    """`x` (Tensor, jax or numpy array, nested list) as a jax array; TypeError otherwise."""
    x = unwrap(x)
    if x is None or isinstance(x, (str, dict, set, COOTensor, CSRTensor, RowTensor)):
        raise TypeError(f"{owner}: `{name}` must be a Tensor, got {type(x).__name__}")
    return x if isinstance(x, (jax.Array, jax.core.Tracer)) else jnp.asarray(x)


def _index_array(x, name, owner):
    a = _array(x, name, owner)
    if not jnp.issubdtype(a.dtype, jnp.integer):
        raise TypeError(
            f"{owner}: `{name}` must have an int16, int32 or int64 dtype, got {a.dtype}"
        )
    return a


def _shape(shape, owner, min_ndim=1):
    if not isinstance(shape, (tuple, list)) or not all(
        isinstance(s, (int, np.integer)) and not isinstance(s, bool) and s >= 0 for s in shape
    ):
        raise TypeError(f"{owner}: `shape` must be a tuple of non-negative ints, got {shape!r}")
    if len(shape) < min_ndim:
        raise ValueError(f"{owner}: `shape` must have at least {min_ndim} dims, got {shape!r}")
    return tuple(int(s) for s in shape)


def _same_shape(a, b):
    if tuple(a.shape) != tuple(b.shape):
        raise ValueError(
            f"the two operands must have the same shape, got {tuple(a.shape)} and {tuple(b.shape)}"
        )


def _dense_operand(other, shape, what):
    """A dense operand of a sparse op: a Tensor or array broadcastable to `shape`."""
    other = unwrap(other)
    if (
        isinstance(other, (COOTensor, CSRTensor, RowTensor))
        or other is None
        or isinstance(other, str)
    ):
        raise TypeError(f"{what} with {type(other).__name__} is not supported")
    other = jnp.asarray(other)
    try:
        return jnp.broadcast_to(other, shape)
    except ValueError:
        raise ValueError(
            f"{what}: the dense operand's shape {tuple(other.shape)} does not "
            f"broadcast to the sparse shape {shape}"
        ) from None


class _SparseBase:
    """What every sparse class shares: `values` (held as `_values`) and the printed form."""

    __slots__ = ()

    values = property(lambda self: wrap(self._values), doc="The stored values, a Tensor.")

    def __repr__(self):
        return sparse_repr(type(self).__name__, self._shape, self._parts())

    __str__ = __repr__


class _CompressedBase(_SparseBase):
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


def _copy(target, source, arg, parts, given):
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


class COOTensor(_CompressedBase):
    """MindSpore's COOTensor: the values at (nnz, ndim) `indices` of a dense `shape`.

    ``COOTensor(indices, values, shape)`` or ``COOTensor(coo_tensor=other)``. Entries at the
    same index are kept apart (and summed by `to_dense`) until `coalesce`.

    Example:
        >>> import msfunc as ms
        >>> x = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]], ms.int32),
        ...                  ms.Tensor([1.0, 2.0], ms.float32), (3, 4))
        >>> x.shape, x.size, x.to_dense().asnumpy().tolist()[1]
        ((3, 4), 2, [0.0, 0.0, 2.0, 0.0])
    """

    __slots__ = ("_indices", "_values", "_shape")

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None):
        if coo_tensor is not None:
            _copy(
                self,
                coo_tensor,
                "coo_tensor",
                "`indices`, `values` and `shape`",
                (indices, values, shape),
            )
            return
        owner = "COOTensor"
        indices = _index_array(indices, "indices", owner)
        values = _array(values, "values", owner)
        shape = _shape(shape, owner)
        if indices.ndim != 2 or indices.shape[1] != len(shape):
            raise ValueError(
                f"COOTensor: `indices` must have shape (nnz, {len(shape)}) for "
                f"a {len(shape)}-D shape, got {tuple(indices.shape)}"
            )
        if values.ndim != 1 or values.shape[0] != indices.shape[0]:
            raise ValueError(
                f"COOTensor: `values` must have shape ({indices.shape[0]},) "
                f"(one per row of `indices`), got {tuple(values.shape)}"
            )
        # Indices carry no gradient, as in MindSpore.
        self._indices = jax.lax.stop_gradient(indices)
        self._values, self._shape = values, shape

    @classmethod
    def _make(cls, indices, values, shape):
        out = object.__new__(cls)
        out._indices, out._values, out._shape = unwrap(indices), unwrap(values), tuple(shape)
        return out

    def _parts(self):
        return (("indices", self._indices), ("values", self._values))

    indices = property(lambda self: wrap(self._indices), doc="The (nnz, ndim) indices.")

    def to_tuple(self):
        """``(indices, values, shape)``."""
        return self.indices, self.values, self._shape

    def to_dense(self):
        """The dense Tensor; values at a repeated index are summed."""
        return wrap(_coo_dense(self._indices, self._values, self._shape))

    def to_csr(self):
        """The same matrix as a CSRTensor (rows sorted, order within a row kept); 2-D only."""
        if self.ndim != 2:
            raise ValueError(
                f"COOTensor.to_csr: only a 2-D COOTensor converts, got shape {self._shape}"
            )
        rows, cols = self._indices[:, 0], self._indices[:, 1]
        order = jnp.argsort(rows, stable=True)
        indptr = _ops().coo2csr(rows[order], self._shape[0]).astype(self._indices.dtype)
        return CSRTensor._make(indptr, cols[order], self._values[order], self._shape)

    def coalesce(self):
        """Indices sorted and made unique, the values at a repeated index summed."""
        nse = None if not _is_traced(self._indices, self._values) else self._values.shape[0]
        out = as_jax_sparse(self).sum_duplicates(nse=nse)
        return COOTensor._make(out.indices.astype(self._indices.dtype), out.data, self._shape)

    def astype(self, dtype):
        """A copy with the values cast to `dtype` (a msfunc, numpy or string dtype)."""
        return COOTensor._make(
            self._indices, self._values.astype(canonical_dtype(dtype)), self._shape
        )

    def abs(self):
        """Absolute value of every stored value."""
        return _ops().coo_abs(self)

    def add(self, other, thresh):
        """Sum with the COOTensor `other`; a sum of two coinciding entries whose magnitude is
        below `thresh` is dropped (entries stored in one input only are kept)."""
        if not isinstance(other, COOTensor):
            raise TypeError(
                f"COOTensor.add: `other` must be a COOTensor, got {type(other).__name__}"
            )
        return _ops().coo_add(self, other, thresh)

    def __neg__(self):
        return COOTensor._make(self._indices, -self._values, self._shape)

    def __add__(self, other):
        if isinstance(other, COOTensor):
            _same_shape(self, other)
            return self.add(other, jnp.zeros((), self._values.dtype))
        dense = _dense_operand(other, self._shape, "COOTensor add")
        return wrap(_coo_scatter_add(dense, self._indices, self._values))

    def __sub__(self, other):
        if isinstance(other, COOTensor):
            _same_shape(self, other)
            return self.add(-other, jnp.zeros((), self._values.dtype))
        dense = _dense_operand(other, self._shape, "COOTensor subtract")
        return wrap(_coo_scatter_add(-dense, self._indices, self._values))

    def __mul__(self, other):
        dense = _dense_operand(other, self._shape, "COOTensor multiply")
        return COOTensor._make(
            self._indices, self._values * _gather(dense, self._indices), self._shape
        )

    def __truediv__(self, other):
        dense = _dense_operand(other, self._shape, "COOTensor divide")
        return COOTensor._make(
            self._indices, self._values / _gather(dense, self._indices), self._shape
        )


def _gather(dense, indices):
    return dense[tuple(indices[:, d] for d in range(indices.shape[1]))]


def _coo_scatter_add(dense, indices, values):
    # Out-of-range indices (the parked entries of a traced result) are dropped.
    at = tuple(indices[:, d] for d in range(indices.shape[1]))
    return dense.at[at].add(values.astype(dense.dtype), mode="drop")


def _coo_dense(indices, values, shape):
    return _coo_scatter_add(jnp.zeros(shape, values.dtype), indices, values)


class CSRTensor(_CompressedBase):
    """MindSpore's CSRTensor: row pointers `indptr`, column `indices` and `values` of a
    dense `shape` (2-D, or more when each value is itself an array of shape ``shape[2:]``).

    ``CSRTensor(indptr, indices, values, shape)`` or ``CSRTensor(csr_tensor=other)``.

    Example:
        >>> import msfunc as ms
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 1], ms.int32),
        ...                  ms.Tensor([1.0, 2.0], ms.float32), (2, 4))
        >>> x.mv(ms.Tensor([[1.0], [1.0], [1.0], [1.0]])).asnumpy().ravel().tolist()
        [1.0, 2.0]
    """

    __slots__ = ("_indptr", "_indices", "_values", "_shape")

    def __init__(self, indptr=None, indices=None, values=None, shape=None, csr_tensor=None):
        if csr_tensor is not None:
            _copy(
                self,
                csr_tensor,
                "csr_tensor",
                "`indptr`, `indices`, `values` and `shape`",
                (indptr, indices, values, shape),
            )
            return
        owner = "CSRTensor"
        indptr = _index_array(indptr, "indptr", owner)
        indices = _index_array(indices, "indices", owner)
        values = _array(values, "values", owner)
        shape = _shape(shape, owner, min_ndim=2)
        if indptr.ndim != 1 or indptr.shape[0] != shape[0] + 1:
            raise ValueError(
                f"CSRTensor: `indptr` must have shape ({shape[0] + 1},) "
                f"(1 + shape[0]), got {tuple(indptr.shape)}"
            )
        if indices.ndim != 1 or values.ndim < 1 or values.shape[0] != indices.shape[0]:
            raise ValueError(
                f"CSRTensor: `indices` must be 1-D with one entry per value, "
                f"got indices {tuple(indices.shape)} and values "
                f"{tuple(values.shape)}"
            )
        if tuple(values.shape[1:]) != shape[2:]:
            raise ValueError(
                f"CSRTensor: `values` must have shape (nnz,) + {shape[2:]} "
                f"(shape[2:]), got {tuple(values.shape)}"
            )
        self._indptr = jax.lax.stop_gradient(indptr)
        self._indices = jax.lax.stop_gradient(indices)
        self._values, self._shape = values, shape

    @classmethod
    def _make(cls, indptr, indices, values, shape):
        out = object.__new__(cls)
        out._indptr, out._indices, out._values = unwrap(indptr), unwrap(indices), unwrap(values)
        out._shape = tuple(shape)
        return out

    def _parts(self):
        return (("indptr", self._indptr), ("indices", self._indices), ("values", self._values))

    indptr = property(lambda self: wrap(self._indptr), doc="The (rows + 1,) row pointers.")
    indices = property(lambda self: wrap(self._indices), doc="The column of each value.")

    def _rows(self):
        return _ops()._rows(self._indptr.astype(jnp.int32), int(self._values.shape[0]))

    def to_tuple(self):
        """``(indptr, indices, values, shape)``."""
        return self.indptr, self.indices, self.values, self._shape

    def to_dense(self):
        """The dense Tensor."""
        rows = self._rows()
        dense = jnp.zeros(self._shape, self._values.dtype)
        return wrap(dense.at[rows, self._indices].add(self._values, mode="drop"))

    def to_coo(self):
        """The same matrix as a COOTensor (2-D only)."""
        if self.ndim != 2:
            raise ValueError(
                f"CSRTensor.to_coo: only a 2-D CSRTensor converts, got shape {self._shape}"
            )
        rows = self._rows().astype(self._indices.dtype)
        return COOTensor._make(jnp.stack([rows, self._indices], axis=1), self._values, self._shape)

    def astype(self, dtype):
        """A copy with the values cast to `dtype`."""
        return CSRTensor._make(
            self._indptr, self._indices, self._values.astype(canonical_dtype(dtype)), self._shape
        )

    def abs(self):
        """Absolute value of every stored value."""
        return _ops().csr_abs(self)

    def mv(self, dense_vector):
        """Matrix-vector product with a dense (n, 1) (or (n,)) vector: a dense Tensor."""
        return wrap(_ops().csr_mv(self, unwrap(dense_vector)))

    def mm(self, matrix):
        """Matrix product with a dense (n, k) Tensor (dense result) or a CSRTensor (CSRTensor
        result)."""
        return wrap(_ops().csr_mm(self, unwrap(matrix)))

    def sum(self, axis):
        """Sum along `axis`, keeping the reduced dim: a dense Tensor."""
        if (
            not isinstance(axis, (int, np.integer))
            or isinstance(axis, bool)
            or not (-2 <= axis < 2)
        ):
            raise ValueError(f"CSRTensor.sum: `axis` must be 0, 1, -1 or -2, got {axis!r}")
        return wrap(_ops().csr_reduce_sum(self, int(axis)))

    def add(self, b, alpha, beta):
        """``alpha * self + beta * b`` for the CSRTensor `b`; the result stores the union of
        the two patterns (zero sums included)."""
        if not isinstance(b, CSRTensor):
            raise TypeError(f"CSRTensor.add: `b` must be a CSRTensor, got {type(b).__name__}")
        return _ops().csr_add(self, b, alpha, beta)

    def __neg__(self):
        return CSRTensor._make(self._indptr, self._indices, -self._values, self._shape)

    def __add__(self, other):
        if not isinstance(other, CSRTensor):
            raise TypeError(f"CSRTensor add with {type(other).__name__} is not supported")
        _same_shape(self, other)
        return self.add(other, 1, 1)

    def __sub__(self, other):
        if not isinstance(other, CSRTensor):
            raise TypeError(f"CSRTensor subtract with {type(other).__name__} is not supported")
        _same_shape(self, other)
        return self.add(other, 1, -1)

    def __mul__(self, other):
        _dense_operand(other, self._shape, "CSRTensor multiply")
        return _ops().csr_mul(self, unwrap(other))

    def __truediv__(self, other):
        _dense_operand(other, self._shape, "CSRTensor divide")
        return _ops().csr_div(self, unwrap(other))


class RowTensor(_SparseBase):
    """MindSpore's RowTensor: slices `values[i]` of a dense tensor of `shape` at its rows
    `indices[i]` (a sparse gradient of an embedding table, say).

    Example:
        >>> import msfunc as ms
        >>> x = ms.RowTensor(ms.Tensor([0]), ms.Tensor([[1.0, 2.0]]), (3, 2))
        >>> x.dense_shape, x.values.asnumpy().tolist()
        ((3, 2), [[1.0, 2.0]])
    """

    __slots__ = ("_indices", "_values", "_shape")

    def __init__(self, indices=None, values=None, shape=None, row_tensor=None):
        if row_tensor is not None:
            _copy(
                self,
                row_tensor,
                "row_tensor",
                "`indices`, `values` and `shape`",
                (indices, values, shape),
            )
            return
        owner = "RowTensor"
        indices = _array(indices, "indices", owner)
        values = _array(values, "values", owner)
        shape = _shape(shape, owner)
        if indices.ndim != 1 or values.ndim < 1 or values.shape[0] != indices.shape[0]:
            raise ValueError(
                f"RowTensor: `indices` must be 1-D with one entry per row of "
                f"`values`, got indices {tuple(indices.shape)} and values "
                f"{tuple(values.shape)}"
            )
        if tuple(values.shape[1:]) != shape[1:]:
            raise ValueError(
                f"RowTensor: `values` must have shape (n,) + {shape[1:]} "
                f"(shape[1:]), got {tuple(values.shape)}"
            )
        self._indices, self._values, self._shape = indices, values, shape

    @classmethod
    def _make(cls, indices, values, shape):
        out = object.__new__(cls)
        out._indices, out._values, out._shape = unwrap(indices), unwrap(values), tuple(shape)
        return out

    def _parts(self):
        return (("indices", self._indices), ("values", self._values))

    indices = property(lambda self: wrap(self._indices), doc="The row of each slice.")
    dense_shape = property(lambda self: self._shape, doc="The dense shape, a tuple of ints.")


# -- pytrees: the arrays are leaves, the dense shape is static ------------------------------
def _register(cls, fields):
    def flatten(x):
        return tuple(getattr(x, f) for f in fields), x._shape

    def unflatten(shape, leaves):
        return cls._make(*leaves, shape)

    jax.tree_util.register_pytree_node(cls, flatten, unflatten)


_register(COOTensor, ("_indices", "_values"))
_register(CSRTensor, ("_indptr", "_indices", "_values"))
_register(RowTensor, ("_indices", "_values"))


# -- jax.experimental.sparse interchange, for the ops in msfunc.ops.func_sparse ------------
def is_sparse_class(x):
    """True for a COOTensor, CSRTensor or RowTensor.

    Example:
        >>> import msfunc as ms
        >>> is_sparse_class(ms.COOTensor(ms.Tensor([[0]]), ms.Tensor([1.0]), (2,)))
        True
    """
    return isinstance(x, (COOTensor, CSRTensor, RowTensor))


def as_jax_sparse(x):
    """A COOTensor as a ``jax.experimental.sparse.BCOO``, a CSRTensor as a ``BCSR`` (a 2-D
    one); anything else unchanged.

    Example:
        >>> import msfunc as ms
        >>> type(as_jax_sparse(ms.COOTensor(ms.Tensor([[0]]), ms.Tensor([1.0]), (2,)))).__name__
        'BCOO'
    """
    if isinstance(x, COOTensor):
        return jsparse.BCOO(
            (x._values, x._indices), shape=x._shape, indices_sorted=False, unique_indices=False
        )
    if isinstance(x, CSRTensor):
        return jsparse.BCSR((x._values, x._indices, x._indptr), shape=x._shape)
    return x


def from_jax_sparse(x):
    """A ``BCOO`` as a COOTensor, a ``BCSR`` as a CSRTensor; anything else unchanged.

    Example:
        >>> import jax.numpy as jnp
        >>> from jax.experimental import sparse
        >>> from_jax_sparse(sparse.BCOO.fromdense(jnp.eye(2))).size
        2
    """
    if "jax.experimental.sparse" not in sys.modules:
        return x  # (nothing can be a BCOO or BCSR yet)
    if isinstance(x, jsparse.BCOO):
        if x.n_batch or x.n_dense:
            raise ValueError("a BCOO with batch or dense dims has no COOTensor form")
        return COOTensor._make(x.indices, x.data, x.shape)
    if isinstance(x, jsparse.BCSR):
        if x.n_batch:
            raise ValueError("a BCSR with batch dims has no CSRTensor form")
        return CSRTensor._make(x.indptr, x.indices, x.data, x.shape)
    return x
