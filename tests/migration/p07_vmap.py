"""vmap: batching a function over chosen axes, nested vmap, and vmap of a Cell."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops


def affine(w, x, b):
    return ops.reduce_sum(w * x, 1) + b


w = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
xs = Tensor(np.arange(12, dtype=np.float32).reshape(4, 3) / 4)
b = Tensor(np.array([0.5, -0.5], np.float32))
print("batched", ms.vmap(affine, in_axes=(None, 0, None))(w, xs, b).asnumpy().tolist())
print(
    "out_axes1", ms.vmap(affine, in_axes=(None, 0, None), out_axes=1)(w, xs, b).asnumpy().tolist()
)


def pairwise(a, c):
    return ops.reduce_sum((a - c) ** 2)


grid = ms.vmap(ms.vmap(pairwise, in_axes=(None, 0)), in_axes=(0, None))(xs, xs)
print("pairwise", grid.asnumpy().tolist())
net = nn.Dense(3, 2, weight_init=w, bias_init="zeros")
print("cell", ms.vmap(net, in_axes=0)(xs.reshape(2, 2, 3)).asnumpy().tolist())
