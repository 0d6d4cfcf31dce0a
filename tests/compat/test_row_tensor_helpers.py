"""The helpers MindSpore's RowTensor programs import: `bprop_getters` (a registered backward
rule replaces JAX's), `generate_shape_index` (against numpy's moveaxis) and RowTensorInner."""

import numpy as np
import pytest

import msfunc as ms
from msfunc.compat.grad_base import BpropRegistry
from msfunc.compat.ops_utils import generate_shape_index
from msfunc.compat.row_tensor_inner import RowTensorInner
from msfunc.ops.primitives import PrimitiveWithInfer, prim_attr_register


def test_a_registered_bprop_gives_the_primitive_its_gradient():
    class Scale(PrimitiveWithInfer):
        @prim_attr_register
        def __init__(self, factor):
            pass

        def __call__(self, x, y):
            return self.factor * x * y

    registry = BpropRegistry()

    @registry.register(Scale)
    def get_bprop(self):
        def bprop(x, y, out, dout):
            return 10.0 * dout, out * dout  # deliberately not d(out)/d(x), d(out)/d(y)

        return bprop

    assert registry.get(Scale(2.0)) is get_bprop
    x, y = ms.Tensor(3.0), ms.Tensor(5.0)
    gx, gy = ms.grad(Scale(2.0), grad_position=(0, 1))(x, y)
    assert float(gx) == 10.0 and float(gy) == 30.0  # out = 2 * 3 * 5
    assert float(Scale(2.0)(x, y)) == 30.0
    with pytest.raises(TypeError):
        registry.register("Scale")


@pytest.mark.parametrize(
    ("params_shape", "indices_shape", "axis"),
    [((3, 4), (2,), 0), ((3, 4, 5), (2,), 1), ((3, 4, 5), (2, 6), 2), ((3, 4, 5), (2,), -1)],
)
def test_generate_shape_index_brings_the_index_axes_to_the_front(params_shape, indices_shape, axis):
    rank = len(params_shape)
    at = axis % rank
    out_shape = params_shape[:at] + indices_shape + params_shape[at + 1 :]
    x = np.arange(np.prod(out_shape)).reshape(out_shape)
    gathered = list(range(at, at + len(indices_shape)))
    perm = generate_shape_index(out_shape, indices_shape, axis)
    want = np.moveaxis(x, gathered, list(range(len(indices_shape))))
    np.testing.assert_array_equal(x.transpose(perm), want)


def test_row_tensor_inner_makes_a_row_tensor_and_refuses_mismatches_with_type_error():
    indices = ms.Tensor(np.array([0, 1], np.int32))
    x = RowTensorInner(indices, ms.Tensor(np.ones((2, 4), np.float32)), (3, 4))
    assert isinstance(x, ms.RowTensor) and x.dense_shape == (3, 4)
    # MindSpore 2.10's graph compiler raises TypeError for each of these
    for values_shape, dense_shape in (((2, 4, 5), (3, 4)), ((2, 4), (3, 4, 5)), ((2, 4), (3, 5))):
        with pytest.raises(TypeError):
            RowTensorInner(indices, ms.Tensor(np.ones(values_shape, np.float32)), dense_shape)
