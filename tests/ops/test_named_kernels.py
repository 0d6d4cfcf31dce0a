"""A user Primitive subclass without a body runs the kernel its name names, as in MindSpore."""

import numpy as np
import pytest

import msfunc as ms
from msfunc.ops import PrimitiveWithInfer, prim_attr_register


class Shift(PrimitiveWithInfer):
    @prim_attr_register
    def __init__(self, periods=1, axis=-1):
        self.init_prim_io_names(inputs=["x", "fill_value"], outputs=["output"])


def numpy_shift(x, periods, axis, fill):
    out = np.full_like(x, fill)
    n = x.shape[axis]
    for i in range(n):
        if 0 <= i - periods < n:
            np.moveaxis(out, axis, 0)[i] = np.moveaxis(x, axis, 0)[i - periods]
    return out


@pytest.mark.parametrize(
    "dtype, fill", [(np.float32, np.nan), (np.float64, -5.5), (np.int32, 4), (np.bool_, True)]
)
@pytest.mark.parametrize("periods, axis", [(0, 0), (2, 1), (-3, 0), (9, -1), (-7, 1)])
def test_shift_kernel_by_name(dtype, fill, periods, axis):
    x = np.random.default_rng(0).random((5, 4)).astype(dtype)
    op = Shift(periods, axis)
    assert op.attrs["input_names"] == ["x", "fill_value"]
    got = op(ms.Tensor(x), fill).asnumpy()
    np.testing.assert_array_equal(got, numpy_shift(x, periods, axis, fill))


def test_public_kernel_by_name_takes_the_subclass_attributes():
    class Summed(PrimitiveWithInfer):
        @prim_attr_register
        def __init__(self, keep_dims=False):
            super().__init__("ReduceSum")

    x = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    got = Summed(keep_dims=True)(ms.Tensor(x), 1).asnumpy()
    np.testing.assert_array_equal(got, x.sum(1, keepdims=True))


def test_unknown_name_says_so():
    class Nameless(PrimitiveWithInfer):
        pass

    with pytest.raises(NotImplementedError, match="no kernel named 'Nameless'"):
        Nameless()(ms.Tensor(np.ones(2)))
