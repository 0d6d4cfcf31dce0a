"""Golden values from real MindSpore 2.10 for its float32 CPU ReduceSum / ReduceMean where msfunc
takes its own sums (`msfunc.common.cpu_reduce`): sums over every axis, means over every axis
and over axes that leave the last one, sums over such axes (the leading one alone row by row),
over a matrix's last axis (eight lanes) and over axis sets with the last one of higher ranks
(ops, Tensor methods, nn.MSELoss, inside value_and_grad and jit).

Writes tests/golden/cpu_reduce.npz. Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cpu_reduce

`cases(ms)` is a plain MindSpore program; tests/ops/test_cpu_reduce.py runs the same function with
``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cpu_reduce.npz")
SHAPES = [(5,), (33,), (257,), (4096,), (16, 2), (7, 33), (3, 50, 7), (64, 10), (6, 5, 4, 3)]


def _value(seed, shape):
    return np.random.RandomState(seed).standard_normal(shape).astype(np.float32)


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative)."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    out = {}
    for i, shape in enumerate(SHAPES):
        x = Tensor(_value(i, shape))
        results = [ops.sum(x), ops.mean(x), x.sum(), x.mean(), ops.ReduceMean()(x, ())]
        results += [ops.mean(x, axis) for axis in range(len(shape) - 1)]
        # sums over axes that leave the last: the leading axis alone (row by row), others
        results += [ops.sum(x, axis) for axis in range(len(shape) - 1)]
        if len(shape) > 1:
            results += [ops.ReduceSum(keep_dims=True)(x, 0), x.sum(axis=0)]
        if len(shape) > 2:
            results += [ops.sum(x, (0, 1)), ops.ReduceSum()(x, (1, 0))]
        if len(shape) > 1:
            # the last axis: a matrix's in eight lanes, a higher rank's (with others) in double
            results += [ops.sum(x, -1), ops.mean(x, -1), x.sum(-1, keepdims=True), x.mean(-1)]
            results += [ops.sum(x, (0, len(shape) - 1)), ops.mean(x, (0, len(shape) - 1))]
        out[f"shape{i}"] = [r.asnumpy() for r in results]
    rows = []
    for n in list(range(1, 20)) + [31, 63, 64, 65, 1000]:
        x = Tensor(_value(200 + n, (3, n)) * 10)
        rows += [ops.sum(x, 1), ops.mean(x, 1)]
    out["matrix_rows"] = [r.asnumpy() for r in rows]
    loss = nn.MSELoss()

    def loss_of(a, b):
        return loss(a, b)

    grad_loss = ms.value_and_grad(loss_of)
    jit_loss = ms.jit(loss_of)
    values = []
    for seed in range(12):
        a, b = (Tensor(_value(100 + 2 * seed + k, (24, 3))) for k in range(2))
        values += [loss(a, b).asnumpy(), grad_loss(a, b)[0].asnumpy(), jit_loss(a, b).asnumpy()]
    out["mse"] = values
    return out


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
