"""Golden values from real MindSpore 2.10 for its CPU Exp kernel, a polynomial approximant
whose float32 results are up to ~60 steps from the correctly rounded exp: float32 over
[-86, 88] (finer near 0), float16 (computed in float32, rounded once), and the gradient
(``dout * out``) in float32 and float16; ``mindspore.numpy``'s exp, log and tanh, which
run the same kernels as ``ops``'.

Writes tests/golden/cpu_exp.npz. Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cpu_exp

`cases(ms)` is a plain MindSpore program; tests/ops/test_cpu_exp.py runs the same function
with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cpu_exp.npz")


def inputs():
    """The operands: a float32 grid and a float16 grid (ties of the range reduction included)."""
    rng = np.random.RandomState(5)
    wide = rng.uniform(-86, 88, 3000)
    near = rng.uniform(-3, 3, 3000)
    ties = np.log(2.0) * (np.arange(-6, 7) + 0.5)
    grid = np.concatenate([wide, near, ties, [0.0, -0.0, 1.0, np.nan]]).astype(np.float32)
    return {"grid": grid, "half": rng.uniform(-10, 10, 2000).astype(np.float16)}


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative)."""
    ops, Tensor = ms.ops, ms.Tensor
    v = {k: Tensor(a) for k, a in inputs().items()}
    grad = ops.GradOperation()
    small = v["grid"][3000:6000]  # (the gradient where its sum stays finite)
    mnp = ms.numpy
    positive = ops.abs(small) + 0.01
    out = {
        "float32": [ops.exp(v["grid"]), grad(lambda t: ops.exp(t).sum())(small)],
        "float16": [ops.exp(v["half"]), grad(lambda t: ops.exp(t).sum())(v["half"])],
        # mindspore.numpy's exp, log and tanh run the same CPU kernels as ops'
        "numpy": [mnp.exp(v["grid"]), mnp.log(positive), mnp.tanh(small)],
    }
    return {name: [np.asarray(r.asnumpy()) for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
