"""`mindspore.ops.functional as F` and `mindspore.ops.composite as C` in a training-style gradient."""

import mindspore.ops.composite as C
import mindspore.ops.functional as F
import numpy as np
from mindspore import Parameter, Tensor, nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([0.5, -1.5, 2.0], np.float32)), name="w")

    def construct(self, x):
        return F.reduce_sum(F.square(x * self.w)) + F.reduce_mean(F.exp(x))


x = Tensor(np.array([1.0, 0.5, -0.25], np.float32))
net = Net()
grad_w = C.GradOperation(get_by_list=True)(net, net.trainable_params())(x)
print("value", float(net(x)))
print("grad_w", grad_w[0].asnumpy().tolist())
print("stack", F.stack([x, x * 2]).asnumpy().tolist())
