"""Shape-determining primitive arguments given as Tensors (MindSpore's dynamic-shape style)."""

import warnings

import numpy as np

import msfunc
from msfunc import ops


def test_reduce_axis_given_as_a_tensor():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    got = ops.ReduceSum(keep_dims=False)(msfunc.Tensor(x), msfunc.Tensor(np.array([1], np.int32)))
    np.testing.assert_array_equal(got.asnumpy(), x.sum(axis=1))
    got = ops.ReduceMax(keep_dims=True)(x, msfunc.Tensor(np.array(2, np.int32)))
    np.testing.assert_array_equal(got.asnumpy(), x.max(axis=2, keepdims=True))
    step = msfunc.jit(lambda a, axis: ops.ReduceSum()(a, axis))
    with warnings.catch_warnings():  # an axis Tensor: specialized on its value, compiled
        warnings.simplefilter("error")
        got = step(msfunc.Tensor(x), msfunc.Tensor(np.array([0, 2], np.int32)))
    np.testing.assert_array_equal(got.asnumpy(), x.sum(axis=(0, 2)))
