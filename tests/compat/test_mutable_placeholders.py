"""`mutable` around placeholders: a sequence of declared inputs for Cell.set_inputs, as
MindSpore's programs write it (``net.set_inputs(mutable((x_dyn, y_dyn)))``)."""

import numpy as np

import msfunc as ms
from msfunc.compat import mutable


def test_mutable_keeps_placeholders_for_set_inputs():
    declared = mutable((ms.Tensor(shape=[None], dtype=ms.float32),) * 2)
    assert [d.shape for d in declared] == [(-1,), (-1,)]

    class Grid(ms.nn.Cell):
        def construct(self, inputs):
            return ms.ops.meshgrid(*inputs)

    net = Grid()
    net.set_inputs(declared)
    x, y = np.arange(3, dtype=np.float32), np.arange(4, dtype=np.float32)
    gx, gy = net(mutable((ms.Tensor(x), ms.Tensor(y))))
    want_x, want_y = np.meshgrid(x, y)
    np.testing.assert_array_equal(gx.asnumpy(), want_x)
    np.testing.assert_array_equal(gy.asnumpy(), want_y)
