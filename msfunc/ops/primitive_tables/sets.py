"""Primitive classes of row-wise set operations, answered as sparse triples."""

from ..set_operations import (
    check_arguments,
    dense_to_dense_set_operation,
    dense_to_sparse_set_operation,
)
from ._common import sig

__all__ = ["TABLE", "INIT_CHECKS"]


def _dense_dense(p, x1, x2):
    return dense_to_dense_set_operation(x1, x2, p.set_operation)


def _dense_sparse(p, x1, x2_indices, x2_values, x2_shape):
    return dense_to_sparse_set_operation(x1, x2_indices, x2_values, x2_shape, p.set_operation)


# constructor checks, run by `msfunc.ops.primitives` when a class is made
INIT_CHECKS = {
    "DenseToDenseSetOperation": check_arguments,
    "DenseToSparseSetOperation": check_arguments,
}

TABLE = [
    ("DenseToDenseSetOperation", sig(set_operation="a-b", validate_indices=True), _dense_dense),
    ("DenseToSparseSetOperation", sig(set_operation="a-b", validate_indices=True), _dense_sparse),
]
