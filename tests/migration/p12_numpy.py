"""mindspore.numpy as mnp: array creation, linear algebra and reductions."""

import mindspore.numpy as mnp

a = mnp.arange(12).reshape(3, 4).astype(mnp.float32) / 5
b = mnp.linspace(-1.0, 1.0, 4)
print("dot", mnp.dot(a, b).asnumpy().tolist())
print("cumsum", mnp.cumsum(a, axis=1).asnumpy().tolist())
print("std", mnp.std(a, axis=0).asnumpy().tolist())
print("where", mnp.where(a > 1.0, a, -a).asnumpy().tolist())
print("outer", mnp.outer(b, b[:2]).asnumpy().tolist())
print("clip_sum", float(mnp.clip(a, 0.5, 1.5).sum()))
print("tri", mnp.tril(mnp.ones((3, 3)), -1).asnumpy().tolist())
