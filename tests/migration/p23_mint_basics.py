"""mindspore.mint: the PyTorch-style namespace, with the ops MindSpore 2.10 runs on CPU."""

import numpy as np
from mindspore import Tensor, mint

x = Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]], np.float32))
print("sum", mint.sum(x, dim=1, keepdim=True).asnumpy().tolist())
print("mean", mint.mean(x, 0).asnumpy().tolist())
values, indices = mint.max(x, dim=1)
print("max", values.asnumpy().tolist(), indices.asnumpy().tolist())
print("softmax", mint.nn.functional.softmax(x, dim=1).asnumpy().tolist())
print("gather", mint.gather(x, 1, Tensor(np.array([[2, 0], [1, 1]], np.int64))).asnumpy().tolist())
print("clamp", mint.clamp(x, -0.5, 1.0).asnumpy().tolist())
