"""Golden values from real MindSpore 2.10 for float divisions by a broadcast or constant divisor
(a Python scalar, a per-column vector, a Cell's constant Tensor, two divisions in a row), which
its CPU Div/RealDiv kernels divide element by element and msfunc keeps from XLA's rewrites
(`msfunc.common.kept_division`): float32 and float16, PyNative, jit, graph-mode Cells under
to_float, and the dividend's gradient.

Writes tests/golden/kept_division.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py kept_division

`cases(ms)` is a plain MindSpore program; tests/ops/test_kept_division.py runs the same function
with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "kept_division.npz")


def _value(seed, shape, dtype=np.float32):
    return (np.random.RandomState(seed).standard_normal(shape) * 3).astype(dtype)


def _normalizer(ms, lb, ub):
    class Normalize(ms.nn.Cell):
        """inputs mapped onto [-1, 1] by constant bounds (a PINN's input layer)"""

        def __init__(self):
            super().__init__()
            self.lb, self.ub = ms.Tensor(lb), ms.Tensor(ub)

        def construct(self, x):
            return 2.0 * (x - self.lb) / (self.ub - self.lb) - 1.0

    return Normalize()


def _twice(ms, scale):
    class Twice(ms.nn.Cell):
        """a value divided twice by a 0-d constant (a PINN's second derivative rescaled)"""

        def __init__(self):
            super().__init__()
            self.scale = ms.Tensor(scale)

        def construct(self, x):
            return x / self.scale / self.scale

    return Twice()


def _divide(a, b):
    return a / b


def _by_seven(a):
    return a / 7.0


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative first, then graph mode)."""
    ops, Tensor = ms.ops, ms.Tensor
    out = {}
    for dtype in (np.float32, np.float16):
        tag = np.dtype(dtype).name
        x, col = Tensor(_value(1, (64, 3), dtype)), Tensor(_value(2, (3,), dtype))
        row = Tensor(_value(3, (64, 1), dtype))
        out[f"eager_{tag}"] = [
            (x / col).asnumpy(),
            (x / row).asnumpy(),
            (x / 3.0).asnumpy(),
            (x / 10).asnumpy(),
            ops.div(x, col).asnumpy(),
            ops.RealDiv()(x, row).asnumpy(),
        ]
        out[f"jit_{tag}"] = [ms.jit(_divide)(x, col).asnumpy(), ms.jit(_by_seven)(x).asnumpy()]
        w = Tensor(_value(4, (64, 3), dtype))

        def weighted(a, b, c):
            return (a / b * c).sum()

        grad_x = ms.grad(weighted)
        out[f"grad_{tag}"] = [grad_x(x, col, w).asnumpy(), ms.jit(grad_x)(x, row, w).asnumpy()]
    t = Tensor(np.random.RandomState(5).uniform(-8, 10, (256, 2)).astype(np.float16))
    lb, ub = np.array([0.0, -8.0], np.float32), np.array([10.0, 8.0], np.float32)
    ms.set_context(mode=ms.GRAPH_MODE)
    net16 = _normalizer(ms, lb, ub)
    net16.to_float(ms.float16)
    net32 = _normalizer(ms, lb, ub)
    t32 = Tensor(t.asnumpy().astype(np.float32))
    out["graph_cell"] = [net16(t).asnumpy(), net32(t32).asnumpy()]
    x = _value(6, (500, 1), np.float16)
    twice = [
        _twice(ms, np.array(0.5773, dt))(Tensor(x.astype(dt))) for dt in (np.float16, np.float32)
    ]
    out["graph_twice"] = [v.asnumpy() for v in twice]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
