"""Golden values from real MindSpore 2.10 for its float32 CPU Log and Sigmoid kernels as a
program reaches them (`msfunc.common.cpu_log`, `cpu_exp.sigmoid`): ops.log and Tensor.log over
8 to 1,000 values (blocks of four take the series; the counts are multiples of eight, where
the thread pool's split leaves no task a tail of values for logf), ops.sigmoid, nn.Sigmoid,
ops.silu, and their gradients with a non-unit sensitivity, in PyNative and jit.

Writes tests/golden/cpu_log_sigmoid.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py cpu_log_sigmoid

`cases(ms)` is a plain MindSpore program; tests/ops/test_cpu_log_sigmoid.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cpu_log_sigmoid.npz")
# Element counts that are multiples of eight: MindSpore's thread pool splits a Log between one
# task and two halves by timing (the same five or six values came out of either split in two
# runs), and which values fall in a task's last n mod 4 (logf, not the series) follows the
# split; at these counts both splits put every value in a block of four
LOG_SHAPES = [(8,), (16,), (64,), (1000,), (4, 6), (2, 4, 5), (3, 8)]
SIGMOID_SHAPES = [(5,), (33,), (1000,), (4, 9)]


def _value(seed, shape, scale=3.0):
    return (np.random.RandomState(seed).standard_normal(shape) * scale).astype(np.float32)


def positive(seed, shape):
    """Positive values over several binades (the series' exponent and mantissa both vary)."""
    return (np.exp(_value(seed, shape, 2.0)) + np.float32(1e-3)).astype(np.float32)


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative, then in a jit function)."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    out = {}
    for i, shape in enumerate(LOG_SHAPES):
        x = Tensor(positive(100 + i, shape))
        sens = Tensor(_value(150 + i, shape))
        grad = ms.grad(lambda v, s=sens: (ops.log(v) * s).sum())(x)
        out[f"log{i}"] = [ops.log(x), x.log(), grad]
    for i, shape in enumerate(SIGMOID_SHAPES):
        x = Tensor(_value(200 + i, shape, 6.0))
        sens = Tensor(_value(250 + i, shape))
        grad_sigmoid = ms.grad(lambda v, s=sens: (ops.sigmoid(v) * s).sum())(x)
        grad_silu = ms.grad(lambda v, s=sens: (ops.silu(v) * s).sum())(x)
        out[f"sigmoid{i}"] = [ops.sigmoid(x), nn.Sigmoid()(x), x.sigmoid(), ops.silu(x)]
        out[f"grad_sigmoid{i}"] = [grad_sigmoid, grad_silu]

    def bce_like(p, q):
        return -(q * ops.log(ops.sigmoid(p)) + (1 - q) * ops.log(1 - ops.sigmoid(p))).mean()

    p, q = Tensor(_value(300, (6, 10))), Tensor(np.abs(_value(301, (6, 10), 0.3)))
    out["jit"] = [ms.jit(bce_like)(p, q), ms.jit(ms.grad(bce_like))(p, q)]
    return {name: [r.asnumpy() for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
