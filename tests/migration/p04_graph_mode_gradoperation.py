"""GRAPH_MODE: a Cell and a GradOperation wrapper Cell computing gradients w.r.t. inputs and weights."""

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)), name="w")
        self.matmul = ops.MatMul()

    def construct(self, x, y):
        return self.matmul(x, self.w) * y


class GradNet(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.params = ms.ParameterTuple(net.trainable_params())
        self.grad_op = ops.GradOperation(get_all=True, get_by_list=True)

    def construct(self, x, y):
        return self.grad_op(self.net, self.params)(x, y)


x = Tensor(np.array([[0.5, -1.0], [2.0, 0.25]], np.float32))
y = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
print("forward", Net()(x, y).asnumpy().tolist())
inputs_grad, params_grad = GradNet(Net())(x, y)
print("grad_x", inputs_grad[0].asnumpy().tolist())
print("grad_y", inputs_grad[1].asnumpy().tolist())
print("grad_w", params_grad[0].asnumpy().tolist())
