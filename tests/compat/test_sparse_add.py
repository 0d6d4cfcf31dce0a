"""sparse_ops.SparseAdd against the dense sum of the two sparse tensors (numpy)."""

import numpy as np

import msfunc
from msfunc.compat.sparse_add import SparseAdd


def _dense(indices, values, shape):
    out = np.zeros(shape, values.dtype)
    out[tuple(np.asarray(indices).T)] = values
    return out


def test_sparse_add_is_the_dense_sum_and_drops_small_sums_only():
    a_i, a_v = np.array([[0, 1], [1, 3], [2, 0]]), np.array([1.0, 2.0, 0.25], np.float32)
    b_i, b_v = np.array([[1, 3], [2, 0], [0, 2]]), np.array([5.0, -0.125, 0.1], np.float32)
    shape = np.array([3, 4])
    args = [msfunc.Tensor(a) for a in (a_i, a_v, shape, b_i, b_v, shape)]
    i, v, s = SparseAdd()(*args, msfunc.Tensor(0.0))
    want = _dense(a_i, a_v, (3, 4)) + _dense(b_i, b_v, (3, 4))
    np.testing.assert_allclose(_dense(i.asnumpy(), v.asnumpy(), (3, 4)), want)
    assert i.asnumpy().tolist() == [[0, 1], [0, 2], [1, 3], [2, 0]]  # row-major order
    # thresh drops a sum under it (2, 0: 0.125) but not an entry of one input alone (0.1)
    i, v, _ = SparseAdd()(*args, msfunc.Tensor(0.2))
    assert i.asnumpy().tolist() == [[0, 1], [0, 2], [1, 3]]
    np.testing.assert_allclose(v.asnumpy(), [1.0, 0.1, 7.0])
    assert s.asnumpy().tolist() == [3, 4]
