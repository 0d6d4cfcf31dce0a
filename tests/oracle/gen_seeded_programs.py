"""Losses of three small seeded training programs from real MindSpore 2.10
(tests/golden/seeded_programs.json): every draw they make (default initializers, Dropout,
a shuffled dataset, collocation points from ops.uniform, RandomCrop/RandomHorizontalFlip)
comes from MindSpore's random streams, so msfunc prints the same losses only if it draws
the same numbers.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py seeded_programs

Each program is a function ``program(ms)`` of the framework module returning the loss of
every step, run in PyNative mode; `tests/compat/test_seeded_programs.py` runs them with msfunc. No
top-level import of MindSpore or msfunc (the test imports this module).
"""

import json
import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "seeded_programs.json"
)


def dropout_classifier(ms):
    """A Conv/Dense classifier with default initializers and Dropout, trained with
    Momentum on a shuffled dataset of random images: two epochs of batches of 8, 8 and 4.
    (Short on purpose: from about the sixth call of one Dropout kernel in a training loop,
    MindSpore 2.10 on CPU gives other masks from run to run, so a longer run has no one
    MindSpore answer; here each kernel, one per batch shape, runs at most four times.)"""
    nn, ds = ms.nn, ms.dataset
    ms.set_seed(1)
    images = np.random.rand(20, 1, 8, 8).astype(np.float32)  # (numpy seeded by set_seed)
    labels = (images.mean(axis=(1, 2, 3)) * 6).astype(np.int32) % 3
    data = ds.NumpySlicesDataset({"x": images, "y": labels}, shuffle=True).batch(8)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(1, 4, 3)
            self.act = nn.Tanh()  # (smooth: a ReLU kink amplifies rounding differences)
            self.flatten = nn.Flatten()
            self.dense = nn.Dense(256, 6)
            self.dropout = nn.Dropout(p=0.3)
            self.out = nn.Dense(6, 3)

        def construct(self, x):
            x = self.flatten(self.act(self.conv(x)))
            return self.out(self.dropout(self.act(self.dense(x))))

    net = Net()
    net.set_train()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, optimizer.parameters)
    losses = []
    it = data.create_tuple_iterator(num_epochs=2)
    for _ in range(2):
        for x, y in it:
            loss, grads = grad_fn(x, y)
            optimizer(grads)
            losses.append(float(loss.asnumpy()))
    return losses


def pinn(ms):
    """A physics-informed network for u' = cos(2x), u(0) = 0 on [0, 2]: 32 collocation
    points drawn with ops.uniform at every step, the residual's derivative by ops.grad,
    Adam."""
    nn, ops = ms.nn, ms.ops
    ms.set_seed(2)
    net = nn.SequentialCell(
        nn.Dense(1, 16, activation="tanh"), nn.Dense(16, 16, activation="tanh"), nn.Dense(16, 1)
    )
    optimizer = nn.Adam(net.trainable_params(), learning_rate=0.01)
    slope = ops.grad(lambda x: net(x).sum())
    zero = ms.Tensor(np.zeros((1, 1), np.float32))

    def loss_fn(x):
        residual = slope(x) - ops.cos(2 * x)
        return (residual**2).mean() + (net(zero) ** 2).mean()

    grad_fn = ms.value_and_grad(loss_fn, None, optimizer.parameters)
    losses = []
    for _ in range(6):
        x = ops.uniform((32, 1), ms.Tensor(0.0), ms.Tensor(2.0))
        loss, grads = grad_fn(x)
        optimizer(grads)
        losses.append(float(loss.asnumpy()))
    return losses


def augmented_model(ms):
    """Model.train on images augmented by RandomCrop (padded) and RandomHorizontalFlip,
    two epochs, the loss of every step recorded by a callback."""
    nn, ds, vision = ms.nn, ms.dataset, ms.dataset.vision
    ms.set_seed(3)
    images = np.random.randint(0, 256, (16, 10, 10, 3)).astype(np.uint8)
    labels = np.arange(16).astype(np.int32) % 2
    data = ds.NumpySlicesDataset({"image": images, "label": labels}, shuffle=True)
    # (two workers: MindSpore's images depend on the count, its default is the machine's)
    data = data.map(
        [
            vision.RandomCrop(8, padding=1),
            vision.RandomHorizontalFlip(),
            vision.Rescale(1.0 / 255.0, 0.0),
            vision.HWC2CHW(),
        ],
        ["image"],
        num_parallel_workers=2,
    )
    data = data.batch(4)
    net = nn.SequentialCell(nn.Conv2d(3, 4, 3), nn.Tanh(), nn.Flatten(), nn.Dense(256, 2))
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.train.Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.02, 0.9))
    losses = []

    class Record(ms.train.Callback):
        def step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    model.train(2, data, callbacks=[Record()], dataset_sink_mode=False)
    return losses


PROGRAMS = {
    "dropout_classifier": dropout_classifier,
    "pinn": pinn,
    "augmented_model": augmented_model,
}


def main():
    import mindspore as ms
    import mindspore.dataset.vision  # noqa: F401

    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
    golden = {name: program(ms) for name, program in PROGRAMS.items()}
    with open(GOLDEN_PATH, "w") as f:
        json.dump(golden, f, indent=1)
    print(json.dumps(golden), file=sys.stderr)


if __name__ == "__main__":
    main()
