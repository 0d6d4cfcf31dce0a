"""``mindspore.ops.operations.sparse_ops``: primitives over COO tensors given as their parts
(``indices``, ``values``, ``shape``): reorder, reshape, sparse-sparse maximum/minimum and
sparse-dense element-wise arithmetic.

Example:
    >>> import numpy as np
    >>> y_indices, y_values = SparseReorder()(
    ...     np.array([[2, 1], [0, 1]]), np.array([1.0, 2.0]), np.array([3, 3]))
    >>> y_indices.asnumpy().tolist(), y_values.asnumpy().tolist()
    ([[0, 1], [2, 1]], [2.0, 1.0])
"""

import jax
import jax.numpy as jnp
import numpy as np

from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive
from ._sparse_args import (
    NUMBER_DTYPES,
    array,
    concrete,
    is_traced,
    require_dtype,
    require_rank,
    same_dtype,
)

__all__ = [
    "SparseDenseCwiseAdd",
    "SparseDenseCwiseDiv",
    "SparseDenseCwiseMul",
    "SparseReorder",
    "SparseReshape",
    "SparseSparseMaximum",
    "SparseSparseMinimum",
    "sparse_reorder",
    "sparse_reshape",
]

_INT64 = (np.dtype(np.int64),)


def _check_coo(op, prefix, indices, values, shape, value_dtypes=None):
    """MindSpore's checks of one COO operand: int64 indices and shape, their ranks and sizes."""
    require_dtype(op, f"{prefix}indices", indices, _INT64)
    require_dtype(op, f"{prefix}shape", shape, _INT64)
    if value_dtypes is not None:
        require_dtype(op, f"{prefix}values", values, value_dtypes)
    require_rank(op, f"{prefix}indices", indices, 2)
    require_rank(op, f"{prefix}values", values, 1)
    require_rank(op, f"{prefix}shape", shape, 1)
    indices, values, shape = array(indices), array(values), array(shape)
    if values.shape[0] != indices.shape[0]:
        raise ValueError(
            f"{op}: `{prefix}values` must hold one value per row of `{prefix}indices` "
            f"({indices.shape[0]}), got {values.shape[0]}"
        )
    if shape.shape[0] != indices.shape[1]:
        raise ValueError(
            f"{op}: `{prefix}shape` must have one entry per column of `{prefix}indices` "
            f"({indices.shape[1]}), got {shape.shape[0]}"
        )


def _check_bounds(op, indices, shape):
    """ValueError for an index outside `shape` (only where both are concrete values)."""
    if is_traced(indices, shape):
        return
    indices, shape = np.asarray(indices), np.asarray(shape)
    bad = (indices < 0) | (indices >= shape)
    if bad.any():
        row, dim = np.argwhere(bad)[0]
        raise ValueError(
            f"{op}: index {indices[row].tolist()} (row {row}) is outside the shape "
            f"{shape.tolist()} on dimension {dim}"
        )


def _row_major_order(indices):
    """The stable permutation that sorts the rows of `indices` in row-major order."""
    if indices.shape[1] == 0:
        return jnp.arange(indices.shape[0])
    return jnp.lexsort(tuple(indices[:, d] for d in reversed(range(indices.shape[1]))))


def sparse_reorder(indices, values, shape):
    """The entries of a COO tensor in row-major order of their indices (entries at one index
    keep their order).

    Example:
        >>> import numpy as np
        >>> i, v = sparse_reorder(np.array([[1, 0], [0, 1], [1, 0]]), np.array([1, 2, 3]),
        ...                       np.array([2, 2]))
        >>> np.asarray(i).tolist(), np.asarray(v).tolist()
        ([[0, 1], [1, 0], [1, 0]], [2, 1, 3])
    """
    op = "SparseReorder"
    _check_coo(op, "", indices, values, shape)
    _check_bounds(op, indices, shape)
    indices, values = jnp.asarray(indices), jnp.asarray(values)
    order = _row_major_order(indices)
    return indices[order], values[order]


def _new_shape(op, total, new_shape):
    """`new_shape` with its one ``-1`` filled in so it holds `total` elements."""
    new = [int(d) for d in new_shape]
    if sum(d == -1 for d in new) > 1:
        raise RuntimeError(f"{op}: `new_shape` may hold at most one -1, got {new}")
    if any(d < -1 for d in new):
        raise RuntimeError(f"{op}: `new_shape` must hold sizes of 0 or more (or -1), got {new}")
    if -1 in new:
        known = int(np.prod([d for d in new if d != -1], dtype=np.int64))
        if known == 0 or total % known:
            raise RuntimeError(f"{op}: {total} elements cannot be shaped as {new}")
        new[new.index(-1)] = total // known
    elif int(np.prod(new, dtype=np.int64)) != total:
        raise RuntimeError(f"{op}: {total} elements cannot be shaped as {new}")
    return new


def _strides(shape):
    """Row-major strides (in elements) of `shape`."""
    return np.cumprod([1] + list(shape[:0:-1]), dtype=np.int64)[::-1].copy()


def sparse_reshape(indices, shape, new_shape):
    """The indices of a COO tensor of dense shape `shape` once the dense tensor is reshaped
    to `new_shape` (one entry may be -1), and the new shape. The values keep their order.

    Example:
        >>> import numpy as np
        >>> i, s = sparse_reshape(np.array([[0, 1], [1, 2]]), np.array([2, 3]),
        ...                       np.array([-1]))
        >>> np.asarray(i).tolist(), np.asarray(s).tolist()
        ([[1], [5]], [6])
    """
    op = "SparseReshape"
    for name, x in (("indices", indices), ("shape", shape), ("new_shape", new_shape)):
        require_dtype(op, name, x, _INT64)
    require_rank(op, "indices", indices, 2)
    require_rank(op, "shape", shape, 1)
    require_rank(op, "new_shape", new_shape, 1)
    if array(indices).shape[1] != array(shape).shape[0]:
        raise ValueError(
            f"{op}: `indices` must have one column per entry of `shape` "
            f"({array(shape).shape[0]}), got {array(indices).shape[1]}"
        )
    old = [int(d) for d in concrete(op, "shape", shape)]
    new = _new_shape(op, int(np.prod(old, dtype=np.int64)), concrete(op, "new_shape", new_shape))
    indices = jnp.asarray(indices)
    linear = indices @ jnp.asarray(_strides(old))
    columns = []
    for stride in _strides(new).tolist():  # the first column unbounded, as MindSpore's
        columns.append(linear // stride)
        linear = linear - columns[-1] * stride
    out = jnp.stack(columns, axis=1) if columns else jnp.zeros((indices.shape[0], 0))
    return out.astype(indices.dtype), jnp.asarray(np.asarray(new, np.int64))


def _merge(a_indices, b_indices):
    """The two-pointer merge of two index lists, as MindSpore's kernel walks them: a pair of
    equal indices becomes one entry, otherwise the lesser (row-major) is taken first. Returns
    the output indices and, per output entry, its row in each input (-1 where absent)."""
    a, b = [tuple(r) for r in a_indices.tolist()], [tuple(r) for r in b_indices.tolist()]
    rows, from_a, from_b = [], [], []
    i = j = 0
    while i < len(a) or j < len(b):
        if j == len(b) or (i < len(a) and a[i] < b[j]):
            rows.append(a[i]), from_a.append(i), from_b.append(-1)
            i += 1
        elif i == len(a) or b[j] < a[i]:
            rows.append(b[j]), from_a.append(-1), from_b.append(j)
            j += 1
        else:
            rows.append(a[i]), from_a.append(i), from_b.append(j)
            i, j = i + 1, j + 1
    return rows, np.asarray(from_a, np.int64), np.asarray(from_b, np.int64)


def _sparse_sparse_extreme(op, pick, x1_indices, x1_values, x1_shape, x2_indices, x2_values,
                           x2_shape):  # fmt: skip
    """Element-wise `pick` (maximum or minimum) of two COO tensors of one shape, an index
    stored in one input only compared with zero."""
    _check_coo(op, "x1_", x1_indices, x1_values, x1_shape, NUMBER_DTYPES)
    _check_coo(op, "x2_", x2_indices, x2_values, x2_shape, NUMBER_DTYPES)
    same_dtype(op, x1_values=x1_values, x2_values=x2_values)
    s1, s2 = concrete(op, "x1_shape", x1_shape), concrete(op, "x2_shape", x2_shape)
    if s1.tolist() != s2.tolist():
        raise ValueError(f"{op}: the two shapes must match, got {s1.tolist()} and {s2.tolist()}")
    i1, i2 = concrete(op, "x1_indices", x1_indices), concrete(op, "x2_indices", x2_indices)
    rows, from_a, from_b = _merge(i1, i2)
    v1, v2 = jnp.asarray(x1_values), jnp.asarray(x2_values)
    zero = jnp.zeros((), v1.dtype)
    a = jnp.where(from_a >= 0, v1[jnp.maximum(from_a, 0)] if v1.size else zero, zero)
    b = jnp.where(from_b >= 0, v2[jnp.maximum(from_b, 0)] if v2.size else zero, zero)
    out_indices = np.asarray(rows, np.int64).reshape(len(rows), i1.shape[1])
    return jnp.asarray(out_indices), pick(a, b)


def _dense_at(op, x1_indices, x1_shape, x2):
    """The entries of `x2`, broadcast to the dense shape `x1_shape`, at each sparse index."""
    shape = [int(d) for d in concrete(op, "x1_shape", x1_shape)]
    x2 = jnp.asarray(x2)
    if x2.ndim > len(shape):
        raise ValueError(
            f"{op}: `x2` ({x2.ndim}-D) must have at most as many dims as `x1_shape` ({len(shape)})"
        )
    lead = len(shape) - x2.ndim
    if any(d not in (1, s) for d, s in zip(x2.shape, shape[lead:])):
        raise ValueError(f"{op}: `x2` of shape {x2.shape} does not broadcast to {shape}")
    _check_bounds(op, x1_indices, np.asarray(shape))
    indices = jnp.asarray(x1_indices)
    # index x2 directly (a size-1 axis at 0) rather than materialize the broadcast tensor
    at = tuple(
        indices[:, lead + d] if size != 1 else jnp.zeros(indices.shape[0], indices.dtype)
        for d, size in enumerate(x2.shape)
    )
    return x2[at]


def _divide(a, b):
    # integer division truncates toward zero, as C++ kernels divide
    if jnp.issubdtype(a.dtype, jnp.integer):
        return jax.lax.div(a, b)
    return a / b


def _sparse_dense_cwise(op, combine, x1_indices, x1_values, x1_shape, x2):
    _check_coo(op, "x1_", x1_indices, x1_values, x1_shape, NUMBER_DTYPES)
    same_dtype(op, x1_values=x1_values, x2=x2)
    return combine(jnp.asarray(x1_values), _dense_at(op, x1_indices, x1_shape, x2))


_COO = "(int64 ``(n, rank)``), ``{0}values`` (``(n,)``) and ``{0}shape`` (int64 ``(rank,)``)"

DOCS: dict[str, str] = {
    "SparseReorder": f"""The entries of a COO tensor in row-major order of their indices;
entries at one index keep their order (`sparse_reorder`).

Inputs:
    indices, values, shape: the COO tensor: ``indices`` {_COO.format("")}.

Outputs:
    Tuple ``(y_indices, y_values)``, reordered.

Raises:
    TypeError: If `indices` or `shape` is not int64.
    ValueError: If the ranks or sizes disagree, or an index lies outside `shape`.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_coo_ops import SparseReorder
    >>> indices = ms.Tensor(np.array([[2, 1], [0, 1]], np.int64))
    >>> y_indices, y_values = SparseReorder()(indices, ms.Tensor([1, 2]), ms.Tensor([3, 3]))
    >>> print(y_values)
    [2 1]
""",
    "SparseReshape": """The indices of a COO tensor once its dense form is reshaped
(`sparse_reshape`); the values keep their order.

Inputs:
    indices (Tensor): int64 ``(n, rank)``.
    shape (Tensor): int64 ``(rank,)``, the dense shape.
    new_shape (Tensor): int64 1-D, the requested shape; one entry may be -1.

Outputs:
    Tuple ``(y_indices, y_shape)``: int64 ``(n, len(new_shape))`` and the new shape.

MindSpore 2.10's CPU kernel answers some rank-3 targets with an inferred -1 with wrong
indices; msfunc computes every target as a dense reshape would.

Raises:
    TypeError: If an input is not int64.
    ValueError: If the ranks or sizes disagree.
    RuntimeError: If `new_shape` holds more than one -1, a size below -1, or does not hold
        the dense shape's number of elements.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_coo_ops import SparseReshape
    >>> indices = ms.Tensor(np.array([[0, 0, 1], [1, 2, 3]], np.int64))
    >>> y_indices, y_shape = SparseReshape()(indices, ms.Tensor([2, 3, 6]), ms.Tensor([9, -1]))
    >>> print(y_indices, y_shape)
    [[0 1]
     [8 1]] [9 4]
""",
}

_EXTREME = """The element-wise {0} of two COO tensors of one shape; an index stored in
one input only is compared with zero.

Both inputs are walked together as MindSpore's kernel walks them (canonical, row-major
input gives the union of the two index sets in row-major order). The result's size depends
on the values, so the inputs must be concrete (not traced).

Inputs:
    x1_indices, x1_values, x1_shape: the first tensor: ``x1_indices`` {1}.
    x2_indices, x2_values, x2_shape: the second tensor, of `x1_values`' dtype.

Outputs:
    Tuple ``(y_indices, y_values)``: int64 ``(k, rank)`` and ``(k,)`` of `x1_values`' dtype.

Raises:
    TypeError: If indices or shapes are not int64 or the values' dtypes differ.
    ValueError: If the ranks or sizes disagree, or the shapes differ.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_coo_ops import SparseSparse{2}
    >>> a = (ms.Tensor(np.array([[0, 1], [1, 2]], np.int64)), ms.Tensor([1.0, 2.0]),
    ...      ms.Tensor([3, 3]))
    >>> b = (ms.Tensor(np.array([[0, 1], [1, 1]], np.int64)), ms.Tensor([3.0, -4.0]),
    ...      ms.Tensor([3, 3]))
    >>> y_indices, y_values = SparseSparse{2}()(*a, *b)
    >>> print(y_values)
    {3}
"""
DOCS["SparseSparseMaximum"] = _EXTREME.format(
    "maximum", _COO.format("x1_"), "Maximum", "[3. 0. 2.]"
)
DOCS["SparseSparseMinimum"] = _EXTREME.format(
    "minimum", _COO.format("x1_"), "Minimum", "[ 1. -4.  0.]"
)

_CWISE = """The values of a COO tensor {0} the entries of dense `x2` (broadcast to the
sparse tensor's dense shape) at the same indices.{1}

Inputs:
    x1_indices, x1_values, x1_shape: the COO tensor: ``x1_indices`` {2}.
    x2 (Tensor): `x1_values`' dtype, broadcastable to `x1_shape` (trailing axes of size 1
        or equal).

Outputs:
    Tensor, ``(n,)`` of `x1_values`' dtype.

Raises:
    TypeError: If `x1_indices` or `x1_shape` is not int64, or `x2`'s dtype differs.
    ValueError: If the ranks or sizes disagree, `x2` does not broadcast, or an index lies
        outside `x1_shape`.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_coo_ops import SparseDenseCwise{3}
    >>> indices = ms.Tensor(np.array([[0, 0], [2, 2]], np.int64))
    >>> values, shape = ms.Tensor([4, 2], ms.int32), ms.Tensor([3, 3])
    >>> print(SparseDenseCwise{3}()(indices, values, shape, ms.Tensor([1, 2, 2], ms.int32)))
    {4}
"""
DOCS["SparseDenseCwiseAdd"] = _CWISE.format("plus", "", _COO.format("x1_"), "Add", "[5 4]")
DOCS["SparseDenseCwiseMul"] = _CWISE.format("times", "", _COO.format("x1_"), "Mul", "[4 4]")
DOCS["SparseDenseCwiseDiv"] = _CWISE.format(
    "divided by",
    " Integer division truncates toward zero. MindSpore 2.10 has this primitive's kernel on GPU"
    " only; msfunc runs it everywhere.",
    _COO.format("x1_"),
    "Div",
    "[4 1]",
)


def _primitive(name, call):
    return build_primitive(name, sig(), call, module=__name__, doc=DOCS[name])


SparseReorder = _primitive("SparseReorder", lambda p, indices, values, shape: sparse_reorder(
    indices, values, shape))  # fmt: skip
SparseReshape = _primitive("SparseReshape", lambda p, indices, shape, new_shape: sparse_reshape(
    indices, shape, new_shape))  # fmt: skip
SparseSparseMaximum = _primitive(
    "SparseSparseMaximum",
    lambda p, *args: _sparse_sparse_extreme("SparseSparseMaximum", jnp.maximum, *args),
)
SparseSparseMinimum = _primitive(
    "SparseSparseMinimum",
    lambda p, *args: _sparse_sparse_extreme("SparseSparseMinimum", jnp.minimum, *args),
)
SparseDenseCwiseAdd = _primitive(
    "SparseDenseCwiseAdd",
    lambda p, x1_indices, x1_values, x1_shape, x2: _sparse_dense_cwise(
        "SparseDenseCwiseAdd", jnp.add, x1_indices, x1_values, x1_shape, x2
    ),
)
SparseDenseCwiseMul = _primitive(
    "SparseDenseCwiseMul",
    lambda p, x1_indices, x1_values, x1_shape, x2: _sparse_dense_cwise(
        "SparseDenseCwiseMul", jnp.multiply, x1_indices, x1_values, x1_shape, x2
    ),
)
SparseDenseCwiseDiv = _primitive(
    "SparseDenseCwiseDiv",
    lambda p, x1_indices, x1_values, x1_shape, x2: _sparse_dense_cwise(
        "SparseDenseCwiseDiv", _divide, x1_indices, x1_values, x1_shape, x2
    ),
)
