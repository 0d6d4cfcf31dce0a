"""Docstrings of the primitive classes generated from `primitive_tables.sets`."""

__all__ = ["DOCS"]

_ARGS = """Args:
    set_operation (str): ``'a-b'``, ``'b-a'``, ``'intersection'`` or ``'union'`` (any case).
        Default: ``'a-b'``.
    validate_indices (bool): Recorded; msfunc always checks the sparse input's positions.
        Default: ``True``.
"""

_OUTPUTS = """Outputs:
    Tuple ``(indices, values, shape)`` of a sparse tensor: row ``i`` holds the result for
    row ``i`` in ascending order, the last axis as long as the longest result (int64
    indices and shape, values of `x1`'s dtype).
"""

DOCS: dict[str, str] = {
    "DenseToDenseSetOperation": f"""The set operation of each row (last axis) of `x1` with the
same row of `x2`: `msfunc.ops.set_operations.dense_to_dense_set_operation`.

The result's size depends on the values, so the inputs must be concrete (not traced).

{_ARGS}
Inputs:
    x1 (Tensor): Integer tensor of rank 2 or more.
    x2 (Tensor): `x1`'s dtype and leading shape (the last axis may differ).

{_OUTPUTS}
Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> a = ms.Tensor(np.array([[1, 2, 4], [3, 4, 5]], np.int32))
    >>> b = ms.Tensor(np.array([[3, 2, 5], [1, 4, 7]], np.int32))
    >>> idx, values, shape = ops.DenseToDenseSetOperation("intersection")(a, b)
    >>> print(values, shape)
    [2 4] [2 1]
""",
    "DenseToSparseSetOperation": f"""The set operation of each row of dense `x1` with the same
row of a sparse `x2`: `msfunc.ops.set_operations.dense_to_sparse_set_operation`.

The result's size depends on the values, so the inputs must be concrete (not traced).

{_ARGS}
Inputs:
    x1 (Tensor): Integer tensor of rank 2 or more.
    x2_indices (Tensor): int64 ``(n, rank)`` positions of `x2`'s values.
    x2_values (Tensor): ``(n,)`` values of `x1`'s dtype.
    x2_shape (Tensor): int64 ``(rank,)`` dense shape of `x2`.

{_OUTPUTS}
Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> a = ms.Tensor(np.array([[1, 2, 4], [3, 4, 5]], np.int32))
    >>> idx = ms.Tensor(np.array([[0, 0], [1, 0]], np.int64))
    >>> values = ms.Tensor(np.array([1, 3], np.int32))
    >>> out = ops.DenseToSparseSetOperation("a-b")(a, idx, values, ms.Tensor([2, 3]))
    >>> print(out[1])
    [2 4 4 5]
""",
}
