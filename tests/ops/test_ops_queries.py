"""Shape, dtype and type queries of msfunc.ops give MindSpore's result types."""

import numpy as np

import msfunc
from msfunc.common.promotion import INDEX


def test_dyn_shape_is_an_int64_tensor():
    # MindSpore 2.10: ops.dyn_shape(Tensor of shape (1, 3)) is [1 3] of dtype Int64
    out = msfunc.ops.dyn_shape(msfunc.Tensor(np.zeros((1, 3), np.float32)))
    assert out.tolist() == [1, 3]
    assert out.dtype == msfunc.int64 and np.dtype(INDEX) == np.int64


def test_is_tensor_inside_a_cell():
    class IsTensor(msfunc.nn.Cell):
        def construct(self, x):
            return msfunc.ops.is_tensor(x)

    assert IsTensor()(msfunc.Tensor([1, 2]))
    assert not IsTensor()([1, 2])
    assert not msfunc.ops.is_tensor(np.ones(2))
