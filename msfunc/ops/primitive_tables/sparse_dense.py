"""Sparse-by-dense primitives (``SparseTensorDenseMatmul``): a COO matrix given as its parts."""

import jax.numpy as jnp

from ...common.tensor import unwrap
from ._common import shape_arg, sig

__all__ = ["TABLE", "sparse_dense_matmul"]


def sparse_dense_matmul(indices, values, sparse_shape, dense, adjoint_st=False, adjoint_dt=False):
    """The COO matrix (`indices`, `values`, `sparse_shape`) times `dense`, either side
    conjugate-transposed first; repeated indices add up."""
    indices, values, dense = (jnp.asarray(unwrap(a)) for a in (indices, values, dense))
    rows, cols = (int(d) for d in shape_arg(sparse_shape))
    sparse = jnp.zeros((rows, cols), values.dtype).at[indices[:, 0], indices[:, 1]].add(values)
    if adjoint_st:
        sparse = jnp.conj(sparse.T)
    if adjoint_dt:
        dense = jnp.conj(dense.T)
    return jnp.matmul(sparse, dense.astype(values.dtype))


TABLE = [
    (
        "SparseTensorDenseMatmul",
        sig(adjoint_st=False, adjoint_dt=False),
        lambda p, indices, values, sparse_shape, dense: sparse_dense_matmul(
            indices, values, sparse_shape, dense, p.adjoint_st, p.adjoint_dt
        ),
    ),
]
