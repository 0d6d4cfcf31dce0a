"""Activation Cells and functional activations on one input."""

import numpy as np
from mindspore import Tensor, nn, ops

x = Tensor(np.array([-2.0, -0.5, 0.0, 0.5, 2.0], np.float32))
for name, cell in [
    ("relu", nn.ReLU()),
    ("sigmoid", nn.Sigmoid()),
    ("tanh", nn.Tanh()),
    ("gelu", nn.GELU()),
    ("silu", nn.SiLU()),
    ("leaky", nn.LeakyReLU(0.2)),
    ("elu", nn.ELU()),
    ("relu6", nn.ReLU6()),
]:
    print(name, cell(x * 4).asnumpy().tolist())
print("softmax", nn.Softmax()(x).asnumpy().tolist())
print("log_softmax", ops.log_softmax(x).asnumpy().tolist())
