"""The same Cell in PYNATIVE_MODE and GRAPH_MODE gives the same outputs and gradients."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(
            4,
            3,
            weight_init=Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) / 10),
            bias_init=Tensor(np.array([0.1, -0.1, 0.0], np.float32)),
        )
        self.act = nn.GELU()

    def construct(self, x):
        h = self.act(self.dense(x))
        return ops.reduce_sum(h * h, 1)


x = Tensor(np.array([[0.2, -0.5, 1.0, 0.3], [1.5, 0.1, -0.2, -1.0]], np.float32))


def run(mode, name):
    ms.set_context(mode=mode)
    net = Block()

    def total(inp):
        return net(inp).sum()

    print(name + "_out", net(x).asnumpy().tolist())
    print(name + "_grad", ms.grad(total)(x).asnumpy().tolist())


run(ms.PYNATIVE_MODE, "pynative")
run(ms.GRAPH_MODE, "graph")
ms.set_context(mode=ms.PYNATIVE_MODE)
