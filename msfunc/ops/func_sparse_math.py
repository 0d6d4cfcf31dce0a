"""Sparse arithmetic functional ops: COO sums and concatenation, CSR sums, products with
dense tensors, matrix products, row sums, row softmax and gathers."""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp
import numpy as np
from jax.core import Tracer

from ..common.args import tensor_arg
from ..common.sparse_tensor import COOTensor, CSRTensor, is_sparse_class, jsparse, use_sparse_ops
from ..common.tensor import canonical_dtype
from . import func_sparse
from .func_sparse import _coo, _csr, _keeps_classes, _rows, coo2csr

if TYPE_CHECKING:
    from jax import Array
    from jax.experimental.sparse import BCOO, BCSR
    from jax.typing import ArrayLike

__all__ = [
    "coo_add",
    "coo_concat",
    "csr_add",
    "csr_mul",
    "csr_div",
    "csr_mv",
    "csr_mm",
    "csr_reduce_sum",
    "csr_softmax",
    "csr_gather",
]


def coo_add(x1: COOTensor | BCOO, x2: COOTensor | BCOO, thresh: ArrayLike) -> COOTensor | BCOO:
    """Sum of two COO tensors of one shape; a sum of two coinciding entries whose magnitude is
    below `thresh` is dropped (entries stored in only one input are kept whatever their size,
    as in MindSpore).

    COOTensors give MindSpore's result eagerly; under tracing, and for BCOO inputs, the
    dropped sums stay as zeros and the result keeps nnz(x1) + nnz(x2) entries (the unused
    ones at out-of-range indices).

    Args:
        x1 (COOTensor): The first tensor.
        x2 (COOTensor): The second tensor, of `x1`'s shape.
        thresh (Tensor): The magnitude below which a summed entry is dropped (0-D).

    Returns:
        COOTensor, of the inputs' shape.

    Raises:
        ValueError: If the shapes differ.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a = ms.COOTensor(ms.Tensor([[0, 0], [1, 1]]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> b = ms.COOTensor(ms.Tensor([[0, 0]]), ms.Tensor([-1.0]), (2, 2))
        >>> ops.coo_add(a, b, 0.5).to_dense().tolist()  # the |1 - 1| < 0.5 entry is dropped
        [[0.0, 0.0], [0.0, 2.0]]
    """
    classes = is_sparse_class(x1) or is_sparse_class(x2)
    x1, x2 = _coo(x1, "x1"), _coo(x2, "x2")
    if x1.shape != x2.shape:
        raise ValueError(
            f"coo_add: `x1` and `x2` must have the same shape, got {x1.shape} and {x2.shape}"
        )
    value, indices, keep = _coo_add(x1, x2, tensor_arg(thresh, "thresh"))
    indices = indices.astype(x1.indices.dtype)
    if not classes:
        return jsparse.BCOO((value, indices), shape=x1.shape)
    if not isinstance(keep, Tracer):
        kept = np.flatnonzero(np.asarray(keep))
        value, indices = value[kept], indices[kept]
    return COOTensor._make(indices, value, x1.shape)


@jax.jit  # one compile, not one per primitive, when called eagerly
def _coo_add(x1, x2, thresh):
    data = jnp.concatenate([x1.data, x2.data])
    # One pass of sum_duplicates over (value, count) pairs: counts mark the summed entries.
    pairs = jnp.stack([data, jnp.ones_like(data)], axis=-1)
    s = jsparse.BCOO(
        (pairs, jnp.concatenate([x1.indices, x2.indices])), shape=tuple(x1.shape) + (2,)
    ).sum_duplicates(nse=x1.nse + x2.nse)
    value, count = s.data[:, 0], jnp.real(s.data[:, 1])
    small = (count > 1) & (jnp.abs(value) < thresh)
    return jnp.where(small, 0, value), s.indices, (count > 0) & ~small


def coo_concat(sp_input: Sequence[COOTensor | BCOO], concat_dim: int = 0) -> COOTensor | BCOO:
    """Joins COO tensors along an existing axis.

    Args:
        sp_input (Union[tuple[COOTensor], list[COOTensor]]): The tensors, of equal shapes
            except along `concat_dim`.
        concat_dim (int): The axis to join along. Default: ``0``.

    Returns:
        COOTensor, whose `concat_dim` is the sum of the inputs' lengths there.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a = ms.COOTensor(ms.Tensor([[0, 0]]), ms.Tensor([1.0]), (1, 2))
        >>> b = ms.COOTensor(ms.Tensor([[0, 1]]), ms.Tensor([2.0]), (1, 2))
        >>> ops.coo_concat((a, b), 0).to_dense().tolist()
        [[1.0, 0.0], [0.0, 2.0]]
        >>> ops.coo_concat((a, b), 1).indices.tolist()  # row-major order
        [[0, 0], [0, 3]]
    """
    parts = [_coo(x, "sp_input") for x in sp_input]
    if len(parts) < 2:
        raise ValueError(f"coo_concat: `sp_input` must hold at least 2 tensors, got {len(parts)}")
    if not isinstance(concat_dim, (int, np.integer)) or isinstance(concat_dim, bool):
        raise TypeError(f"coo_concat: `concat_dim` must be an int, got {concat_dim!r}")
    ndim = len(parts[0].shape)
    if not -ndim <= concat_dim < ndim:
        raise IndexError(f"coo_concat: `concat_dim` {concat_dim} is out of range for {ndim} dims")
    if len({p.data.dtype for p in parts}) > 1:
        raise TypeError(
            f"coo_concat: the inputs' values must share one dtype, got "
            f"{[str(p.data.dtype) for p in parts]}"
        )
    axis = concat_dim % ndim
    kept = [tuple(d for i, d in enumerate(p.shape) if i != axis) for p in parts]
    if len(set(kept)) > 1 or any(len(p.shape) != ndim for p in parts):
        # (MindSpore's kernel reports mismatched inputs at run time: RuntimeError)
        raise RuntimeError(
            f"coo_concat: the inputs' shapes must agree except along axis {concat_dim}, got "
            f"{[tuple(p.shape) for p in parts]}"
        )
    out = jsparse.bcoo_concatenate(parts, dimension=axis)
    # the entries in row-major order of their coordinates, as MindSpore's kernel lists them
    idx = out.indices
    order = jnp.lexsort(tuple(idx[:, k] for k in reversed(range(idx.shape[-1]))))
    return jsparse.BCOO((out.data[order], idx[order]), shape=out.shape)


def _rows_cols(x):
    return _rows(x.indptr, x.data.shape[0]), x.indices


def csr_add(
    a: CSRTensor | BCSR, b: CSRTensor | BCSR, alpha: ArrayLike, beta: ArrayLike
) -> CSRTensor | BCSR:
    """``alpha * a + beta * b`` for two CSR matrices, storing the union of their patterns (zero
    sums included, as in MindSpore).

    Under tracing the result keeps nnz(a) + nnz(b) entries, the unused ones past
    ``indptr[-1]``.

    Args:
        a (CSRTensor): The first matrix, 2-D.
        b (CSRTensor): The second matrix, of `a`'s shape.
        alpha (Tensor): The scale of `a` (0-D or one element).
        beta (Tensor): The scale of `b` (0-D or one element).

    Returns:
        CSRTensor, of the inputs' shape.

    Raises:
        ValueError: If the inputs are not 2-D CSR tensors of one shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> y = ms.CSRTensor(ms.Tensor([0, 1, 1]), ms.Tensor([0]), ms.Tensor([5.0]), (2, 2))
        >>> ops.csr_add(x, y, ms.Tensor(1.0), ms.Tensor(2.0)).to_dense().tolist()
        [[10.0, 1.0], [2.0, 0.0]]
    """
    a, b = _csr(a, "a"), _csr(b, "b")
    if a.shape != b.shape or a.n_dense or b.n_dense:
        raise ValueError(
            f"csr_add: `a` and `b` must be 2-D CSR tensors of the same shape, "
            f"got {a.shape} and {b.shape}"
        )
    rows, cols, value, keep = _csr_add(a, b, tensor_arg(alpha, "alpha"), tensor_arg(beta, "beta"))
    if not isinstance(keep, Tracer):
        kept = np.flatnonzero(np.asarray(keep))
        rows, cols, value = rows[kept], cols[kept], value[kept]
    indptr = coo2csr(rows, a.shape[0]).astype(a.indptr.dtype)
    return jsparse.BCSR((value, cols.astype(a.indices.dtype), indptr), shape=a.shape)


@jax.jit
def _csr_add(a, b, alpha, beta):
    dtype = jnp.result_type(a.data, b.data)
    rows = jnp.concatenate([_rows(a.indptr, a.nse), _rows(b.indptr, b.nse)])
    cols = jnp.concatenate([a.indices, b.indices]).astype(jnp.int32)
    data = jnp.concatenate([(alpha * a.data).astype(dtype), (beta * b.data).astype(dtype)])
    # Summed (value, count) pairs: a zero count marks the unused trailing entries.
    pairs = jnp.stack([data, jnp.ones_like(data)], axis=-1)
    s = jsparse.BCOO(
        (pairs, jnp.stack([rows, cols], axis=1)), shape=tuple(a.shape) + (2,)
    ).sum_duplicates(nse=a.nse + b.nse)
    return s.indices[:, 0], s.indices[:, 1], s.data[:, 0], jnp.real(s.data[:, 1]) > 0


def csr_mul(x: CSRTensor | BCSR, y: ArrayLike) -> CSRTensor | BCSR:
    """Multiplies the stored values of a CSR tensor by a dense tensor at the same positions.

    Args:
        x (CSRTensor): The sparse tensor.
        y (Tensor): The dense factor, broadcast to `x`'s shape.

    Returns:
        CSRTensor, `x`'s pattern with the products as values.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_mul(x, ms.Tensor([10.0, 100.0])).to_dense().tolist()
        [[0.0, 100.0], [20.0, 0.0]]
    """
    return _csr_scale(_csr(x), tensor_arg(y, "y"), False)


def csr_div(x: CSRTensor | BCSR, y: ArrayLike) -> CSRTensor | BCSR:
    """Divides the stored values of a CSR tensor by a dense tensor at the same positions.

    Args:
        x (CSRTensor): The sparse tensor.
        y (Tensor): The dense divisor, broadcast to `x`'s shape.

    Returns:
        CSRTensor, `x`'s pattern with the quotients as values.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_div(x, ms.Tensor([2.0, 4.0])).to_dense().tolist()
        [[0.0, 0.25], [1.0, 0.0]]
    """
    return _csr_scale(_csr(x), tensor_arg(y, "y"), True)


@functools.partial(jax.jit, static_argnums=2)
def _csr_scale(x, y, divide):
    r, c = _rows_cols(x)
    yv = jnp.broadcast_to(y, x.shape)[r, c]
    data = x.data / yv if divide else x.data * yv
    return jsparse.BCSR((data, x.indices, x.indptr), shape=x.shape)


def csr_mv(csr_tensor: CSRTensor | BCSR, dense: ArrayLike) -> Array:
    """Product of a CSR matrix and a dense vector (or a dense matrix of column vectors).

    Args:
        csr_tensor (CSRTensor): The matrix, shape (m, n).
        dense (Tensor): The vector, shape (n,) or (n, k).

    Returns:
        Tensor, dense, shape (m,) or (m, k).

    Raises:
        ValueError: If `dense`'s shape does not fit.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_mv(x, ms.Tensor([[1.0], [10.0]])).tolist()
        [[10.0], [2.0]]
    """
    x, d = _csr(csr_tensor, "csr_tensor"), tensor_arg(dense, "dense")
    if d.ndim not in (1, 2) or d.shape[0] != x.shape[1]:
        raise ValueError(
            f"csr_mv: `dense` must have shape ({x.shape[1]},) or ({x.shape[1]}, k), got {d.shape}"
        )
    return _csr_mv(x, d)


@jax.jit
def _csr_mv(x, d):
    # Row sums of value * dense[col] by hand: BCSR's own matmul breaks under vmap and grad.
    rows, cols = _rows_cols(x)
    terms = x.data.reshape((-1,) + (1,) * (d.ndim - 1)) * d[cols]
    return jax.ops.segment_sum(terms, rows, num_segments=x.shape[0])


def csr_mm(
    a: CSRTensor | BCSR,
    b: CSRTensor | BCSR | ArrayLike,
    trans_a: bool = False,
    trans_b: bool = False,
    adjoint_a: bool = False,
    adjoint_b: bool = False,
) -> CSRTensor | BCSR | Array:
    """Product of a CSR matrix and a CSR or dense matrix.

    Args:
        a (CSRTensor): The left matrix.
        b (Union[CSRTensor, Tensor]): The right matrix.
        trans_a (bool): Whether to transpose `a` first. Default: ``False``.
        trans_b (bool): Whether to transpose `b` first. Default: ``False``.
        adjoint_a (bool): Whether to conjugate-transpose `a` first. Default: ``False``.
        adjoint_b (bool): Whether to conjugate-transpose `b` first. Default: ``False``.

    Returns:
        Tensor, dense, for a dense `b`; CSRTensor for a CSRTensor `b` (its non-zeros
        eagerly, every position under tracing).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_mm(x, ms.Tensor([[1.0, 0.0], [0.0, 1.0]])).tolist()
        [[0.0, 1.0], [2.0, 0.0]]
    """
    a, class_b = _csr(a, "a"), isinstance(b, CSRTensor)
    b = _csr(b, "b") if class_b or isinstance(b, jsparse.BCSR) else tensor_arg(b, "b")
    out = _csr_mm(a, b, bool(trans_a), bool(trans_b), bool(adjoint_a), bool(adjoint_b))
    if class_b:
        # A CSRTensor times a CSRTensor is a CSRTensor in MindSpore: the non-zeros eagerly,
        # every position under tracing.
        nse = out.size if isinstance(out, Tracer) else None
        return jsparse.BCSR.fromdense(out, nse=nse)
    return out


@functools.partial(jax.jit, static_argnums=(2, 3, 4, 5))
def _csr_mm(a, b, trans_a, trans_b, adjoint_a, adjoint_b):
    da = a.todense()
    db = b.todense() if isinstance(b, jsparse.BCSR) else b
    if trans_a or adjoint_a:
        da = jnp.conj(da.T) if adjoint_a else da.T
    if trans_b or adjoint_b:
        db = jnp.conj(db.T) if adjoint_b else db.T
    return da @ db


def csr_reduce_sum(csr_tensor: CSRTensor | BCSR, axis: int) -> Array:
    """Sum of a CSR matrix along `axis`, keeping the reduced axis (of length 1).

    Args:
        csr_tensor (CSRTensor): The matrix, 2-D.
        axis (int): The axis summed over.

    Returns:
        Tensor, dense, with `axis` of length 1.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> indptr, indices = ms.Tensor([0, 2, 3]), ms.Tensor([0, 1, 1])
        >>> x = ms.CSRTensor(indptr, indices, ms.Tensor([1.0, 2.0, 3.0]), (2, 2))
        >>> ops.csr_reduce_sum(x, 1).tolist()
        [[3.0], [3.0]]
    """
    return jnp.sum(_csr(csr_tensor, "csr_tensor").todense(), axis=axis, keepdims=True)


def csr_softmax(logits: CSRTensor | BCSR, dtype: Any = None) -> CSRTensor | BCSR:
    """Softmax over the stored values of each row of a CSR matrix (the absent entries take
    no part, rather than counting as zeros).

    Args:
        logits (CSRTensor): The matrix, 2-D.
        dtype (Union[mindspore.dtype, None]): The dtype of the result's values; ``None``
            keeps `logits`'. Default: ``None``.

    Returns:
        CSRTensor, `logits`' pattern with the probabilities as values.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> indptr, indices = ms.Tensor([0, 2, 3]), ms.Tensor([0, 1, 1])
        >>> x = ms.CSRTensor(indptr, indices, ms.Tensor([0.0, 0.0, 5.0]), (2, 2))
        >>> ops.csr_softmax(x).values.tolist()  # per row, over the stored values only
        [0.5, 0.5, 1.0]
    """
    x = _csr(logits, "logits")
    out = _csr_softmax(x)
    if dtype is not None:
        out = jsparse.BCSR(
            (out.data.astype(canonical_dtype(dtype)), out.indices, out.indptr), shape=out.shape
        )
    return out


@jax.jit
def _csr_softmax(x):
    rows, _ = _rows_cols(x)
    n = x.shape[0]
    mx = jax.ops.segment_max(x.data, rows, n)
    e = jnp.exp(x.data - mx[rows])
    s = jax.ops.segment_sum(e, rows, n)
    return jsparse.BCSR((e / s[rows], x.indices, x.indptr), shape=x.shape)


def csr_gather(
    indptr: ArrayLike, indices: ArrayLike, dense: ArrayLike, sparse_shape: Sequence[int]
) -> Array:
    """The values of a dense matrix at the positions of a CSR pattern.

    Args:
        indptr (Tensor): The pattern's row pointers, shape (m + 1,).
        indices (Tensor): The pattern's column indices, shape (nnz,).
        dense (Tensor): The dense matrix, shape (m, n).
        sparse_shape (Union[tuple[int], list[int]]): The pattern's dense shape, (m, n).

    Returns:
        Tensor, the gathered values, shape (nnz,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> dense = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> ops.csr_gather(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), dense, (2, 2)).tolist()
        [2.0, 3.0]
    """
    ip = tensor_arg(indptr, "indptr").astype(jnp.int32)
    ix = tensor_arg(indices, "indices").astype(jnp.int32)
    return tensor_arg(dense, "dense")[_rows(ip, ix.shape[0]), ix]


# COOTensor/CSRTensor in, COOTensor/CSRTensor out (csr_gather takes and gives arrays).
for _name in __all__:
    if _name != "csr_gather":
        globals()[_name] = _keeps_classes(globals()[_name])

# the sparse classes' methods call these ops and func_sparse's
use_sparse_ops(func_sparse, sys.modules[__name__])
