"""Golden values from real MindSpore 2.10 for its float32 CPU MatMul on deep contractions
(more than 300 products per output, an MNIST network's first layer), where oneDNN sums in one
or two blocks depending on the shape: products for each rule of `cpu_matmul._depth_split`,
and the forward and gradients of a Dense(784, 10) on a batch of 64.

Writes tests/golden/cpu_matmul_deep.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py cpu_matmul_deep

`cases(ms)` is a plain MindSpore program; tests/ops/test_cpu_matmul_deep.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import gen_cpu_matmul_golden as shallow
import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cpu_matmul_deep.npz")

# (M, K, N, transpose_a, transpose_b)
PRODUCTS = [
    (64, 350, 10, False, True),  # one block
    (32, 500, 64, False, True),  # two halves (few rows)
    (200, 500, 10, False, False),  # one block (many rows)
    (128, 700, 10, False, True),  # 512 and the rest
    (64, 784, 10, False, True),  # an MNIST first layer
    (80, 1000, 16, True, False),
    (48, 1500, 32, False, True),  # 1024 and the rest
    (256, 2048, 10, False, False),
]


def _operands(m, k, n, ta, tb, seed):
    """The shallow products' operands (gen_cpu_matmul_golden), `b` scaled to keep deep sums
    near one."""
    a, b = shallow._operands(m, k, n, ta, tb, seed)
    return a, b * np.float32(0.05)


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative)."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    out = {}
    for i, (m, k, n, ta, tb) in enumerate(PRODUCTS):
        a, b = (Tensor(v) for v in _operands(m, k, n, ta, tb, i))
        out[f"product{i}"] = [ops.MatMul(ta, tb)(a, b)]
    rng = np.random.RandomState(30)
    net = nn.Dense(
        784,
        10,
        weight_init=Tensor((rng.normal(size=(10, 784)) * 0.01).astype(np.float32)),
        bias_init="zeros",
    )
    x = Tensor(rng.normal(size=(64, 784)).astype(np.float32))
    loss = lambda v: (net(v) * net(v)).sum()
    grad_x, grad_w = ms.grad(loss, 0, net.trainable_params())(x)
    out["dense"] = [net(x), grad_x, *grad_w]
    return {name: [np.asarray(r.asnumpy()) for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
