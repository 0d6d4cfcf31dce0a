"""Functional training: value_and_grad over the network's weights and an explicit optimizer call."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn

net = nn.Dense(2, 1, weight_init=Tensor(np.array([[0.3, -0.2]], np.float32)), bias_init="zeros")
loss_fn = nn.MSELoss()
optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)


def forward_fn(data, label):
    logits = net(data)
    return loss_fn(logits, label)


grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)
data = Tensor(np.array([[1.0, 2.0], [2.0, 1.0], [0.5, -1.0]], np.float32))
label = Tensor(np.array([[1.0], [0.5], [-0.5]], np.float32))
for step in range(4):
    loss, grads = grad_fn(data, label)
    optimizer(grads)
    print("loss", step, float(loss))
print("grad_shapes", [list(g.shape) for g in grads])
print("weight", net.weight.asnumpy().tolist())
print("bias", net.bias.asnumpy().tolist())
