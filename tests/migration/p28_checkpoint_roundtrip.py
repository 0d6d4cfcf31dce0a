"""save_checkpoint, load_checkpoint and load_param_into_net between two networks; a prefix filter."""

import os
import tempfile

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn


class Net(nn.Cell):
    def __init__(self, scale):
        super().__init__()
        self.fc = nn.Dense(
            3,
            2,
            weight_init=Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) * scale),
            bias_init=Tensor(np.array([scale, -scale], np.float32)),
        )
        self.head = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.head(self.fc(x))


with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "net.ckpt")
    source = Net(0.5)
    ms.save_checkpoint(source, path)
    params = ms.load_checkpoint(path)
    print("names", sorted(params))
    print("fc.weight", params["fc.weight"].asnumpy().tolist())
    target = Net(2.0)
    not_loaded, ckpt_not_loaded = ms.load_param_into_net(target, params)
    print("not_loaded", list(not_loaded), list(ckpt_not_loaded))
    x = Tensor(np.array([[1.0, -1.0, 0.5]], np.float32))
    print("same_output", target(x).asnumpy().tolist() == source(x).asnumpy().tolist())
    partial = ms.load_checkpoint(path, filter_prefix="head")
    print("filtered", sorted(partial))
