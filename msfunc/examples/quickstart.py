"""Quickstart: MindSpore's functional + object-oriented training paradigm on JAX.

Run: ``python -m msfunc.examples.quickstart``. Trains a small Cell on a
synthetic regression task with `value_and_grad` + Adam inside `jit`, then the
same net with the object-oriented `TrainOneStepCell`, printing the falling loss.
"""

import numpy as np

import msfunc as ms
from msfunc import nn


class MLP(nn.Cell):
    """A two-layer perceptron."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 32, activation="relu")
        self.fc2 = nn.Dense(32, 1)

    def construct(self, x):
        return self.fc2(self.fc1(x))


def make_data(n=256, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 4)).astype(np.float32)
    y = (np.sin(x[:, :1]) + 0.5 * x[:, 1:2] * x[:, 2:3]).astype(np.float32)
    return ms.Tensor(x), ms.Tensor(y)


def main(steps=200):
    ms.set_seed(0)
    x, y = make_data()
    model = MLP()
    loss_fn = nn.MSELoss()
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

    history = {"functional": [], "object-oriented": []}
    print("functional paradigm: value_and_grad + Adam under jit")
    for step in range(steps + 1):
        loss = train_step(x, y)
        history["functional"].append(float(loss))
        if step % 50 == 0:
            print(f"  step {step:4d}  loss {float(loss):.6f}")

    print("object-oriented paradigm: TrainOneStepCell(WithLossCell(net, loss), SGD)")
    net = MLP()
    train_net = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()),
        nn.SGD(net.trainable_params(), learning_rate=0.05, momentum=0.9),
    )
    train_net.set_train()
    for step in range(steps + 1):
        loss = train_net(x, y)
        history["object-oriented"].append(float(loss))
        if step % 50 == 0:
            print(f"  step {step:4d}  loss {float(loss):.6f}")
    return history


if __name__ == "__main__":
    main()
