"""Primitive classes through `from mindspore.ops import operations as P`, as older MindSpore code writes."""

import numpy as np
from mindspore import Tensor, nn
from mindspore.ops import operations as P


class Attention(nn.Cell):
    def __init__(self):
        super().__init__()
        self.matmul = P.MatMul(transpose_b=True)
        self.softmax = P.Softmax(axis=-1)
        self.reduce_sum = P.ReduceSum(keep_dims=True)
        self.sqrt = P.Sqrt()
        self.cast = P.Cast()

    def construct(self, q, k):
        scores = self.matmul(q, k) / self.sqrt(Tensor(2.0))
        probs = self.softmax(scores)
        return probs, self.reduce_sum(probs * scores, 1)


q = Tensor(np.array([[1.0, 0.0], [0.5, 0.5], [0.0, 2.0]], np.float32))
k = Tensor(np.array([[0.2, 0.1], [1.0, -1.0]], np.float32))
probs, summary = Attention()(q, k)
print("probs", probs.asnumpy().tolist())
print("summary", summary.asnumpy().tolist())
print("concat", P.Concat(axis=1)((q, q)).asnumpy().tolist())
print("argmax", P.Argmax(axis=1)(q).asnumpy().tolist())
