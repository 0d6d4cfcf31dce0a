"""Integer attributes given as Tensors (mutable ints, TensorToTuple items, one-element counts):
their values are read as Python ints would be, against numpy references."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import ops

RNG = np.random.default_rng(7)
X3 = RNG.normal(size=(2, 3, 4)).astype(np.float32)


def _softmax(x, axis):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def test_tensor_to_tuple_gives_python_numbers():
    out = ops.TensorToTuple()(ms.Tensor(np.array([-1, 2], np.int64)))
    assert out == (-1, 2) and all(type(v) is int for v in out)
    assert ops.TensorToTuple()(ms.Tensor(np.array([1.5], np.float32))) == (1.5,)


@pytest.mark.parametrize("axis", [(ms.mutable(-1),), ms.mutable((0,)), ms.Tensor(1)])
def test_softmax_axis_from_zero_d_tensors(axis):
    want = {(-1,): -1, (0,): 0, (1,): 1}
    op = ops.Softmax(axis)
    assert op.axis in want
    np.testing.assert_allclose(op(ms.Tensor(X3)).asnumpy(), _softmax(X3, want[op.axis]), 1e-5)


def test_softmax_axis_rejects_a_float():
    with pytest.raises(TypeError):
        ops.Softmax(1.0)


def test_pixel_shuffle_factor_from_zero_d_tensor():
    x = np.arange(2 * 9 * 2 * 2, dtype=np.float32).reshape(2, 9, 2, 2)
    out = ops.pixel_shuffle(ms.Tensor(x), ms.mutable(3)).asnumpy()
    want = x.reshape(2, 1, 3, 3, 2, 2).transpose(0, 1, 4, 2, 5, 3).reshape(2, 1, 6, 6)
    np.testing.assert_array_equal(out, want)
    back = ops.pixel_unshuffle(ms.Tensor(out), ms.Tensor(3)).asnumpy()
    np.testing.assert_array_equal(back, x)
    with pytest.raises(TypeError):
        ops.pixel_shuffle(ms.Tensor(x), ms.Tensor(3.0))


def test_trace_offset_and_axes_from_zero_d_tensors():
    x = RNG.normal(size=(2, 3, 6, 8)).astype(np.float32)
    out = ms.Tensor(x).trace(ms.mutable(1), ms.mutable(-1), ms.mutable(0))
    np.testing.assert_allclose(out.asnumpy(), np.trace(x, 1, -1, 0), 1e-5)


def test_unsorted_segment_sum_count_from_one_element_tensor():
    x = np.arange(1, 10, dtype=np.float32).reshape(3, 3)
    ids = ms.Tensor(np.array([0, 1, 0], np.int32))
    out = ops.UnsortedSegmentSum()(ms.Tensor(x), ids, ms.Tensor(np.array([2], np.int32)))
    np.testing.assert_array_equal(out.asnumpy(), np.stack([x[0] + x[2], x[1]]))
    with pytest.raises(TypeError):
        ops.UnsortedSegmentSum()(ms.Tensor(x), ids, ms.Tensor(np.array([2, 3], np.int32)))


def test_strided_slice_bounds_from_tensors():
    x = RNG.normal(size=(4, 5, 6)).astype(np.float32)
    bounds = [ms.Tensor(np.array(v, np.int64)) for v in ((0, 1, 2), (4, 5, 6), (1, 1, 2))]
    out = ops.StridedSlice()(ms.Tensor(x), *bounds)
    np.testing.assert_array_equal(out.asnumpy(), x[0:4, 1:5, 2:6:2])


def test_slice_bound_from_a_traced_tensor_runs_eagerly_in_graph_mode():
    class Net(ms.nn.Cell):
        def construct(self, x, z, n):
            z[0:n] = 1.0
            return x[1:n:2], z

    x = np.arange(10.0, dtype=np.float32)
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        y, z = Net()(ms.Tensor(x), ms.Tensor(x), ms.Tensor(7))
    finally:
        ms.set_context(mode=old)
    np.testing.assert_array_equal(y.asnumpy(), x[1:7:2])
    np.testing.assert_array_equal(z.asnumpy(), np.r_[np.ones(7, np.float32), x[7:]])
