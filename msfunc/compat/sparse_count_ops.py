"""``mindspore.ops.operations.sparse_ops``: a sparse-dense matrix product with a dense addend
(``SparseAddmm``), bin counts of a sparse tensor's values (``SparseCountSparseOutput``) and
segment means of gathered rows (``SparseSegmentMeanWithNumSegments``, ``SparseSegmentSqrtN``).

Example:
    >>> import numpy as np
    >>> out = SparseSegmentMeanWithNumSegments()(
    ...     np.array([[1.0], [3.0]], np.float32), np.array([0, 1]), np.array([0, 0]),
    ...     np.array([2]))
    >>> out.asnumpy().tolist()
    [[2.0], [0.0]]
"""

import jax
import jax.numpy as jnp
import numpy as np

from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive
from ._sparse_args import (
    FLOAT_DTYPES,
    INDEX_DTYPES,
    array,
    concrete,
    is_traced,
    require_dtype,
    require_rank,
    same_dtype,
)

__all__ = [
    "SparseAddmm",
    "SparseCountSparseOutput",
    "SparseSegmentMeanWithNumSegments",
    "SparseSegmentSqrtN",
    "SparseSegmentSqrtNWithNumSegments",
    "sparse_addmm",
    "sparse_count_sparse_output",
    "sparse_segment_mean_with_num_segments",
    "sparse_segment_sqrt_n",
    "sparse_segment_sqrt_n_with_num_segments",
]

_ADDMM_VALUES = tuple(
    np.dtype(t)
    for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
              np.float32, np.float64)
)  # fmt: skip
_INT64 = (np.dtype(np.int64),)


def sparse_addmm(x1_indices, x1_values, x1_shape, x2, x3, alpha, beta):
    """``alpha * (x1 @ x2) + beta * x3`` for the COO matrix `x1` (entries at one index add up).

    Example:
        >>> import numpy as np
        >>> out = sparse_addmm(np.array([[0, 1]]), np.array([2.0]), np.array([2, 2]),
        ...                    np.eye(2), np.ones((2, 2)), np.array([1.0]), np.array([10.0]))
        >>> np.asarray(out).tolist()
        [[10.0, 12.0], [10.0, 10.0]]
    """
    op = "SparseAddmm"
    require_dtype(op, "x1_indices", x1_indices, INDEX_DTYPES)
    require_dtype(op, "x1_shape", x1_shape, INDEX_DTYPES)
    require_dtype(op, "x1_values", x1_values, _ADDMM_VALUES)
    same_dtype(op, x1_values=x1_values, x2=x2, x3=x3, alpha=alpha, beta=beta)
    require_rank(op, "x1_indices", x1_indices, 2)
    require_rank(op, "x1_values", x1_values, 1)
    require_rank(op, "x2", x2, 2)
    require_rank(op, "x3", x3, 2)
    indices, values = jnp.asarray(x1_indices), jnp.asarray(x1_values)
    x2, x3, alpha, beta = (jnp.asarray(a) for a in (x2, x3, alpha, beta))
    if indices.shape[1] != 2 or values.shape[0] != indices.shape[0]:
        raise ValueError(
            f"{op}: `x1_indices` must be (n, 2) with n = len(x1_values), got "
            f"{indices.shape} and {values.shape}"
        )
    for name, a in (("alpha", alpha), ("beta", beta)):
        if a.shape != (1,):
            raise ValueError(f"{op}: `{name}` must have shape (1,), got {a.shape}")
    rows, cols = x3.shape[0], x2.shape[0]
    if not is_traced(x1_shape):
        shape = np.asarray(x1_shape).reshape(-1).tolist()
        if shape != [rows, cols] or x2.shape[1] != x3.shape[1]:
            raise RuntimeError(
                f"{op}: a sparse {shape} matrix times `x2` {x2.shape} plus `x3` {x3.shape} "
                "needs x1 (Q, P), x2 (P, M) and x3 (Q, M)"
            )
    if not is_traced(x1_indices):
        at = np.asarray(x1_indices)
        bad = (at < 0) | (at >= np.array([rows, cols]))
        if bad.any():
            row = int(np.argwhere(bad)[0][0])
            raise ValueError(
                f"{op}: index {at[row].tolist()} lies outside the sparse matrix ({rows}, {cols})"
            )
    product = jax.ops.segment_sum(values[:, None] * x2[indices[:, 1]], indices[:, 0], rows)
    return alpha[0] * product + beta[0] * x3


def sparse_count_sparse_output(indices, values, dense_shape, weights, binary_output=False,
                               minlength=-1, maxlength=-1):  # fmt: skip
    """Per batch (the first index column of a sparse tensor of rank 2 or more; one batch for
    rank 1), the sum of `weights` (or the count, `weights` empty) of each value, as a sparse
    ``(batch, value)`` tensor sorted by batch then value.

    Values at or above `maxlength` (when it is 0 or more) are left out; the value axis is
    `maxlength` long, else ``max(max(values) + 1, minlength)``. `binary_output` puts 1 for
    each value present.

    Example:
        >>> import numpy as np
        >>> i, v, s = sparse_count_sparse_output(
        ...     np.array([[0, 0], [0, 1], [1, 0]]), np.array([3, 3, 1]), np.array([2, 2]),
        ...     np.array([], np.int64))
        >>> i.tolist(), v.tolist(), s.tolist()
        ([[0, 3], [1, 1]], [2, 1], [2, 4])
    """
    op = "SparseCountSparseOutput"
    require_dtype(op, "indices", indices, _INT64)
    require_dtype(op, "dense_shape", dense_shape, _INT64)
    require_dtype(op, "values", values, INDEX_DTYPES)
    weight_dtype = require_dtype(op, "weights", weights, INDEX_DTYPES + FLOAT_DTYPES[1:])
    at = concrete(op, "indices", indices)
    vals = concrete(op, "values", values).reshape(-1)
    shape = concrete(op, "dense_shape", dense_shape).reshape(-1)
    w = concrete(op, "weights", weights).reshape(-1)
    if shape.size < 1:
        raise ValueError(f"{op}: `dense_shape` must have at least one entry")
    if at.ndim != 2 or at.shape[0] != vals.size or at.shape[1] != shape.size:
        raise ValueError(
            f"{op}: `indices` must be (len(values), len(dense_shape)) = "
            f"({vals.size}, {shape.size}), got {at.shape}"
        )
    if w.size and w.size != vals.size:
        raise RuntimeError(f"{op}: `weights` must be empty or one per value ({vals.size})")
    if (vals < 0).any():
        raise RuntimeError(f"{op}: `values` must be non-negative")
    bad = (at < 0) | (at >= shape)
    if bad.any():
        row = int(np.argwhere(bad)[0][0])
        raise RuntimeError(f"{op}: index {at[row].tolist()} lies outside {shape.tolist()}")
    batched = shape.size > 1
    batch = at[:, 0] if batched else np.zeros(vals.size, np.int64)
    if maxlength >= 0:
        width = maxlength
    else:
        width = max(int(vals.max()) + 1 if vals.size else 0, minlength)
    keep = vals < width
    out_dtype = weight_dtype if w.size else np.dtype(np.int64)
    w = w if w.size else np.ones(vals.size, out_dtype)
    pairs, slot = np.unique(np.stack([batch[keep], vals[keep]], 1), axis=0, return_inverse=True)
    sums = np.zeros(len(pairs), out_dtype)
    np.add.at(sums, slot.reshape(-1), w[keep])
    if binary_output:
        sums = np.ones(len(pairs), out_dtype)
    out_indices = pairs.astype(np.int64) if batched else pairs[:, 1:].astype(np.int64)
    out_shape = [int(shape[0]), width] if batched else [width]
    return jnp.asarray(out_indices), jnp.asarray(sums), jnp.asarray(np.asarray(out_shape, np.int64))


def _check_count_args(p):
    """MindSpore's constructor checks of SparseCountSparseOutput."""
    if not isinstance(p.binary_output, bool):
        raise TypeError(
            f"SparseCountSparseOutput: `binary_output` must be a bool, got "
            f"{type(p.binary_output).__name__}"
        )
    for name in ("minlength", "maxlength"):
        value = getattr(p, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(
                f"SparseCountSparseOutput: `{name}` must be an int, got {type(value).__name__}"
            )


def sparse_segment_mean_with_num_segments(x, indices, segment_ids, num_segments):
    """Row ``s`` of the result is the mean of the rows ``x[indices[j]]`` whose
    ``segment_ids[j]`` is ``s`` (zeros for an empty segment); `num_segments` rows.

    Example:
        >>> import numpy as np
        >>> x = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
        >>> out = sparse_segment_mean_with_num_segments(
        ...     x, np.array([0, 1]), np.array([1, 1]), np.array(3))
        >>> np.asarray(out).tolist()
        [[0.0, 0.0], [2.0, 3.0], [0.0, 0.0]]
    """
    return _segment_rows("SparseSegmentMeanWithNumSegments", x, indices, segment_ids,
                        num_segments=num_segments)  # fmt: skip


def sparse_segment_sqrt_n(x, indices, segment_ids):
    """Row ``s`` of the result is the sum of the rows ``x[indices[j]]`` whose
    ``segment_ids[j]`` is ``s``, divided by the square root of their count; the ids run
    0, 1, ... without gaps and the last one gives the row count.

    Example:
        >>> import numpy as np
        >>> x = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
        >>> out = sparse_segment_sqrt_n(x, np.array([0, 0, 0, 0, 1]), np.array([0, 0, 0, 0, 1]))
        >>> np.asarray(out).tolist()
        [[2.0, 4.0], [3.0, 4.0]]
    """
    return _segment_rows("SparseSegmentSqrtN", x, indices, segment_ids, root=True)


def sparse_segment_sqrt_n_with_num_segments(x, indices, segment_ids, num_segments):
    """`sparse_segment_sqrt_n` with `num_segments` rows: the sorted ids may skip values
    (those rows are zeros) and must stay below `num_segments`.

    Example:
        >>> import numpy as np
        >>> x = np.array([[4.0], [5.0]], np.float32)
        >>> out = sparse_segment_sqrt_n_with_num_segments(
        ...     x, np.array([1, 1, 1, 1]), np.array([1, 1, 1, 1]), np.array(3))
        >>> np.asarray(out).tolist()
        [[0.0], [10.0], [0.0]]
    """
    return _segment_rows(
        "SparseSegmentSqrtNWithNumSegments", x, indices, segment_ids, num_segments, root=True
    )


def _segment_rows(op, x, indices, segment_ids, num_segments=None, root=False):
    """Sums of the rows ``x[indices]`` over the sorted `segment_ids`, each divided by its
    row count (by the count's square root when `root`); an empty segment gives zeros.

    Without `num_segments` the ids must run 0, 1, ... with no gap (MindSpore's rule for
    the ops that read the segment count from the last id).
    """
    require_dtype(op, "x", x, FLOAT_DTYPES)
    require_dtype(op, "indices", indices, INDEX_DTYPES)
    require_dtype(op, "segment_ids", segment_ids, INDEX_DTYPES)
    if num_segments is not None:
        same_dtype(op, indices=indices, segment_ids=segment_ids, num_segments=num_segments)
    if array(x).ndim < 1:
        raise ValueError(f"{op}: `x` must have at least 1 dim")
    require_rank(op, "indices", indices, 1)
    require_rank(op, "segment_ids", segment_ids, 1)
    if array(indices).shape != array(segment_ids).shape:
        raise ValueError(
            f"{op}: `indices` and `segment_ids` must have one length, got "
            f"{array(indices).shape} and {array(segment_ids).shape}"
        )
    if num_segments is None:
        ids = concrete(op, "segment_ids", segment_ids)
        steps = np.diff(ids)
        if ids.size and (ids[0] != 0 or (steps < 0).any() or (steps > 1).any()):
            raise ValueError(f"{op}: `segment_ids` must be sorted and run 0, 1, ... without gaps")
        count = int(ids[-1]) + 1 if ids.size else 0
    else:
        require_rank(op, "num_segments", num_segments, 0, 1)
        if array(num_segments).size != 1:
            raise ValueError(f"{op}: `num_segments` must hold one number")
        count = int(concrete(op, "num_segments", num_segments).reshape(-1)[0])
        if not is_traced(segment_ids):
            ids = np.asarray(segment_ids)
            if (np.diff(ids) < 0).any():
                raise ValueError(f"{op}: `segment_ids` must be sorted")
            if ids.size and (ids[0] < 0 or ids[-1] >= count):
                raise ValueError(
                    f"{op}: `segment_ids` must lie in [0, num_segments = {count}), got "
                    f"{ids.min()} to {ids.max()}"
                )
    x = jnp.asarray(x)
    if not is_traced(indices):
        at = np.asarray(indices)
        if ((at < 0) | (at >= x.shape[0])).any():
            raise ValueError(f"{op}: `indices` must lie in [0, {x.shape[0]}) (x's rows)")
    ids = jnp.asarray(segment_ids)
    sums = jax.ops.segment_sum(x[jnp.asarray(indices)], ids, count)
    counts = jnp.maximum(jax.ops.segment_sum(jnp.ones(ids.shape, x.dtype), ids, count), 1)
    scale = jnp.sqrt(counts) if root else counts
    return sums / scale.reshape((count,) + (1,) * (x.ndim - 1))


DOCS: dict[str, str] = {
    "SparseAddmm": """``alpha * (x1 @ x2) + beta * x3`` for the sparse COO matrix `x1`
(`sparse_addmm`); entries of `x1` at one index add up.

Inputs:
    x1_indices (Tensor): int32 or int64 ``(n, 2)``.
    x1_values (Tensor): ``(n,)``, integer or float32/float64.
    x1_shape (Tensor): int32 or int64 ``(2,)``: the sparse matrix's ``(Q, P)``.
    x2 (Tensor): ``(P, M)``, `x1_values`' dtype.
    x3 (Tensor): ``(Q, M)``, `x1_values`' dtype.
    alpha (Tensor): ``(1,)``, `x1_values`' dtype.
    beta (Tensor): ``(1,)``, `x1_values`' dtype.

Outputs:
    Tensor of `x3`'s shape and dtype.

Raises:
    TypeError: If a dtype is not supported or the dense inputs' dtypes differ from the values'.
    ValueError: If a rank or `alpha`/`beta`'s shape is wrong, or an index lies outside the
        matrix.
    RuntimeError: If `x1_shape`, `x2` and `x3` do not fit together.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_count_ops import SparseAddmm
    >>> indices, values = ms.Tensor([[0, 1], [1, 2]], ms.int32), ms.Tensor([1.0, 2.0])
    >>> x2 = ms.Tensor([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0], [4.0, 4.0]])
    >>> x3 = ms.Tensor([[2.0, 2.0], [6.0, 6.0], [0.0, 0.0]])
    >>> one = ms.Tensor([1.0])
    >>> print(SparseAddmm()(indices, values, ms.Tensor([3, 4], ms.int32), x2, x3, one, one))
    [[ 4.  4.]
     [12. 12.]
     [ 0.  0.]]
""",
    "SparseCountSparseOutput": """Bin counts of a sparse tensor's values, per batch (its
first index column), as a sparse tensor (`sparse_count_sparse_output`).

The result's size depends on the values, so the inputs must be concrete (not traced).

Args:
    binary_output (bool): Put 1 for each value present rather than its count or weight sum.
        Default: ``False``.
    minlength (int): The least length of the value axis. Default: ``-1``.
    maxlength (int): When 0 or more, the value axis' length: larger values are left out.
        Default: ``-1``.

Inputs:
    indices (Tensor): int64 ``(n, rank)``.
    values (Tensor): int32 or int64 ``(n,)``, non-negative.
    dense_shape (Tensor): int64 ``(rank,)``.
    weights (Tensor): int32, int64, float32 or float64, one per value, or empty (counts).

Outputs:
    Tuple ``(output_indices, output_values, output_dense_shape)``: int64 ``(k, 2)`` rows of
    ``(batch, value)`` (``(k, 1)`` for rank 1) sorted, ``(k,)`` of `weights`' dtype (int64
    for empty weights) and the int64 dense shape.

Raises:
    TypeError: If an argument or input has the wrong type.
    ValueError: If the inputs' sizes disagree.
    RuntimeError: If `weights` has the wrong length, a value is negative or an index lies
        outside `dense_shape`.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_count_ops import SparseCountSparseOutput
    >>> indices = ms.Tensor([[1, 2], [2, 3], [2, 1], [0, 2]])
    >>> values, weights = ms.Tensor([0, 2, 8, 8]), ms.Tensor([1, 2, 1, 0])
    >>> i, v, s = SparseCountSparseOutput()(indices, values, ms.Tensor([4, 4]), weights)
    >>> print(i.asnumpy().tolist(), v, s)
    [[0, 8], [1, 0], [2, 2], [2, 8]] [0 1 2 1] [4 9]
""",
    "SparseSegmentMeanWithNumSegments": """Means of gathered rows of `x` over sorted
segments, `num_segments` of them (`sparse_segment_mean_with_num_segments`); an empty segment
gives zeros.

Inputs:
    x (Tensor): float16, float32 or float64, 1-D or more.
    indices (Tensor): int32 or int64 ``(n,)``: rows of `x`.
    segment_ids (Tensor): ``(n,)`` sorted segment of each row, `indices`' dtype.
    num_segments (Tensor): one number (0-D or ``(1,)``), `indices`' dtype.

Outputs:
    Tensor of `x`'s dtype, shape ``(num_segments,) + x.shape[1:]``.

Raises:
    TypeError: If a dtype is not supported or the index inputs' dtypes differ.
    ValueError: If a rank or size is wrong, `segment_ids` is not sorted or reaches
        `num_segments`, or an index lies outside `x`'s rows.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_count_ops import SparseSegmentMeanWithNumSegments
    >>> x = ms.Tensor([[0.0, 2.0], [0.0, 1.0], [2.0, 0.0]])
    >>> indices, ids = ms.Tensor([0, 2, 1], ms.int32), ms.Tensor([0, 0, 2], ms.int32)
    >>> print(SparseSegmentMeanWithNumSegments()(x, indices, ids, ms.Tensor([3], ms.int32)))
    [[1. 1.]
     [0. 0.]
     [0. 1.]]
""",
    "SparseSegmentSqrtN": """Sums of gathered rows of `x` over sorted segments, each divided
by the square root of its row count (`sparse_segment_sqrt_n`).

The segment ids must start at 0 and grow by 0 or 1; the last one sets the number of rows,
so `segment_ids` must be concrete (not traced).

Inputs:
    x (Tensor): float16, float32 or float64, 1-D or more.
    indices (Tensor): int32 or int64 ``(n,)``: rows of `x`.
    segment_ids (Tensor): int32 or int64 ``(n,)``: the segment of each row.

Outputs:
    Tensor of `x`'s dtype, shape ``(segment_ids[-1] + 1,) + x.shape[1:]``.

Raises:
    TypeError: If a dtype is not supported.
    ValueError: If a rank or size is wrong, the ids are not 0, 1, ... without gaps, or an
        index lies outside `x`'s rows.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_count_ops import SparseSegmentSqrtN
    >>> x = ms.Tensor([[1.0, 3.0], [1.0, 1.0], [2.0, 0.0]])
    >>> indices, ids = ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 0, 1], ms.int32)
    >>> print(SparseSegmentSqrtN()(x, indices, ids))
    [[1.4142135 2.828427 ]
     [2.        0.       ]]
""",
    "SparseSegmentSqrtNWithNumSegments": """Sums of gathered rows of `x` over sorted
segments, each divided by the square root of its row count, `num_segments` of them
(`sparse_segment_sqrt_n_with_num_segments`); an empty segment gives zeros.

Inputs:
    x (Tensor): float16, float32 or float64, 1-D or more.
    indices (Tensor): int32 or int64 ``(n,)``: rows of `x`.
    segment_ids (Tensor): ``(n,)`` sorted segment of each row, `indices`' dtype.
    num_segments (Tensor): one number (0-D or ``(1,)``), `indices`' dtype.

Outputs:
    Tensor of `x`'s dtype, shape ``(num_segments,) + x.shape[1:]``.

Raises:
    TypeError: If a dtype is not supported or the index inputs' dtypes differ.
    ValueError: If a rank or size is wrong, `segment_ids` is not sorted or reaches
        `num_segments`, or an index lies outside `x`'s rows.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.sparse_count_ops import SparseSegmentSqrtNWithNumSegments
    >>> x = ms.Tensor([[4.0, 0.0], [0.0, 4.0]])
    >>> indices, ids = ms.Tensor([0, 1, 1, 1], ms.int32), ms.Tensor([1, 1, 1, 1], ms.int32)
    >>> print(SparseSegmentSqrtNWithNumSegments()(x, indices, ids, ms.Tensor(3, ms.int32)))
    [[0. 0.]
     [2. 6.]
     [0. 0.]]
""",
}

SparseAddmm = build_primitive(
    "SparseAddmm",
    sig(),
    lambda p, x1_indices, x1_values, x1_shape, x2, x3, alpha, beta: sparse_addmm(
        x1_indices, x1_values, x1_shape, x2, x3, alpha, beta
    ),
    module=__name__,
    doc=DOCS["SparseAddmm"],
)


def _count(p, indices, values, dense_shape, weights):
    return sparse_count_sparse_output(
        indices, values, dense_shape, weights, p.binary_output, p.minlength, p.maxlength
    )


SparseCountSparseOutput = build_primitive(
    "SparseCountSparseOutput",
    sig(binary_output=False, minlength=-1, maxlength=-1),
    _count,
    module=__name__,
    doc=DOCS["SparseCountSparseOutput"],
)
_count_init = SparseCountSparseOutput.__init__


def _checked_init(self, *args, **kwargs):
    _count_init(self, *args, **kwargs)
    _check_count_args(self)


_checked_init.__signature__ = _count_init.__signature__
SparseCountSparseOutput.__init__ = _checked_init

SparseSegmentMeanWithNumSegments = build_primitive(
    "SparseSegmentMeanWithNumSegments",
    sig(),
    lambda p, x, indices, segment_ids, num_segments: sparse_segment_mean_with_num_segments(
        x, indices, segment_ids, num_segments
    ),
    module=__name__,
    doc=DOCS["SparseSegmentMeanWithNumSegments"],
)

SparseSegmentSqrtN = build_primitive(
    "SparseSegmentSqrtN",
    sig(),
    lambda p, x, indices, segment_ids: sparse_segment_sqrt_n(x, indices, segment_ids),
    module=__name__,
    doc=DOCS["SparseSegmentSqrtN"],
)

SparseSegmentSqrtNWithNumSegments = build_primitive(
    "SparseSegmentSqrtNWithNumSegments",
    sig(),
    lambda p, x, indices, segment_ids, num_segments: sparse_segment_sqrt_n_with_num_segments(
        x, indices, segment_ids, num_segments
    ),
    module=__name__,
    doc=DOCS["SparseSegmentSqrtNWithNumSegments"],
)
