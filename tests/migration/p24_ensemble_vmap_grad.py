"""Per-example gradients: vmap over a grad function with shared weights."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, ops

w = Tensor(np.array([0.5, -1.0, 0.25], np.float32))


def example_loss(weights, x, y):
    return (ops.reduce_sum(weights * x) - y) ** 2


xs = Tensor(np.array([[1.0, 2.0, 3.0], [0.0, 1.0, -1.0], [2.0, 0.5, 0.5]], np.float32))
ys = Tensor(np.array([1.0, -1.0, 0.0], np.float32))
per_example = ms.vmap(ms.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)
print("per_example", per_example.asnumpy().tolist())
print("mean", per_example.mean(axis=0).asnumpy().tolist())
