"""A small MindSpore-style training script, the runner's own test program.

It fits a two-layer network to a fixed regression problem with value_and_grad and
Momentum, logging the loss every few steps, as the corpus's programs do; every weight
and every sample comes from numpy with a fixed seed, so MindSpore prints the same
figures on every run.
"""

import argparse

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn, ops

STEPS = 200  # the recipe shortens this by a text substitution
LOG_EVERY = 50


def parse_args():
    parser = argparse.ArgumentParser(description="synthetic regression")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--batch", type=int, default=16)
    return parser.parse_args()


class TwoLayer(nn.Cell):
    """Dense -> tanh -> Dense with weights drawn from a seeded numpy generator."""

    def __init__(self, rng):
        super().__init__()
        w1 = rng.normal(0, 0.5, (8, 4)).astype(np.float32)
        w2 = rng.normal(0, 0.5, (1, 8)).astype(np.float32)
        self.hidden = nn.Dense(4, 8, weight_init=Tensor(w1), bias_init="zeros")
        self.out = nn.Dense(8, 1, weight_init=Tensor(w2), bias_init="zeros")
        self.act = nn.Tanh()

    def construct(self, x):
        return self.out(self.act(self.hidden(x)))


def main():
    args = parse_args()
    rng = np.random.RandomState(7)
    x = rng.uniform(-1, 1, (args.batch, 4)).astype(np.float32)
    y = (np.sin(x.sum(axis=1, keepdims=True)) + 0.1 * x[:, :1]).astype(np.float32)
    net = TwoLayer(rng)
    loss_fn = nn.MSELoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=args.lr, momentum=0.9)

    def forward(data, label):
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)

    def train_step(data, label):
        loss, grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    data, label = Tensor(x), Tensor(y)
    for step in range(STEPS):
        loss = train_step(data, label)
        if step % LOG_EVERY == 0:
            print(f"step: {step}, loss: {loss.asnumpy():.7f}")
    pred = net(data)
    print(f"final mean prediction: {float(ops.mean(pred).asnumpy()):.6f}")


if __name__ == "__main__":
    main()
