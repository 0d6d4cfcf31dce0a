"""A per-step learning-rate list and weight decay in SGD, over several TrainOneStepCell steps."""

import numpy as np
from mindspore import Tensor, nn

net = nn.Dense(2, 1, weight_init=Tensor(np.array([[1.0, -1.0]], np.float32)), bias_init="zeros")
lrs = [0.1, 0.05, 0.025, 0.0125]
optimizer = nn.SGD(net.trainable_params(), learning_rate=lrs, weight_decay=0.01)
step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.L1Loss()), optimizer)
x = Tensor(np.array([[1.0, 2.0], [3.0, -1.0]], np.float32))
y = Tensor(np.array([[0.5], [1.5]], np.float32))
for i in range(4):
    print("loss", i, float(step(x, y)))
print("weight", net.weight.asnumpy().tolist())
