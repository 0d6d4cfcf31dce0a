"""GradOperation with sens_param: a user-given output gradient (sensitivity) for a two-output Cell."""

import numpy as np
from mindspore import Tensor, nn, ops


class TwoOut(nn.Cell):
    def construct(self, x, y):
        return x * y, x - y


class Grad(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.grad = ops.GradOperation(get_all=True, sens_param=True)

    def construct(self, x, y, sens):
        return self.grad(self.net)(x, y, sens)


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([-1.0, 0.5, 2.0], np.float32))
sens = (
    Tensor(np.array([1.0, 0.1, 0.01], np.float32)),
    Tensor(np.array([2.0, 2.0, 2.0], np.float32)),
)
dx, dy = Grad(TwoOut())(x, y, sens)
print("dx", dx.asnumpy().tolist())
print("dy", dy.asnumpy().tolist())
