"""Golden values from real MindSpore 2.10 for its float32 CPU Softmax, LogSoftmax, Log and the
cross-entropy built on them, where msfunc takes the kernels' own steps
(`msfunc.common.cpu_softmax`, `cpu_log`, `cpu_onednn_math`): rows of 1 to 1,000 values (blocks
of 16, 8 and 4 and their tails), ops, primitives, nn layers, the losses' reductions.

Writes tests/golden/cpu_softmax.npz. Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cpu_softmax

`cases(ms)` is a plain MindSpore program; tests/ops/test_cpu_softmax.py runs the same function
with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cpu_softmax.npz")
ROW_LENGTHS = [1, 3, 12, 17, 33, 100, 1000]
# MindSpore's Log splits its elements between tasks as a timing-based search of its thread pool
# settles (two halves once it has; sometimes one task in a shape's first calls), and the split
# decides which elements take logf: sizes and batches (the losses take the Log of one sum per
# sample) whose answers came out of another split in a recording are left out (9 values;
# batches of 6 and 12)
LOG_SIZES = [1, 3, 7, 15, 17, 35, 100]
# (batch, classes) of the cross-entropy cases
LOSS_SHAPES = [(1, 3), (5, 3), (7, 17), (64, 10), (32, 100)]


def _value(seed, shape, scale=3.0):
    return (np.random.RandomState(seed).standard_normal(shape) * scale).astype(np.float32)


def log_input(n):
    """The positive values of the Log case of `n` values."""
    return (np.abs(_value(200 + n, (n,))) + np.float32(0.25)).astype(np.float32)


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative)."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    out = {}
    for i, n in enumerate(ROW_LENGTHS):
        x = Tensor(_value(i, (2 if n >= 100 else 6, n)))
        out[f"row{n}"] = [
            ops.LogSoftmax()(x),
            ops.Softmax()(x),
            ops.log_softmax(x, 1),
            ops.softmax(x, 1),
            nn.LogSoftmax()(x),
            nn.Softmax()(x),
        ]
    x = Tensor(_value(50, (2, 5, 1)))
    out["axis_with_unit_after"] = [ops.LogSoftmax(1)(x)]
    one_two_three = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
    out["one_two_three"] = [
        ops.LogSoftmax()(one_two_three),
        nn.CrossEntropyLoss()(one_two_three, Tensor(np.array([2], np.int32))),
    ]
    for n in LOG_SIZES:
        out[f"log{n}"] = [ops.log(Tensor(log_input(n)))]
    loss = nn.CrossEntropyLoss()
    for i, (n, c) in enumerate(LOSS_SHAPES):
        logits = Tensor(_value(300 + i, (n, c), 2.0))
        labels = Tensor(np.random.RandomState(400 + i).randint(0, c, n).astype(np.int32))
        out[f"logsumexp{n}x{c}"] = [
            ops.logsumexp(logits, 1),
            ops.logsumexp(logits, -1, keepdim=True),
        ]
        out[f"cross_entropy{n}x{c}"] = [
            loss(logits, labels),
            ops.cross_entropy(logits, labels, reduction="sum"),
            ops.cross_entropy(logits, labels, reduction="none"),
        ]
    logits = Tensor(_value(500, (8, 10), 2.0))
    labels = Tensor(np.random.RandomState(501).randint(0, 10, 8).astype(np.int32))
    out["grad_cross_entropy"] = [ms.grad(lambda a: loss(a, labels))(logits)]
    return {name: [r.asnumpy() for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
