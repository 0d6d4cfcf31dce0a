"""Shape, dtype and type queries of msfunc.ops give MindSpore's result types."""

import numpy as np
import pytest

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


def test_dtype_of_tensors_and_sparse_tensors():
    # MindSpore 2.10: ops.dtype of a Tensor and of a COOTensor (its values' dtype), eagerly and
    # under jit; TypeError for a Python number or list
    coo = msfunc.COOTensor(
        msfunc.Tensor([[0, 1], [1, 2]]), msfunc.Tensor([1, 2], msfunc.float16), (3, 4)
    )
    assert msfunc.ops.dtype(msfunc.Tensor([1, 2])) == msfunc.int64
    assert msfunc.ops.dtype(coo) == msfunc.float16
    assert msfunc.jit(msfunc.ops.dtype)(msfunc.Tensor([1.0])) == msfunc.float32
    for bad in (1, [1.0]):
        with pytest.raises(TypeError, match="`x`"):
            msfunc.ops.dtype(bad)
