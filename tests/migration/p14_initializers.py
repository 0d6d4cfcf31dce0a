"""Initializers: `mindspore.common.initializer`, constant and explicit-array Parameters."""

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn
from mindspore.common.initializer import Constant, One, Zero, initializer

w = initializer(One(), [2, 3], ms.float32)
print("one", w.asnumpy().tolist())
print("constant", initializer(Constant(0.25), [2, 2], ms.float32).asnumpy().tolist())
print("zero", initializer(Zero(), [3], ms.float32).asnumpy().tolist())
p = Parameter(initializer("ones", [2], ms.float32), name="p")
print("parameter", p.name, p.asnumpy().tolist())
dense = nn.Dense(2, 2, weight_init=Constant(0.5), bias_init="zeros")
print("dense", dense(Tensor(np.array([[1.0, 2.0]], np.float32))).asnumpy().tolist())
print("dtype", str(Tensor(np.ones(2, np.float32)).dtype) in ("Float32", "float32"))
