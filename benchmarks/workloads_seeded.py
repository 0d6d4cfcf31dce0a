"""Seeded randomness: a compiled Dropout MLP train step drawing MindSpore's exact masks
(after ``ms.set_seed``) beside the same step unseeded (msfunc's fast JAX key stream).
Target: the seeded step within 1.1x of the unseeded one."""

from __future__ import annotations

import numpy as np

import msfunc as ms
from msfunc.common import seed as seed_state

from .registry import Bench, register

ORDER = 12  # after the fusion train steps (benchmarks.registry.workloads)


def _dropout_step(width, batch):
    """A jitted train step of a 784-width-width-10 MLP with two Dropout layers, and its
    inputs."""
    nn = ms.nn
    net = nn.SequentialCell(
        nn.Dense(784, width),
        nn.ReLU(),
        nn.Dropout(p=0.2),
        nn.Dense(width, width),
        nn.ReLU(),
        nn.Dropout(p=0.2),
        nn.Dense(width, 10),
    )
    net.set_train()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.SGD(net.trainable_params(), 0.01)
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, optimizer.parameters)

    @ms.jit
    def step(x, y):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        return loss

    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal((batch, 784)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, batch).astype(np.int32))
    return lambda: step(x, y)


@register(
    "seeded_dropout_step", "Dropout MLP train step: MindSpore's exact masks vs the fast stream"
)
def seeded_dropout_step(quick):
    width, batch = (64, 16) if quick else (512, 128)
    saved = seed_state.get_seed()
    try:
        seed_state._seed = None  # a program that never seeds: Dropout takes the fast stream
        unseeded = _dropout_step(width, batch)
        ms.set_seed(1)  # Dropout layers built now draw MindSpore's masks
        seeded = _dropout_step(width, batch)
    finally:
        seed_state._seed = saved
    return Bench(
        title=f"Dropout MLP train step (784-{width}-{width}-10, batch {batch}, ms.jit)",
        cases={
            "msfunc unseeded (fast stream)": unseeded,
            "msfunc seeded (MindSpore's masks)": seeded,
        },
        baseline="msfunc unseeded (fast stream)",
        calls=3 if quick else 100,
        tol=None,
        notes=[
            "Different masks on the two sides (the point of the comparison): outputs "
            "are not compared. Target: seeded within 1.1x of unseeded."
        ],
    )
