"""Golden values from real MindSpore 2.10 for its CPU MatMul and BiasAddGrad in float32 (oneDNN
on an AVX-512 machine): products whose summation order differs between oneDNN's kernels (one
fused multiply-add after another; a matrix times a column; a few rows, or one row, times a
transposed matrix), MatMul's gradients for each pair of transposition flags, and the gradients
of a small tanh network (Dense weights and biases).

Writes tests/golden/cpu_matmul.npz. Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cpu_matmul

`cases(ms)` is a plain MindSpore program; tests/ops/test_cpu_matmul.py runs the same function
with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cpu_matmul.npz")

# (M, K, N, transpose_a, transpose_b): one product per kernel of `msfunc.common.cpu_matmul`
PRODUCTS = [
    (50, 20, 20, False, True),  # fused multiply-adds in k order
    (50, 2, 20, False, False),
    (20, 50, 20, True, False),
    (50, 20, 1, False, True),  # a matrix times a column: eight lanes
    (200, 40, 1, False, False),
    (4, 30, 20, False, True),  # a few rows times a transposed matrix: sixteen lanes
    (1, 37, 20, False, True),  # one row times a transposed matrix
    (300, 200, 1, False, False),  # a large column: fused multiply-adds again
]


def _operands(m, k, n, ta, tb, seed):
    rng = np.random.RandomState(seed)
    a = rng.standard_normal((k, m) if ta else (m, k)).astype(np.float32)
    b = rng.standard_normal((n, k) if tb else (k, n)).astype(np.float32)
    return a, b


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative)."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    out = {}
    for i, (m, k, n, ta, tb) in enumerate(PRODUCTS):
        a, b = (Tensor(v) for v in _operands(m, k, n, ta, tb, i))
        out[f"product{i}"] = [ops.MatMul(ta, tb)(a, b)]
    for i, (ta, tb) in enumerate([(False, False), (False, True), (True, False), (True, True)]):
        a, b = (Tensor(v) for v in _operands(30, 24, 12, ta, tb, 10 + i))
        loss = lambda a, b, ta=ta, tb=tb: (
            ops.MatMul(ta, tb)(a, b) * ops.MatMul(ta, tb)(a, b)
        ).sum()
        out[f"grad{i}"] = list(ms.grad(loss, grad_position=(0, 1))(a, b))
    rng = np.random.RandomState(20)
    x = Tensor(rng.uniform(-1, 1, (50, 3)).astype(np.float32))
    y = Tensor(rng.uniform(-1, 1, (50, 1)).astype(np.float32))
    net = nn.SequentialCell(
        nn.Dense(
            3,
            16,
            weight_init=Tensor(rng.normal(0, 0.5, (16, 3)).astype(np.float32)),
            bias_init=Tensor(rng.normal(0, 0.1, 16).astype(np.float32)),
            activation="tanh",
        ),
        nn.Dense(
            16,
            16,
            weight_init=Tensor(rng.normal(0, 0.3, (16, 16)).astype(np.float32)),
            bias_init=Tensor(rng.normal(0, 0.1, 16).astype(np.float32)),
            activation="tanh",
        ),
        nn.Dense(
            16,
            1,
            weight_init=Tensor(rng.normal(0, 0.3, (1, 16)).astype(np.float32)),
            bias_init=Tensor(rng.normal(0, 0.1, 1).astype(np.float32)),
        ),
    )
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    out["network"] = [net(x)] + list(ms.grad(loss_net, None, net.trainable_params())(x, y))
    return {name: [np.asarray(r.asnumpy()) for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
