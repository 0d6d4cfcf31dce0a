"""SparseTensorDenseMatmul (primitive and nn Cell) against numpy's dense product."""

import numpy as np
import pytest

import msfunc
from msfunc import nn
from msfunc.ops import operations as P


@pytest.mark.parametrize(("adjoint_st", "adjoint_dt"), [(False, False), (True, True)])
def test_sparse_dense_matmul_is_the_dense_product_and_differentiates(adjoint_st, adjoint_dt):
    indices = np.array([[0, 0], [1, 1], [2, 0], [2, 2], [2, 2]], np.int64)  # (2, 2) repeated
    values = np.array([1.0, 2.0, 3.0, 4.0, 0.5], np.float32)
    sparse = np.zeros((3, 3), np.float32)
    np.add.at(sparse, (indices[:, 0], indices[:, 1]), values)
    dense = np.arange(6, dtype=np.float32).reshape((2, 3) if adjoint_dt else (3, 2))
    want = (sparse.T if adjoint_st else sparse) @ (dense.T if adjoint_dt else dense)
    cell = nn.SparseTensorDenseMatmul(adjoint_st, adjoint_dt)
    args = (msfunc.Tensor(indices), msfunc.Tensor(values), (3, 3), msfunc.Tensor(dense))
    np.testing.assert_allclose(cell(*args).asnumpy(), want, rtol=1e-6)
    # d sum(out) / d values[k] is the row sum of the dense factor the entry multiplies
    op = P.SparseTensorDenseMatmul(adjoint_st=adjoint_st, adjoint_dt=adjoint_dt)
    grad = msfunc.grad(lambda v: op(args[0], v, (3, 3), args[3]).sum())(args[1]).asnumpy()
    factor = dense.T if adjoint_dt else dense
    inner = indices[:, 0] if adjoint_st else indices[:, 1]
    np.testing.assert_allclose(grad, factor.sum(1)[inner], rtol=1e-6)
