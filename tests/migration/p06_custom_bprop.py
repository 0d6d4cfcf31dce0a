"""A Cell with a custom bprop: the gradient MindSpore uses is the one the bprop returns."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops


class ClippedSquare(nn.Cell):
    def construct(self, x):
        return x * x

    def bprop(self, x, out, dout):
        return (ops.clip_by_value(2 * x * dout, Tensor(-1.0, ms.float32), Tensor(1.0, ms.float32)),)


class Model(nn.Cell):
    def __init__(self):
        super().__init__()
        self.square = ClippedSquare()

    def construct(self, x):
        return self.square(x * 3.0).sum()


x = Tensor(np.array([0.05, -0.1, 0.5, -2.0], np.float32))
model = Model()
print("value", float(model(x)))
print("grad", ms.grad(model)(x).asnumpy().tolist())
