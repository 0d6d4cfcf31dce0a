"""ops.stop_gradient blocks a path; grad with grad_position and return_ids-free tuple outputs."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, ops


def loss(x, y):
    target = ops.stop_gradient(x * 2.0)
    return ops.reduce_sum((x * y - target) ** 2)


x = Tensor(np.array([1.0, -2.0, 0.5], np.float32))
y = Tensor(np.array([0.5, 1.5, 3.0], np.float32))
gx, gy = ms.grad(loss, grad_position=(0, 1))(x, y)
print("gx", gx.asnumpy().tolist())
print("gy", gy.asnumpy().tolist())
print("gy_only", ms.grad(loss, grad_position=1)(x, y).asnumpy().tolist())
