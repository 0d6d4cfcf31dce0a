"""Set operations row by row over the last axis (MindSpore's ``DenseToDenseSetOperation`` and
``DenseToSparseSetOperation``), answered as sparse ``(indices, values, shape)`` triples.

The result's size depends on the values, so the inputs must be concrete (not traced).
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .func_array import _concrete

__all__ = [
    "SET_OPERATIONS",
    "check_arguments",
    "dense_to_dense_set_operation",
    "dense_to_sparse_set_operation",
]

#: set_operation name -> how it combines one row's sorted unique values of a and b
SET_OPERATIONS = {
    "a-b": lambda a, b: np.setdiff1d(a, b),
    "b-a": lambda a, b: np.setdiff1d(b, a),
    "intersection": np.intersect1d,
    "union": np.union1d,
}
_SET_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16")


def check_arguments(primitive):
    """Raise TypeError, as MindSpore does on construction, for a `set_operation` that is not
    a str or a `validate_indices` that is not a bool (an unknown name fails when called)."""
    name, op = primitive.name, primitive.set_operation
    if not isinstance(op, str):
        raise TypeError(f"{name}: `set_operation` must be a str, got {type(op).__name__}")
    if not isinstance(primitive.validate_indices, bool):
        raise TypeError(
            f"{name}: `validate_indices` must be a bool, "
            f"got {type(primitive.validate_indices).__name__}"
        )


def _combiner(name, set_operation):
    combine = SET_OPERATIONS.get(set_operation.lower())
    if combine is None:
        raise ValueError(
            f"{name}: `set_operation` must be one of {sorted(SET_OPERATIONS)} (any case), "
            f"got {set_operation!r}"
        )
    return combine


def _values(name, arg, x):
    x = _concrete(x, name)
    if x.dtype.name not in _SET_DTYPES:
        raise TypeError(
            f"{name}: `{arg}` must be an integer tensor ({', '.join(_SET_DTYPES)}), got {x.dtype}"
        )
    return x


def _as_sparse(rows, lead, dtype):
    """The rows' results as ``(indices int64, values, dense shape int64)``."""
    width = max((len(r) for r in rows), default=0)
    indices = [(*at, k) for at, row in zip(np.ndindex(*lead), rows) for k in range(len(row))]
    values = np.concatenate([np.asarray(r, dtype) for r in rows]) if rows else np.zeros(0, dtype)
    return (
        jnp.asarray(np.asarray(indices, np.int64).reshape(-1, len(lead) + 1)),
        jnp.asarray(values.astype(dtype)),
        jnp.asarray(np.asarray((*lead, width), np.int64)),
    )


def dense_to_dense_set_operation(x1, x2, set_operation):
    """The set operation of each row (last axis) of `x1` with the same row of `x2`.

    Args:
        x1 (Tensor): Integer tensor of rank 2 or more.
        x2 (Tensor): Same dtype and leading shape as `x1` (the last axis may differ).
        set_operation (str): ``'a-b'``, ``'b-a'``, ``'intersection'`` or ``'union'``.

    Returns:
        Tuple ``(indices, values, shape)`` of a sparse tensor whose row ``i`` holds row
        ``i``'s result in ascending order; the last axis is as long as the longest result.

    Example:
        >>> import numpy as np
        >>> a = np.array([[1, 2, 4], [3, 4, 5]], np.int32)
        >>> b = np.array([[3, 2, 5], [1, 4, 7]], np.int32)
        >>> idx, val, shape = dense_to_dense_set_operation(a, b, "intersection")
        >>> idx.tolist(), val.tolist(), shape.tolist()
        ([[0, 0], [1, 0]], [2, 4], [2, 1])
    """
    name = "DenseToDenseSetOperation"
    a, b = _values(name, "x1", x1), _values(name, "x2", x2)
    if a.dtype != b.dtype:
        raise TypeError(f"{name}: `x1` and `x2` must have one dtype, got {a.dtype} and {b.dtype}")
    if a.ndim < 2 or a.ndim != b.ndim or a.shape[:-1] != b.shape[:-1]:
        raise ValueError(
            f"{name}: `x1` and `x2` must have rank 2 or more and the same shape but for the "
            f"last axis, got {a.shape} and {b.shape}"
        )
    combine = _combiner(name, set_operation)
    lead = a.shape[:-1]
    rows = [combine(np.unique(a[at]), np.unique(b[at])) for at in np.ndindex(*lead)]
    return _as_sparse(rows, lead, a.dtype)


def dense_to_sparse_set_operation(x1, x2_indices, x2_values, x2_shape, set_operation):
    """The set operation of each row of dense `x1` with the same row of a sparse `x2`.

    Args:
        x1 (Tensor): Integer tensor of rank 2 or more.
        x2_indices (Tensor): int64 ``(n, rank)`` positions of `x2`'s values.
        x2_values (Tensor): ``(n,)`` values, `x1`'s dtype.
        x2_shape (Tensor): int64 ``(rank,)`` dense shape of `x2`; all but the last entry
            equal `x1`'s leading shape.
        set_operation (str): ``'a-b'``, ``'b-a'``, ``'intersection'`` or ``'union'``.

    Returns:
        Tuple ``(indices, values, shape)``, as `dense_to_dense_set_operation` gives it.

    Example:
        >>> import numpy as np
        >>> a = np.array([[1, 2, 4], [3, 4, 5]], np.int32)
        >>> idx = np.array([[0, 0], [1, 0], [1, 1]], np.int64)
        >>> val, shape = np.array([1, 6, 3], np.int32), np.array([2, 3], np.int64)
        >>> out = dense_to_sparse_set_operation(a, idx, val, shape, "a-b")
        >>> out[1].tolist(), out[2].tolist()
        ([2, 4, 4, 5], [2, 2])
    """
    name = "DenseToSparseSetOperation"
    a, values = _values(name, "x1", x1), _values(name, "x2_values", x2_values)
    indices = _concrete(x2_indices, name).astype(np.int64)
    shape = tuple(int(s) for s in _concrete(x2_shape, name).reshape(-1))
    if a.dtype != values.dtype:
        raise TypeError(
            f"{name}: `x1` and `x2_values` must have one dtype, got {a.dtype} and {values.dtype}"
        )
    if a.ndim < 2 or len(shape) != a.ndim or shape[:-1] != a.shape[:-1]:
        raise ValueError(
            f"{name}: `x2_shape` must be `x1`'s shape but for the last axis, got {shape} "
            f"for `x1` of shape {a.shape}"
        )
    if indices.ndim != 2 or indices.shape != (values.shape[0], len(shape)):
        raise ValueError(
            f"{name}: `x2_indices` must have shape ({values.shape[0]}, {len(shape)}), "
            f"got {indices.shape}"
        )
    if ((indices < 0) | (indices >= np.asarray(shape))).any():
        raise ValueError(f"{name}: `x2_indices` must lie inside `x2_shape` {shape}")
    combine = _combiner(name, set_operation)
    lead = a.shape[:-1]
    groups = {}
    for at, v in zip(map(tuple, indices[:, :-1].tolist()), values.tolist()):
        groups.setdefault(at, []).append(v)
    rows = [
        combine(np.unique(a[at]), np.unique(np.asarray(groups.get(at, []), a.dtype)))
        for at in np.ndindex(*lead)
    ]
    return _as_sparse(rows, lead, a.dtype)
