"""Parameter names and traversal: trainable_params, parameters_and_names, cells_and_names."""

import numpy as np
from mindspore import Tensor, nn


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.proj = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.proj(x)


class Backbone(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.SequentialCell(
            [nn.Dense(4, 3, weight_init="ones", bias_init="zeros"), nn.ReLU()]
        )
        self.head = Head()

    def construct(self, x):
        return self.head(self.layers(x))


net = Backbone()
print("trainable", [p.name for p in net.trainable_params()])
print("names", [name for name, _ in net.parameters_and_names()])
print("output", net(Tensor(np.ones((1, 4), np.float32))).asnumpy().tolist())
print("count", len(net.trainable_params()))
