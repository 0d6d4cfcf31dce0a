"""Containers: SequentialCell append, CellList iteration, CellDict lookup."""

import numpy as np
from mindspore import Tensor, nn


class Residual(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.CellList(
            [
                nn.Dense(
                    2, 2, weight_init=Tensor(np.eye(2, dtype=np.float32) * s), bias_init="zeros"
                )
                for s in (0.5, -1.0, 2.0)
            ]
        )
        self.acts = nn.CellDict({"relu": nn.ReLU(), "tanh": nn.Tanh()})

    def construct(self, x):
        for block in self.blocks:
            x = x + self.acts["tanh"](block(x))
        return self.acts["relu"](x)


seq = nn.SequentialCell([nn.Dense(2, 2, weight_init="ones", bias_init="zeros")])
seq.append(nn.Sigmoid())
x = Tensor(np.array([[0.3, -0.6], [1.0, 2.0]], np.float32))
print("residual", Residual()(x).asnumpy().tolist())
print("sequential", seq(x).asnumpy().tolist())
print("lengths", len(seq), len(Residual().blocks))
