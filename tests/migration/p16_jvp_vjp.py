"""Forward and reverse mode: ops.jvp and ops.vjp on a two-input function."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, ops


def f(x, y):
    return ops.tanh(x) * y + x * x


x = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
y = Tensor(np.array([1.0, 2.0, -0.5], np.float32))
out, tangent = ms.jvp(f, (x, y), (Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32))))
print("jvp_out", out.asnumpy().tolist())
print("jvp_tangent", tangent.asnumpy().tolist())
out, vjp_fn = ms.vjp(f, x, y)
gx, gy = vjp_fn(Tensor(np.array([1.0, 0.5, 0.25], np.float32)))
print("vjp_x", gx.asnumpy().tolist())
print("vjp_y", gy.asnumpy().tolist())
