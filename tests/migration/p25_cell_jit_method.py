"""A Cell whose construct is decorated with @ms.jit, trained with a loop of explicit gradients."""

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn, ops


class Quadratic(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="a")

    @ms.jit
    def construct(self, x):
        return ops.reduce_sum((self.a - x) ** 2)


net = Quadratic()
target = Tensor(np.array([3.0, -1.0], np.float32))
optimizer = nn.SGD(net.trainable_params(), learning_rate=0.2)
grad_fn = ms.value_and_grad(net, None, optimizer.parameters)
for i in range(3):
    loss, grads = grad_fn(target)
    optimizer(grads)
    print("loss", i, float(loss))
print("a", net.a.asnumpy().tolist())
