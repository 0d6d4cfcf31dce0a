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
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .dtype import canonical_dtype
from .sparse_base import (
    CompressedBase,
    SparseBase,
    as_array,
    check_same_shape,
    copy_from,
    dense_operand,
    index_array,
    is_traced,
    jsparse,
    shape_arg,
    sparse_ops,
    use_sparse_ops,  # noqa: F401  (the ops layer registers itself here)
)
from .tensor import unwrap, wrap

__all__ = [
    "COOTensor",
    "CSRTensor",
    "IndexWidthError",
    "RowTensor",
    "as_jax_sparse",
    "from_jax_sparse",
    "is_sparse_class",
]


class IndexWidthError(ValueError, TypeError):
    """COO indices with fewer columns than the dense shape has dims.

    MindSpore raises ValueError for it when the tensor is built eagerly and TypeError when
    a graph-mode Cell builds it; this error is both.

    Example:
        >>> import msfunc as ms
        >>> try:
        ...     ms.COOTensor(ms.Tensor([[0, 0]]), ms.Tensor([1.0]), (2, 2, 2))
        ... except TypeError as e:
        ...     print(type(e).__name__, isinstance(e, ValueError))
        IndexWidthError True
    """


class COOTensor(CompressedBase):
    """MindSpore's COOTensor: `values` at the (nnz, ndim) `indices` of a dense `shape`.

    Entries at the same index are kept apart (and summed by `to_dense`) until `coalesce`.

    Args:
        indices (Tensor): int32/int64 of shape (nnz, ndim): where each value sits.
        values (Tensor): Shape (nnz,): the stored values.
        shape (tuple[int]): The dense shape.
        coo_tensor (COOTensor): Copy this one instead (then give no other argument).

    Example:
        >>> import msfunc as ms
        >>> x = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]], ms.int32),
        ...                  ms.Tensor([1.0, 2.0], ms.float32), (3, 4))
        >>> print(x.shape, x.to_dense())
        (3, 4) [[0. 1. 0. 0.]
         [0. 0. 2. 0.]
         [0. 0. 0. 0.]]
    """

    __slots__ = ("_indices", "_values", "_shape")

    def __init__(
        self,
        indices: Any = None,
        values: Any = None,
        shape: tuple[int, ...] | None = None,
        coo_tensor: COOTensor | None = None,
    ) -> None:
        if coo_tensor is not None:
            copy_from(
                self,
                coo_tensor,
                "coo_tensor",
                "`indices`, `values` and `shape`",
                (indices, values, shape),
            )
            return
        owner = "COOTensor"
        indices = index_array(indices, "indices", owner)
        values = as_array(values, "values", owner)
        shape = shape_arg(shape, owner)
        if indices.ndim != 2 or indices.shape[1] != len(shape):
            narrow = indices.ndim == 2 and indices.shape[1] < len(shape)
            raise (IndexWidthError if narrow else ValueError)(
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
        indptr = sparse_ops().coo2csr(rows[order], self._shape[0]).astype(self._indices.dtype)
        return CSRTensor._make(indptr, cols[order], self._values[order], self._shape)

    def coalesce(self):
        """Indices sorted and made unique, the values at a repeated index summed."""
        nse = None if not is_traced(self._indices, self._values) else self._values.shape[0]
        out = as_jax_sparse(self).sum_duplicates(nse=nse)
        return COOTensor._make(out.indices.astype(self._indices.dtype), out.data, self._shape)

    def astype(self, dtype):
        """A copy with the values cast to `dtype` (a msfunc, numpy or string dtype)."""
        return COOTensor._make(
            self._indices, self._values.astype(canonical_dtype(dtype)), self._shape
        )

    def abs(self):
        """Absolute value of every stored value."""
        return sparse_ops().coo_abs(self)

    def add(self, other, thresh):
        """Sum with the COOTensor `other`; a sum of two coinciding entries whose magnitude is
        below `thresh` is dropped (entries stored in one input only are kept)."""
        if not isinstance(other, COOTensor):
            raise TypeError(
                f"COOTensor.add: `other` must be a COOTensor, got {type(other).__name__}"
            )
        return sparse_ops().coo_add(self, other, thresh)

    def __neg__(self):
        return COOTensor._make(self._indices, -self._values, self._shape)

    def __add__(self, other):
        if isinstance(other, COOTensor):
            check_same_shape(self, other)
            return self.add(other, jnp.zeros((), self._values.dtype))
        dense = dense_operand(other, self._shape, "COOTensor add")
        return wrap(_coo_scatter_add(dense, self._indices, self._values))

    def __sub__(self, other):
        if isinstance(other, COOTensor):
            check_same_shape(self, other)
            return self.add(-other, jnp.zeros((), self._values.dtype))
        dense = dense_operand(other, self._shape, "COOTensor subtract")
        return wrap(_coo_scatter_add(-dense, self._indices, self._values))

    def __mul__(self, other):
        dense = dense_operand(other, self._shape, "COOTensor multiply")
        return COOTensor._make(
            self._indices, self._values * _gather(dense, self._indices), self._shape
        )

    def __truediv__(self, other):
        dense = dense_operand(other, self._shape, "COOTensor divide")
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


class CSRTensor(CompressedBase):
    """MindSpore's CSRTensor: a matrix stored by rows (compressed sparse row format).

    Row ``i``'s values are ``values[indptr[i]:indptr[i + 1]]``, in the columns at the same
    places of `indices`. Beyond 2-D, each value is an array of shape ``shape[2:]``.

    Args:
        indptr (Tensor): int32/int64 of shape (rows + 1,): where each row starts.
        indices (Tensor): int32/int64 of shape (nnz,): each value's column.
        values (Tensor): Shape (nnz, *shape[2:]): the stored values.
        shape (tuple[int]): The dense shape.
        csr_tensor (CSRTensor): Copy this one instead (then give no other argument).

    Example:
        >>> import msfunc as ms
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 1], ms.int32),
        ...                  ms.Tensor([1.0, 2.0], ms.float32), (2, 4))
        >>> print(x.to_dense())
        [[1. 0. 0. 0.]
         [0. 2. 0. 0.]]
        >>> print(x.mv(ms.Tensor([[1.0], [1.0], [1.0], [1.0]])))
        [[1.]
         [2.]]
    """

    __slots__ = ("_indptr", "_indices", "_values", "_shape")

    def __init__(
        self,
        indptr: Any = None,
        indices: Any = None,
        values: Any = None,
        shape: tuple[int, ...] | None = None,
        csr_tensor: CSRTensor | None = None,
    ) -> None:
        if csr_tensor is not None:
            copy_from(
                self,
                csr_tensor,
                "csr_tensor",
                "`indptr`, `indices`, `values` and `shape`",
                (indptr, indices, values, shape),
            )
            return
        owner = "CSRTensor"
        indptr = index_array(indptr, "indptr", owner)
        indices = index_array(indices, "indices", owner)
        values = as_array(values, "values", owner)
        shape = shape_arg(shape, owner, min_ndim=2)
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
        return sparse_ops()._rows(self._indptr.astype(jnp.int32), int(self._values.shape[0]))

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
        return sparse_ops().csr_abs(self)

    def mv(self, dense_vector):
        """Matrix-vector product with a dense (n, 1) (or (n,)) vector: a dense Tensor."""
        return wrap(sparse_ops().csr_mv(self, unwrap(dense_vector)))

    def mm(self, matrix):
        """Matrix product with a dense (n, k) Tensor (dense result) or a CSRTensor (CSRTensor
        result)."""
        return wrap(sparse_ops().csr_mm(self, unwrap(matrix)))

    def sum(self, axis):
        """Sum along `axis`, keeping the reduced dim: a dense Tensor."""
        if (
            not isinstance(axis, (int, np.integer))
            or isinstance(axis, bool)
            or not (-2 <= axis < 2)
        ):
            raise ValueError(f"CSRTensor.sum: `axis` must be 0, 1, -1 or -2, got {axis!r}")
        return wrap(sparse_ops().csr_reduce_sum(self, int(axis)))

    def add(self, b, alpha, beta):
        """``alpha * self + beta * b`` for the CSRTensor `b`; the result stores the union of
        the two patterns (zero sums included)."""
        if not isinstance(b, CSRTensor):
            raise TypeError(f"CSRTensor.add: `b` must be a CSRTensor, got {type(b).__name__}")
        return sparse_ops().csr_add(self, b, alpha, beta)

    def __neg__(self):
        return CSRTensor._make(self._indptr, self._indices, -self._values, self._shape)

    def __add__(self, other):
        if not isinstance(other, CSRTensor):
            raise TypeError(f"CSRTensor add with {type(other).__name__} is not supported")
        check_same_shape(self, other)
        return self.add(other, 1, 1)

    def __sub__(self, other):
        if not isinstance(other, CSRTensor):
            raise TypeError(f"CSRTensor subtract with {type(other).__name__} is not supported")
        check_same_shape(self, other)
        return self.add(other, 1, -1)

    def __mul__(self, other):
        dense_operand(other, self._shape, "CSRTensor multiply")
        return sparse_ops().csr_mul(self, unwrap(other))

    def __truediv__(self, other):
        dense_operand(other, self._shape, "CSRTensor divide")
        return sparse_ops().csr_div(self, unwrap(other))


class RowTensor(SparseBase):
    """MindSpore's RowTensor: whole rows `values[i]` of a dense `shape` at rows `indices[i]`.

    The form of an embedding table's sparse gradient.

    Args:
        indices (Tensor): Shape (n,): the rows held.
        values (Tensor): Shape (n, *shape[1:]): their contents.
        shape (tuple[int]): The dense shape.
        row_tensor (RowTensor): Copy this one instead (then give no other argument).

    Example:
        >>> import msfunc as ms
        >>> x = ms.RowTensor(ms.Tensor([0]), ms.Tensor([[1.0, 2.0]]), (3, 2))
        >>> print(x.dense_shape, x.values)
        (3, 2) [[1. 2.]]
    """

    __slots__ = ("_indices", "_values", "_shape")

    def __init__(
        self,
        indices: Any = None,
        values: Any = None,
        shape: tuple[int, ...] | None = None,
        row_tensor: RowTensor | None = None,
    ) -> None:
        if row_tensor is not None:
            copy_from(
                self,
                row_tensor,
                "row_tensor",
                "`indices`, `values` and `shape`",
                (indices, values, shape),
            )
            return
        owner = "RowTensor"
        indices = as_array(indices, "indices", owner)
        values = as_array(values, "values", owner)
        shape = shape_arg(shape, owner)
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
