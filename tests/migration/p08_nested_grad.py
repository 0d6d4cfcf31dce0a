"""Higher-order derivatives: grad of grad, and a Hessian-vector product through jvp of grad."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, ops


def f(x):
    return ops.sin(x) * x * x


x = Tensor(np.array([0.3, 1.2, -0.7], np.float32))
first = ms.grad(f)
second = ms.grad(lambda t: first(t).sum())
third = ms.grad(lambda t: second(t).sum())
print("first", first(x).asnumpy().tolist())
print("second", second(x).asnumpy().tolist())
print("third", third(x).asnumpy().tolist())


def g(v):
    return (v[0] ** 2) * v[1] + ops.exp(v[1])


v = Tensor(np.array([1.5, 0.5], np.float32))
direction = Tensor(np.array([1.0, -1.0], np.float32))
_, hvp = ms.jvp(ms.grad(g), v, direction)
print("hvp", hvp.asnumpy().tolist())
