"""jit with mutable inputs and jit_syntax_level set through set_context."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, ops

ms.set_context(jit_syntax_level=ms.STRICT)


@ms.jit
def scaled_norm(x, scale):
    return ops.sqrt(ops.reduce_sum(x * x)) * scale


x = Tensor(np.array([3.0, 4.0], np.float32))
print("first", float(scaled_norm(x, ms.mutable(2.0))))
print("second", float(scaled_norm(x, ms.mutable(0.5))))
print("tuple", [float(v) for v in ms.mutable((1.0, 2.0))])
