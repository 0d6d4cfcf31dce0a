"""Golden values from real MindSpore 2.10 (CPU, float32) for gradients through broadcasting
arithmetic (MindSpore sums them with its ReduceSum kernel over the broadcast axes) and for
``nn.Dense`` on 3-D input (MindSpore multiplies the flattened rows with MatMul and BiasAdd):
a Dense-and-quadratic-loss training script parted from MindSpore's weights at its third step.

Writes tests/golden/broadcast_grad.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py broadcast_grad

`cases(ms)` is a plain MindSpore program; tests/ops/test_broadcast_grad.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "broadcast_grad.npz")
SHAPES = [
    ((10, 1, 1), (10, 1)),
    ((16, 1), (1, 37)),
    ((64, 1, 3), (5, 1)),
    ((33,), (7, 33)),
    ((1000, 1), (1, 1000)),
    ((2, 1, 4, 1), (3, 1, 5)),
]


def inputs():
    """Operands of each pair of broadcasting shapes, and a Dense layer's 3-D input."""
    rng = np.random.RandomState(7)
    pairs = [
        ((rng.normal(size=a) * 3).astype(np.float32), (rng.normal(size=b) * 3).astype(np.float32))
        for a, b in SHAPES
    ]
    dense_x = rng.uniform(-1, 1, (10, 1, 2)).astype(np.float32)
    dense_z = (rng.normal(size=(10, 1)) * 3 + 5).astype(np.float32)
    wide_x = rng.normal(size=(4, 6, 9)).astype(np.float32)
    return pairs, dense_x, dense_z, wide_x


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative)."""
    nn, ops, Tensor = ms.nn, ms.ops, ms.Tensor
    pairs, dense_x, dense_z, wide_x = inputs()
    out = {}
    for i, (a, b) in enumerate(pairs):
        a, b = Tensor(a), Tensor(b)
        out[f"pair{i}"] = [
            *ms.grad(lambda p, q: ops.mean(0.5 * ops.square(p - q)), (0, 1))(a, b),
            *ms.grad(lambda p, q: (p * q).sum(), (0, 1))(a, b),
            *ms.grad(lambda p, q: (p + q).mean(), (0, 1))(a, b),
        ]
    net = nn.Dense(2, 1, 0.02, 0.02)
    x, z = Tensor(dense_x), Tensor(dense_z)
    loss = lambda p, q: ops.mean(0.5 * ops.square(p - q))
    weights = net.trainable_params()
    out["dense_3d"] = [net(x), *ms.grad(lambda a: loss(net(a), z), None, weights)(x)]
    rng = np.random.RandomState(8)
    wide = nn.Dense(
        9,
        5,
        weight_init=Tensor(rng.normal(size=(5, 9)).astype(np.float32)),
        bias_init=Tensor(rng.normal(size=5).astype(np.float32)),
    )
    grad_x, grad_w = ms.grad(lambda a: wide(a).sum(), 0, wide.trainable_params())(Tensor(wide_x))
    out["dense_wide"] = [wide(Tensor(wide_x)), grad_x, *grad_w]
    return {name: [np.asarray(r.asnumpy()) for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
