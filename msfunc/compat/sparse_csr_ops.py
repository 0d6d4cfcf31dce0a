"""``mindspore.ops.operations.sparse_ops``: primitives over (batched) CSR matrices given as
their parts (``dense_shape``, ``batch_pointers``, ``row_pointers``, ``col_indices``,
``values``): product with a dense matrix, row softmax, and conversion from COO.

A batched matrix of dense shape ``(b, m, n)`` has ``b + 1`` batch pointers (cumulative
counts of stored values per batch) and ``b * (m + 1)`` row pointers (each batch's own
cumulative row counts); an unbatched ``(m, n)`` matrix is one batch.

Example:
    >>> import numpy as np
    >>> out = SparseTensorToCSRSparseMatrix()(
    ...     np.array([[1, 0], [0, 2]]), np.array([5.0, 6.0], np.float32), np.array([2, 3]))
    >>> [o.asnumpy().tolist() for o in out[1:4]]
    [[0, 2], [0, 1, 2], [0, 2]]
"""

import jax
import jax.numpy as jnp
import numpy as np

from ..common.dtype_convert import canonical_dtype
from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive
from ._sparse_args import (
    INDEX_DTYPES,
    array,
    concrete,
    require_dtype,
    require_rank,
    same_dtype,
)

__all__ = [
    "SparseMatrixMatMul",
    "SparseMatrixSoftmax",
    "SparseTensorToCSRSparseMatrix",
    "csr_entry_positions",
    "sparse_tensor_to_csr",
]

_REAL = (np.dtype(np.float32), np.dtype(np.float64))
_VALUES = _REAL + (np.dtype(np.complex64), np.dtype(np.complex128))


def _dense_shape(op, dense_shape):
    shape = [int(d) for d in concrete(op, "dense_shape", dense_shape).reshape(-1)]
    if len(shape) not in (2, 3):
        raise ValueError(f"{op}: the dense shape must have 2 or 3 entries, got {shape}")
    return shape


def csr_entry_positions(shape, batch_pointers, row_pointers, nnz):
    """The batch and row of each of the `nnz` stored values of a CSR matrix of dense `shape`
    (``(m, n)`` or ``(b, m, n)``); a value past its batch's rows gets row ``m`` (outside).

    Example:
        >>> import numpy as np
        >>> b, r = csr_entry_positions((2, 2, 3), np.array([0, 2, 3]),
        ...                            np.array([0, 1, 2, 0, 1, 1]), 3)
        >>> np.asarray(b).tolist(), np.asarray(r).tolist()
        ([0, 0, 1], [0, 1, 0])
    """
    batches, rows = (shape[0] if len(shape) == 3 else 1), shape[-2]
    k = jnp.arange(nnz)
    bp = jnp.asarray(batch_pointers).reshape(-1)
    if batches == 1 or bp.size < 2:  # one batch (its pointer may be given as a bare count)
        batch, local = jnp.zeros(nnz, jnp.int32), k
    else:
        batch = jnp.clip(jnp.searchsorted(bp, k, side="right") - 1, 0, batches - 1)
        local = k - bp[batch]
    pointers = jnp.asarray(row_pointers).reshape(batches, rows + 1)
    row = jax.vmap(lambda ptr, x: jnp.searchsorted(ptr, x, side="right"))(
        pointers[batch], local.astype(pointers.dtype)
    )
    row = row - 1
    return batch, jnp.where((row < 0) | (row >= rows), rows, row)


def _check_csr(op, dense_shape, batch_pointers, row_pointers, col_indices, values, one_dtype):
    """The values' dtype, after MindSpore's dtype checks of the parts (`one_dtype`: the four
    index parts must share one dtype)."""
    names = ("dense_shape", "batch_pointers", "row_pointers", "col_indices")
    parts = (dense_shape, batch_pointers, row_pointers, col_indices)
    for name, x in zip(names, parts):
        require_dtype(op, name, x, INDEX_DTYPES)
    if one_dtype:
        same_dtype(op, **dict(zip(names, parts)))
    return require_dtype(op, "values", values, _VALUES)


def _swap(x, transpose, adjoint):
    if transpose or adjoint:
        x = jnp.swapaxes(x, -1, -2)
    return jnp.conj(x) if adjoint else x


def sparse_matrix_mat_mul(p, dense_shape, batch_pointers, row_pointers, col_indices, values,
                          x2_dense):  # fmt: skip
    """The (batched) CSR matrix times the dense `x2_dense`, each side transposed or adjointed
    as the primitive `p` says, the product transposed and/or conjugated after."""
    op = "SparseMatrixMatMul"
    for side in ("x1", "x2"):
        if getattr(p, f"transpose_{side}") and getattr(p, f"adjoint_{side}"):
            raise ValueError(f"{op}: transpose_{side} and adjoint_{side} cannot both be True")
    _check_csr(op, dense_shape, batch_pointers, row_pointers, col_indices, values, True)
    same_dtype(op, x1_values=values, x2_dense=x2_dense)
    shape = _dense_shape(op, dense_shape)
    x2 = jnp.asarray(x2_dense)
    if x2.ndim != len(shape):
        raise ValueError(f"{op}: `x2_dense` must be {len(shape)}-D as x1, got {x2.ndim}-D")
    if len(shape) == 3 and array(batch_pointers).shape[0] - 1 != x2.shape[0]:
        raise ValueError(
            f"{op}: `x2_dense` must hold one matrix per batch of x1 "
            f"({array(batch_pointers).shape[0] - 1}), got {x2.shape[0]}"
        )
    values, cols = jnp.asarray(values), jnp.asarray(col_indices)
    batch, row = csr_entry_positions(shape, batch_pointers, row_pointers, values.shape[0])
    full = (shape[0] if len(shape) == 3 else 1, shape[-2], shape[-1])
    x1 = jnp.zeros(full, values.dtype).at[batch, row, cols].add(values, mode="drop")
    x1 = x1 if len(shape) == 3 else x1[0]
    out = _swap(x1, p.transpose_x1, p.adjoint_x1) @ _swap(x2, p.transpose_x2, p.adjoint_x2)
    out = jnp.swapaxes(out, -1, -2) if p.transpose_output else out
    return jnp.conj(out) if p.conjugate_output else out


def sparse_matrix_softmax(p, dense_shape, batch_pointers, row_pointers, col_indices, values):
    """The CSR matrix with each row's stored values replaced by their softmax (absent entries
    take no part); the other parts pass through."""
    op = "SparseMatrixSoftmax"
    dtype = _check_csr(op, dense_shape, batch_pointers, row_pointers, col_indices, values, False)
    if dtype not in _REAL or dtype != np.dtype(canonical_dtype(p.dtype)):
        raise TypeError(
            f"{op}: `values` must be float32 or float64 and of the primitive's dtype "
            f"{p.dtype}, got {dtype.name}"
        )
    shape = _dense_shape(op, dense_shape)
    values = jnp.asarray(values)
    batch, row = csr_entry_positions(shape, batch_pointers, row_pointers, values.shape[0])
    count = (shape[0] if len(shape) == 3 else 1) * (shape[-2] + 1)
    segment = batch * (shape[-2] + 1) + row  # row m (outside) is a segment of its own
    top = jax.ops.segment_max(values, segment, count)
    e = jnp.exp(values - top[segment])
    out = e / jax.ops.segment_sum(e, segment, count)[segment]
    return dense_shape, batch_pointers, row_pointers, col_indices, out


def sparse_tensor_to_csr(x_indices, x_values, x_dense_shape):
    """The COO tensor (`x_indices`, `x_values`, `x_dense_shape`) of rank 2 or 3 in CSR form:
    ``(dense_shape, batch_pointers, row_pointers, col_indices, values)``.

    Row pointers count each batch's values per row; column indices and values keep the
    input's order (so the input is expected in row-major order, as a CSR matrix stores it).
    Batch pointers follow MindSpore's kernel, which reads batch boundaries off that order.

    Example:
        >>> import numpy as np
        >>> parts = sparse_tensor_to_csr(np.array([[0, 0, 1], [1, 1, 0]]),
        ...                              np.array([1.0, 2.0]), np.array([2, 2, 2]))
        >>> [np.asarray(a).tolist() for a in parts[1:4]]
        [[0, 1, 2], [0, 1, 1, 0, 0, 1], [1, 0]]
    """
    op = "SparseTensorToCSRSparseMatrix"
    require_dtype(op, "x_indices", x_indices, INDEX_DTYPES)
    require_dtype(op, "x_dense_shape", x_dense_shape, INDEX_DTYPES)
    require_dtype(op, "x_values", x_values, _VALUES)
    require_rank(op, "x_indices", x_indices, 2)
    require_rank(op, "x_values", x_values, 1)
    require_rank(op, "x_dense_shape", x_dense_shape, 1)
    indices, values = jnp.asarray(x_indices), jnp.asarray(x_values)
    if indices.shape[0] != values.shape[0]:
        raise ValueError(
            f"{op}: `x_values` must hold one value per row of `x_indices` "
            f"({indices.shape[0]}), got {values.shape[0]}"
        )
    if indices.shape[1] != array(x_dense_shape).shape[0]:
        raise ValueError(
            f"{op}: `x_indices` must have one column per entry of `x_dense_shape`, got "
            f"{indices.shape[1]} and {array(x_dense_shape).shape[0]}"
        )
    shape = [int(d) for d in concrete(op, "x_dense_shape", x_dense_shape)]
    if len(shape) not in (2, 3):
        raise ValueError(f"{op}: the dense shape must have 2 or 3 entries, got {shape}")
    batches, rows = (shape[0] if len(shape) == 3 else 1), shape[-2]
    nnz = indices.shape[0]
    batch = indices[:, 0] if len(shape) == 3 else jnp.zeros(nnz, indices.dtype)
    row = indices[:, -2]
    # batch b ends where the running maximum of the batch ids first passes b
    reached = jax.lax.cummax(batch) if nnz else batch
    ends = jnp.searchsorted(reached, jnp.arange(1, batches + 1), side="left")
    batch_pointers = jnp.concatenate([jnp.zeros(1, ends.dtype), ends])
    valid = (row >= 0) & (row < rows) & (batch >= 0) & (batch < batches)
    slot = jnp.where(valid, batch * (rows + 1) + row + 1, batches * (rows + 1))
    counts = jnp.zeros(batches * (rows + 1), indices.dtype).at[slot].add(1, mode="drop")
    row_pointers = jnp.cumsum(counts.reshape(batches, rows + 1), axis=1).reshape(-1)
    return (
        x_dense_shape,
        batch_pointers.astype(indices.dtype),
        row_pointers.astype(indices.dtype),
        indices[:, -1],
        values,
    )


_PARTS = """    x1_dense_shape (Tensor): ``(m, n)`` or ``(b, m, n)``, 2 or 3 entries.
    x1_batch_pointers (Tensor): ``(b + 1,)`` cumulative value counts per batch.
    x1_row_pointers (Tensor): ``(b * (m + 1),)`` each batch's cumulative row counts.
    x1_col_indices (Tensor): ``(nnz,)`` column of each value.
    x1_values (Tensor): ``(nnz,)`` the stored values.
"""

DOCS: dict[str, str] = {
    "SparseMatrixMatMul": f"""The (batched) CSR matrix x1 times the dense `x2_dense`; values
at one position add up.

Args:
    transpose_x1 (bool): Transpose x1 first. Default: ``False``.
    transpose_x2 (bool): Transpose `x2_dense` first. Default: ``False``.
    adjoint_x1 (bool): Conjugate-transpose x1 first (not with `transpose_x1`). Default: ``False``.
    adjoint_x2 (bool): Conjugate-transpose `x2_dense` first (not with `transpose_x2`).
        Default: ``False``.
    transpose_output (bool): Transpose the product. Default: ``False``.
    conjugate_output (bool): Conjugate the product. Default: ``False``.

Inputs:
{_PARTS}    x2_dense (Tensor): 2-D or 3-D as x1, `x1_values`' dtype.

The four index parts are int32 or int64, all of one dtype; the values float32, float64,
complex64 or complex128.

Outputs:
    Tensor, the dense product, of `x1_values`' dtype.

Raises:
    TypeError: If a dtype is not supported or the index parts' dtypes differ.
    ValueError: If a transpose and an adjoint of one side are both set, or the ranks or
        batch counts disagree.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_csr_ops import SparseMatrixMatMul
    >>> x1 = (ms.Tensor([2, 3], ms.int32), ms.Tensor([0, 2], ms.int32),
    ...       ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([2, 0], ms.int32), ms.Tensor([1.0, 5.0]))
    >>> x2 = ms.Tensor([[1.0], [2.0], [3.0]])
    >>> print(SparseMatrixMatMul()(*x1, x2))
    [[3.]
     [5.]]
""",
    "SparseMatrixSoftmax": f"""Softmax over the stored values of each row of a (batched)
CSR matrix; the absent entries take no part.

Args:
    dtype (mindspore.dtype): The values' dtype, float32 or float64.

Inputs:
{_PARTS.replace("x1_", "x_")}
A bare number (0-D) stands for the batch pointers of an unbatched matrix. Every row of
every batch is normalized (MindSpore 2.10's CPU kernel normalizes only the first batch's rows
and misreads int64 row pointers).

Outputs:
    Tuple of the five parts: the four index parts unchanged and the probabilities.

Raises:
    TypeError: If an index part is not int32/int64, or the values are not of `dtype`.
    ValueError: If the dense shape has not 2 or 3 entries.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_csr_ops import SparseMatrixSoftmax
    >>> parts = (ms.Tensor([2, 3], ms.int32), ms.Tensor(3, ms.int32),
    ...          ms.Tensor([0, 2, 3], ms.int32), ms.Tensor([0, 2, 1], ms.int32),
    ...          ms.Tensor([0.0, 0.0, 7.0]))
    >>> print(SparseMatrixSoftmax(ms.float32)(*parts)[4])
    [0.5 0.5 1. ]
""",
    "SparseTensorToCSRSparseMatrix": """A COO tensor of rank 2 or 3 in (batched) CSR form
(`sparse_tensor_to_csr`).

Inputs:
    x_indices (Tensor): int32 or int64 ``(nnz, rank)``, in row-major order.
    x_values (Tensor): ``(nnz,)`` float32, float64, complex64 or complex128.
    x_dense_shape (Tensor): int32 or int64 ``(rank,)``, rank 2 or 3.

Outputs:
    Tuple ``(y_dense_shape, y_batch_pointers, y_row_pointers, y_col_indices, y_values)``;
    the pointers and column indices of `x_indices`' dtype.

Raises:
    TypeError: If a dtype is not supported.
    ValueError: If the ranks or sizes disagree.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_csr_ops import SparseTensorToCSRSparseMatrix
    >>> indices = ms.Tensor(np.array([[0, 0, 1], [0, 1, 2], [1, 0, 1]], np.int64))
    >>> out = SparseTensorToCSRSparseMatrix()(indices, ms.Tensor([1.0, 4.0, 3.0]),
    ...                                       ms.Tensor([2, 2, 4]))
    >>> print(out[1], out[2], out[3])
    [0 2 3] [0 1 2 0 1 1] [1 2 1]
""",
}

SparseMatrixMatMul = build_primitive(
    "SparseMatrixMatMul",
    sig(
        transpose_x1=False,
        transpose_x2=False,
        adjoint_x1=False,
        adjoint_x2=False,
        transpose_output=False,
        conjugate_output=False,
    ),
    sparse_matrix_mat_mul,
    module=__name__,
    doc=DOCS["SparseMatrixMatMul"],
)
SparseMatrixSoftmax = build_primitive(
    "SparseMatrixSoftmax",
    sig("dtype"),
    sparse_matrix_softmax,
    module=__name__,
    doc=DOCS["SparseMatrixSoftmax"],
)
SparseTensorToCSRSparseMatrix = build_primitive(
    "SparseTensorToCSRSparseMatrix",
    sig(),
    lambda p, x_indices, x_values, x_dense_shape: sparse_tensor_to_csr(
        x_indices, x_values, x_dense_shape
    ),
    module=__name__,
    doc=DOCS["SparseTensorToCSRSparseMatrix"],
)
