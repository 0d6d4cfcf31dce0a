"""Fusion paradigm: a jit-compiled train step with value_and_grad(has_aux=True) and Adam."""

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn

model = nn.SequentialCell(
    [
        nn.Dense(
            3,
            5,
            weight_init=Tensor(np.cos(np.arange(15, dtype=np.float32)).reshape(5, 3)),
            bias_init="zeros",
        ),
        nn.Tanh(),
        nn.Dense(
            5,
            2,
            weight_init=Tensor(np.sin(np.arange(10, dtype=np.float32)).reshape(2, 5)),
            bias_init="zeros",
        ),
    ]
)
loss_fn = nn.CrossEntropyLoss()
optimizer = nn.Adam(model.trainable_params(), learning_rate=0.01)


def forward_fn(data, label):
    logits = model(data)
    return loss_fn(logits, label), logits


grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)


@ms.jit
def train_step(data, label):
    (loss, _), grads = grad_fn(data, label)
    optimizer(grads)
    return loss


data = Tensor(
    np.array([[0.1, 0.4, -0.3], [0.9, -0.2, 0.5], [-0.7, 0.3, 0.8], [0.2, 0.2, 0.2]], np.float32)
)
label = Tensor(np.array([0, 1, 1, 0], np.int32))
for step in range(6):
    print("loss", step, float(train_step(data, label)))
print("logits", model(data).asnumpy().tolist())
