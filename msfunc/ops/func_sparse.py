"""COO/CSR sparse ops on jax.experimental.sparse, for COOTensor/CSRTensor (or BCOO/BCSR).

Element-wise ``coo_*``/``csr_*`` ops act on the stored values only, as in MindSpore. An op
given a `COOTensor`/`CSRTensor` returns them (the constructors always do); given
``jax.experimental.sparse`` BCOO/BCSR arrays it returns those.
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import tensor_arg
from ..common.sparse_tensor import (
    COOTensor,
    CSRTensor,
    as_jax_sparse,
    from_jax_sparse,
    is_sparse_class,
    jsparse,
)
from ..common.tensor import Tensor, canonical_dtype, unwrap

_UNARY = {
    "abs": jnp.abs,
    "acos": jnp.arccos,
    "acosh": jnp.arccosh,
    "asin": jnp.arcsin,
    "asinh": jnp.arcsinh,
    "atan": jnp.arctan,
    "atanh": jnp.arctanh,
    "ceil": jnp.ceil,
    "cos": jnp.cos,
    "cosh": jnp.cosh,
    "exp": jnp.exp,
    "expm1": jnp.expm1,
    "floor": jnp.floor,
    "inv": jnp.reciprocal,
    "isfinite": jnp.isfinite,
    "isinf": jnp.isinf,
    "isnan": jnp.isnan,
    "log": jnp.log,
    "log1p": jnp.log1p,
    "neg": jnp.negative,
    "relu": jax.nn.relu,
    "relu6": jax.nn.relu6,
    "round": jnp.round,
    "sigmoid": jax.nn.sigmoid,
    "sin": jnp.sin,
    "sinh": jnp.sinh,
    "softsign": jax.nn.soft_sign,
    "sqrt": jnp.sqrt,
    "square": jnp.square,
    "tan": jnp.tan,
    "tanh": jnp.tanh,
}

__all__ = (
    [f"coo_{n}" for n in _UNARY]
    + [f"csr_{n}" for n in _UNARY]
    + [
        "make_coo_tensor",
        "make_csr_tensor",
        "coo_tensor_get_indices",
        "coo_tensor_get_values",
        "coo_tensor_get_dense_shape",
        "csr_tensor_get_indptr",
        "csr_tensor_get_indices",
        "csr_tensor_get_values",
        "csr_tensor_get_dense_shape",
        "coo_add",
        "coo_concat",
        "coo2csr",
        "csr2coo",
        "csr_to_coo",
        "csr_to_dense",
        "dense_to_sparse_coo",
        "dense_to_sparse_csr",
        "csr_add",
        "csr_mul",
        "csr_div",
        "csr_mv",
        "csr_mm",
        "csr_reduce_sum",
        "csr_softmax",
        "csr_gather",
    ]
)


def _array_leaves(x):
    # msfunc's transforms hand pytree leaves in as Tensors; jax's sparse arrays need arrays.
    if isinstance(x.data, Tensor):
        return jax.tree.map(unwrap, x, is_leaf=lambda leaf: isinstance(leaf, Tensor))
    return x


def _coo(x, name="x"):
    if isinstance(x, COOTensor):
        return as_jax_sparse(x)
    if not isinstance(x, jsparse.BCOO):
        raise TypeError(f"`{name}` must be a COOTensor (or BCOO), got {type(x).__name__}")
    return _array_leaves(x)


def _csr(x, name="x"):
    if isinstance(x, CSRTensor):
        return as_jax_sparse(x)
    if not isinstance(x, jsparse.BCSR):
        raise TypeError(f"`{name}` must be a CSRTensor (or BCSR), got {type(x).__name__}")
    return _array_leaves(x)


def _holds_class(x):
    return is_sparse_class(x) or (type(x) in (list, tuple) and any(map(is_sparse_class, x)))


def _keeps_classes(fn):
    """`fn` returning COOTensor/CSRTensor results when any argument is one."""

    @functools.wraps(fn)
    def op(*args, **kwargs):
        out = fn(*args, **kwargs)
        if any(map(_holds_class, args)) or any(map(_holds_class, kwargs.values())):
            return from_jax_sparse(out)
        return out

    return op


def make_coo_tensor(indices, values, shape):
    """COOTensor from (nnz, ndim) indices, (nnz,) values and a dense shape.

    Example:
        >>> x = make_coo_tensor(jnp.array([[0, 1], [1, 0]]), jnp.array([1.0, 2.0]), (2, 2))
        >>> type(x).__name__, x.to_dense().tolist()
        ('COOTensor', [[0.0, 1.0], [2.0, 0.0]])
    """
    return COOTensor(tensor_arg(indices, "indices"), tensor_arg(values, "values"), tuple(shape))


def make_csr_tensor(indptr, indices, values, shape):
    """CSRTensor from indptr, column indices, values and a dense shape.

    Example:
        >>> indptr, indices, values = jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0])
        >>> x = make_csr_tensor(indptr, indices, values, (2, 2))
        >>> type(x).__name__, x.to_dense().tolist()
        ('CSRTensor', [[0.0, 1.0], [2.0, 0.0]])
    """
    return CSRTensor(
        tensor_arg(indptr, "indptr"),
        tensor_arg(indices, "indices"),
        tensor_arg(values, "values"),
        tuple(shape),
    )


def coo_tensor_get_indices(x):
    """The (nnz, ndim) indices of a COO tensor.

    Example:
        >>> x = COOTensor(jnp.array([[0, 1], [1, 0]]), jnp.array([1.0, 2.0]), (2, 2))
        >>> coo_tensor_get_indices(x).tolist()
        [[0, 1], [1, 0]]
    """
    return _coo(x).indices


def coo_tensor_get_values(x):
    """The stored values of a COO tensor.

    Example:
        >>> x = COOTensor(jnp.array([[0, 1], [1, 0]]), jnp.array([1.0, 2.0]), (2, 2))
        >>> coo_tensor_get_values(x).tolist()
        [1.0, 2.0]
    """
    return _coo(x).data


def coo_tensor_get_dense_shape(x):
    """The dense shape of a COO tensor.

    Example:
        >>> x = COOTensor(jnp.array([[0, 1], [1, 0]]), jnp.array([1.0, 2.0]), (2, 2))
        >>> coo_tensor_get_dense_shape(x)
        (2, 2)
    """
    return tuple(_coo(x).shape)


def csr_tensor_get_indptr(x):
    """Row pointers of a CSR tensor.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_tensor_get_indptr(x).tolist()
        [0, 1, 2]
    """
    return _csr(x).indptr


def csr_tensor_get_indices(x):
    """Column indices of a CSR tensor.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_tensor_get_indices(x).tolist()
        [1, 0]
    """
    return _csr(x).indices


def csr_tensor_get_values(x):
    """Stored values of a CSR tensor.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_tensor_get_values(x).tolist()
        [1.0, 2.0]
    """
    return _csr(x).data


def csr_tensor_get_dense_shape(x):
    """Dense shape of a CSR tensor.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_tensor_get_dense_shape(x)
        (2, 2)
    """
    return tuple(_csr(x).shape)


def _make_unary(kind, name, fn):
    if kind == "coo":

        def op(x):
            x = _coo(x)
            return jsparse.BCOO((fn(x.data), x.indices), shape=x.shape)
    else:

        def op(x):
            x = _csr(x)
            return jsparse.BCSR((fn(x.data), x.indices, x.indptr), shape=x.shape)

    op.__name__ = op.__qualname__ = f"{kind}_{name}"
    sparse = (
        "COOTensor(ms.Tensor([[0, 1], [1, 0]]), "
        if kind == "coo"
        else "CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), "
    )
    op.__doc__ = (
        f"``ops.{name}`` of the stored values of a {kind.upper()} tensor; the indices stay.\n\n"
        f"Args:\n    x ({kind.upper()}Tensor): the sparse input.\n\n"
        f"Returns:\n    {kind.upper()}Tensor: the same indices and shape, `{name}` of each value."
        "\n\n"
        f"Example:\n    >>> import msfunc as ms\n    >>> from msfunc import ops\n"
        f"    >>> x = ms.{sparse}ms.Tensor([0.25, 1.0]), (2, 2))\n"
        f"    >>> y = ops.{kind}_{name}(x)\n"
        f"    >>> same = ops.isclose(y.values, ops.{name}(x.values), equal_nan=True)\n"
        f"    >>> bool(same.all()), y.shape\n"
        f"    (True, (2, 2))\n"
    )
    return op


for _n, _f in _UNARY.items():
    globals()[f"coo_{_n}"] = _make_unary("coo", _n, _f)
    globals()[f"csr_{_n}"] = _make_unary("csr", _n, _f)


def coo_add(x1, x2, thresh):
    """Sum of two COO tensors; a sum of two coinciding entries with |sum| < thresh is dropped
    (entries stored in only one input are kept whatever their size, as in MindSpore).

    COOTensors give MindSpore's result eagerly; under tracing, and for BCOO inputs, the
    dropped sums stay as zeros and the result keeps nnz(x1) + nnz(x2) entries (the unused
    ones at out-of-range indices).

    Example:
        >>> a = COOTensor(jnp.array([[0, 0], [1, 1]]), jnp.array([1.0, 2.0]), (2, 2))
        >>> b = COOTensor(jnp.array([[0, 0]]), jnp.array([-1.0]), (2, 2))
        >>> coo_add(a, b, 0.5).to_dense().tolist()  # the |1 - 1| < 0.5 entry is dropped
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
    if not isinstance(keep, jax.core.Tracer):
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


def coo_concat(sp_input, concat_dim=0):
    """Concatenate COO tensors along `concat_dim`.

    Example:
        >>> a = COOTensor(jnp.array([[0, 0]]), jnp.array([1.0]), (1, 2))
        >>> b = COOTensor(jnp.array([[0, 1]]), jnp.array([2.0]), (1, 2))
        >>> coo_concat((a, b), 0).to_dense().tolist()
        [[1.0, 0.0], [0.0, 2.0]]
    """
    return jsparse.bcoo_concatenate([_coo(x, "sp_input") for x in sp_input], dimension=concat_dim)


def coo2csr(coo_row_indices, height):
    """Row pointers (height + 1,) from sorted COO row indices.

    Example:
        >>> coo2csr(jnp.array([0, 0, 2]), 3).tolist()
        [0, 2, 2, 3]
    """
    rows = tensor_arg(coo_row_indices, "coo_row_indices").astype(jnp.int32)
    counts = jnp.zeros((height,), jnp.int32).at[rows].add(1)
    return jnp.concatenate([jnp.zeros((1,), jnp.int32), jnp.cumsum(counts)]).astype(jnp.int32)


def csr2coo(tensor, length):
    """COO row indices (length,) from CSR row pointers.

    Example:
        >>> csr2coo(jnp.array([0, 2, 2, 3]), 3).tolist()
        [0, 0, 2]
    """
    return _rows(tensor_arg(tensor, "tensor").astype(jnp.int32), int(length))


@functools.partial(jax.jit, static_argnums=1)  # one compile when called eagerly
def _rows(indptr, nnz):
    """Row of each of `nnz` stored values (entries past indptr[-1] get the dropped row n)."""
    return (jnp.searchsorted(indptr, jnp.arange(nnz), side="right") - 1).astype(jnp.int32)


def csr_to_coo(tensor):
    """CSR tensor as a COO tensor.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_to_coo(x).indices.tolist()
        [[0, 1], [1, 0]]
    """
    return _csr(tensor, "tensor").to_bcoo()


def csr_to_dense(csr_tensor):
    """Dense array of a CSR tensor.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_to_dense(x).tolist()
        [[0.0, 1.0], [2.0, 0.0]]
    """
    return _csr(csr_tensor, "csr_tensor").todense()


def dense_to_sparse_coo(tensor):
    """COOTensor of the non-zeros of a dense array (eager: nnz must be concrete).

    Example:
        >>> x = dense_to_sparse_coo(jnp.array([[0.0, 3.0], [4.0, 0.0]]))
        >>> x.indices.tolist(), x.values.tolist()
        ([[0, 1], [1, 0]], [3.0, 4.0])
    """
    return from_jax_sparse(jsparse.BCOO.fromdense(tensor_arg(tensor, "tensor")))


def dense_to_sparse_csr(tensor):
    """CSRTensor of the non-zeros of a 2-D dense array (eager).

    Example:
        >>> x = dense_to_sparse_csr(jnp.array([[0.0, 3.0], [4.0, 0.0]]))
        >>> x.indptr.tolist(), x.indices.tolist(), x.values.tolist()
        ([0, 1, 2], [1, 0], [3.0, 4.0])
    """
    return from_jax_sparse(jsparse.BCSR.fromdense(tensor_arg(tensor, "tensor")))


def _rows_cols(x):
    return _rows(x.indptr, x.data.shape[0]), x.indices


def csr_add(a, b, alpha, beta):
    """alpha * a + beta * b for CSR tensors, storing the union of the two patterns (zero
    sums included, as in MindSpore). Under tracing the result keeps nnz(a) + nnz(b) entries,
    the unused ones past ``indptr[-1]``.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> y = CSRTensor(jnp.array([0, 1, 1]), jnp.array([0]), jnp.array([5.0]), (2, 2))
        >>> csr_add(x, y, jnp.array(1.0), jnp.array(2.0)).to_dense().tolist()
        [[10.0, 1.0], [2.0, 0.0]]
    """
    a, b = _csr(a, "a"), _csr(b, "b")
    if a.shape != b.shape or a.n_dense or b.n_dense:
        raise ValueError(
            f"csr_add: `a` and `b` must be 2-D CSR tensors of the same shape, "
            f"got {a.shape} and {b.shape}"
        )
    rows, cols, value, keep = _csr_add(a, b, tensor_arg(alpha, "alpha"), tensor_arg(beta, "beta"))
    if not isinstance(keep, jax.core.Tracer):
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


def csr_mul(x, y):
    """Stored values times the dense (broadcast) `y` at the same positions; CSR result.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_mul(x, jnp.array([10.0, 100.0])).to_dense().tolist()
        [[0.0, 100.0], [20.0, 0.0]]
    """
    return _csr_scale(_csr(x), tensor_arg(y, "y"), False)


def csr_div(x, y):
    """Stored values divided by the dense (broadcast) `y` at the same positions; CSR result.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_div(x, jnp.array([2.0, 4.0])).to_dense().tolist()
        [[0.0, 0.25], [1.0, 0.0]]
    """
    return _csr_scale(_csr(x), tensor_arg(y, "y"), True)


@functools.partial(jax.jit, static_argnums=2)
def _csr_scale(x, y, divide):
    r, c = _rows_cols(x)
    yv = jnp.broadcast_to(y, x.shape)[r, c]
    data = x.data / yv if divide else x.data * yv
    return jsparse.BCSR((data, x.indices, x.indptr), shape=x.shape)


def csr_mv(csr_tensor, dense):
    """CSR matrix times a dense (n, 1) or (n,) vector.

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_mv(x, jnp.array([[1.0], [10.0]])).tolist()
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


def csr_mm(a, b, trans_a=False, trans_b=False, adjoint_a=False, adjoint_b=False):
    """Product of a CSR matrix and a CSR or dense matrix (dense result; a CSRTensor when `b`
    is a CSRTensor).

    Example:
        >>> x = CSRTensor(jnp.array([0, 1, 2]), jnp.array([1, 0]), jnp.array([1.0, 2.0]), (2, 2))
        >>> csr_mm(x, jnp.array([[1.0, 0.0], [0.0, 1.0]])).tolist()
        [[0.0, 1.0], [2.0, 0.0]]
    """
    a, class_b = _csr(a, "a"), isinstance(b, CSRTensor)
    b = _csr(b, "b") if class_b or isinstance(b, jsparse.BCSR) else tensor_arg(b, "b")
    out = _csr_mm(a, b, bool(trans_a), bool(trans_b), bool(adjoint_a), bool(adjoint_b))
    if class_b:
        # A CSRTensor times a CSRTensor is a CSRTensor in MindSpore: the non-zeros eagerly,
        # every position under tracing.
        nse = out.size if isinstance(out, jax.core.Tracer) else None
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


def csr_reduce_sum(csr_tensor, axis):
    """Sum of a CSR matrix along `axis`, keeping the reduced dim.

    Example:
        >>> indptr, indices = jnp.array([0, 2, 3]), jnp.array([0, 1, 1])
        >>> x = CSRTensor(indptr, indices, jnp.array([1.0, 2.0, 3.0]), (2, 2))
        >>> csr_reduce_sum(x, 1).tolist()
        [[3.0], [3.0]]
    """
    return jnp.sum(_csr(csr_tensor, "csr_tensor").todense(), axis=axis, keepdims=True)


def csr_softmax(logits, dtype=None):
    """Softmax over the stored values of each row of a CSR matrix; CSR result (of `dtype`
    when given).

    Example:
        >>> indptr, indices = jnp.array([0, 2, 3]), jnp.array([0, 1, 1])
        >>> x = CSRTensor(indptr, indices, jnp.array([0.0, 0.0, 5.0]), (2, 2))
        >>> csr_softmax(x).values.tolist()  # per row, over the stored values only
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


def csr_gather(indptr, indices, dense, sparse_shape):
    """Values of `dense` at the positions of a CSR pattern (returns the values array).

    Example:
        >>> dense = jnp.array([[1.0, 2.0], [3.0, 4.0]])
        >>> csr_gather(jnp.array([0, 1, 2]), jnp.array([1, 0]), dense, (2, 2)).tolist()
        [2.0, 3.0]
    """
    ip = tensor_arg(indptr, "indptr").astype(jnp.int32)
    ix = tensor_arg(indices, "indices").astype(jnp.int32)
    return tensor_arg(dense, "dense")[_rows(ip, ix.shape[0]), ix]


# COOTensor/CSRTensor in, COOTensor/CSRTensor out (the constructors above return them).
for _name in __all__:
    if _name not in (
        "make_coo_tensor",
        "make_csr_tensor",
        "dense_to_sparse_coo",
        "dense_to_sparse_csr",
        "coo2csr",
        "csr2coo",
        "csr_gather",
    ):
        globals()[_name] = _keeps_classes(globals()[_name])


def _register():
    import sys

    from ..common.sparse_tensor import use_sparse_ops

    use_sparse_ops(sys.modules[__name__])  # the classes' methods call these ops


_register()
