"""Golden values from real MindSpore 2.10 for float16 MatMul on its CPU build, which converts
the operands to float32, runs its float32 kernels (their summation orders:
`msfunc.common.cpu_matmul`) and rounds once: a float16 nn.Dense (MatMul and BiasAdd) over a few
rows (sixteen lanes), one row and many rows, and ops.matmul, with the Dense gradients, in
PyNative and graph mode (`msfunc.common.low_precision.matmul`).

Writes tests/golden/float16_matmul_order.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py float16_matmul_order

`cases(ms)` is a plain MindSpore program; tests/ops/test_float16_matmul_order.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "float16_matmul_order.npz")
# (rows, depth, outputs): a few rows (the sixteen-lane kernel), one row, many rows
SHAPES = [(8, 256, 64), (1, 200, 32), (40, 96, 24)]


def _value(seed, shape, scale=1.0):
    rng = np.random.RandomState(seed)
    return (rng.uniform(-1, 1, shape) * scale).astype(np.float16)


def _dense(ms, x, w, b, sens):
    # float32 Parameters in a float16 Cell, as mixed precision (O3) runs a network
    w32, b32 = ms.Tensor(w.astype(np.float32)), ms.Tensor(b.astype(np.float32))
    net = ms.nn.Dense(x.shape[1], w.shape[0], weight_init=w32, bias_init=b32)
    net.to_float(ms.float16)
    grad = ms.ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)
    (dx,), (dw, db) = grad(net, net.trainable_params())(ms.Tensor(x), ms.Tensor(sens))
    return [net(ms.Tensor(x)).asnumpy(), dx.asnumpy(), dw.asnumpy(), db.asnumpy()]


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative, then graph mode)."""
    out = {}
    for mode in ("pynative", "graph"):
        ms.set_context(mode=ms.PYNATIVE_MODE if mode == "pynative" else ms.GRAPH_MODE)
        for i, (m, k, n) in enumerate(SHAPES):
            x, w = _value(10 * i, (m, k)), _value(10 * i + 1, (n, k), 0.2)
            b, sens = _value(10 * i + 2, (n,)), _value(10 * i + 3, (m, n))
            out[f"{mode}_dense{i}"] = _dense(ms, x, w, b, sens)
        x, y = _value(50, (8, 256)), _value(51, (256, 40), 0.2)
        out[f"{mode}_matmul"] = [ms.ops.matmul(ms.Tensor(x), ms.Tensor(y)).asnumpy()]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
