"""``mindspore.ops.operations.sparse_ops``: MindSpore's sparse primitive classes that live only
at that path, here the row-wise set operations (`msfunc.ops.set_operations`), answered as
sparse ``(indices, values, shape)`` triples.

Example:
    >>> import numpy as np
    >>> out = DenseToDenseSetOperation("union")(np.array([[1, 2]]), np.array([[3, 2]]))
    >>> print(out[1])
    [1 2 3]
"""

from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive
from ..ops.set_operations import (
    check_arguments,
    dense_to_dense_set_operation,
    dense_to_sparse_set_operation,
)

__all__ = ["DenseToDenseSetOperation", "DenseToSparseSetOperation"]

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
    >>> from msfunc.compat.sparse_ops import DenseToDenseSetOperation
    >>> a = ms.Tensor(np.array([[1, 2, 4], [3, 4, 5]], np.int32))
    >>> b = ms.Tensor(np.array([[3, 2, 5], [1, 4, 7]], np.int32))
    >>> idx, values, shape = DenseToDenseSetOperation("intersection")(a, b)
    >>> print(values, shape)
    [2 4] [2 1]
""",
    "DenseToSparseSetOperation": f"""The set operation of each row of dense `x1` with the same
row of a sparse `x2`: `msfunc.ops.set_operations.dense_to_sparse_set_operation`.

The result's size depends on the values, so the inputs must be concrete (not traced).
MindSpore 2.10's CPU kernel of this primitive refuses every input (it reads `x1`'s rank as
0); msfunc answers as `DenseToDenseSetOperation` does for `x2` written out densely.

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
    >>> from msfunc.compat.sparse_ops import DenseToSparseSetOperation
    >>> a = ms.Tensor(np.array([[1, 2, 4], [3, 4, 5]], np.int32))
    >>> idx = ms.Tensor(np.array([[0, 0], [1, 0]], np.int64))
    >>> values = ms.Tensor(np.array([1, 3], np.int32))
    >>> out = DenseToSparseSetOperation("a-b")(a, idx, values, ms.Tensor([2, 3]))
    >>> print(out[1])
    [2 4 4 5]
""",
}


def _dense_dense(p, x1, x2):
    return dense_to_dense_set_operation(x1, x2, p.set_operation)


def _dense_sparse(p, x1, x2_indices, x2_values, x2_shape):
    return dense_to_sparse_set_operation(x1, x2_indices, x2_values, x2_shape, p.set_operation)


def _checked(cls):
    """`cls` with MindSpore's constructor checks after its own ``__init__``."""
    init = cls.__init__

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        check_arguments(self)

    __init__.__signature__ = init.__signature__
    cls.__init__ = __init__
    return cls


_SIG = sig(set_operation="a-b", validate_indices=True)
DenseToDenseSetOperation = _checked(
    build_primitive(
        "DenseToDenseSetOperation",
        _SIG,
        _dense_dense,
        module=__name__,
        doc=DOCS["DenseToDenseSetOperation"],
    )
)
DenseToSparseSetOperation = _checked(
    build_primitive(
        "DenseToSparseSetOperation",
        _SIG,
        _dense_sparse,
        module=__name__,
        doc=DOCS["DenseToSparseSetOperation"],
    )
)
