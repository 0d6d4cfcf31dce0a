"""Golden values from real MindSpore 2.10 for its float16 CPU Softmax and LogSoftmax
(`msfunc.common.half_softmax`): rows of several lengths (whole blocks of eight and tails),
another axis, the primitive, the layer and a graph-mode function.

Writes tests/golden/half_softmax.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py half_softmax

`cases(ms)` is a plain MindSpore program; tests/ops/test_half_softmax.py runs the same function
with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "half_softmax.npz")
LENGTHS = (1, 3, 8, 9, 16, 33, 130)


def _logits(seed, shape):
    # spread wide enough that some exponentials fall in float16's subnormal range
    return (np.random.RandomState(seed).standard_normal(shape) * 3).astype(np.float16)


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative, and one jit function)."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    out = {}
    for n in LENGTHS:
        x = Tensor(_logits(n, (40, n)))
        out[f"softmax{n}"] = [ops.softmax(x).asnumpy(), ops.Softmax()(x).asnumpy()]
        out[f"log_softmax{n}"] = [ops.log_softmax(x).asnumpy()]
    x = Tensor(_logits(5, (12, 6, 5)))
    out["axis1"] = [ops.softmax(x, axis=1).asnumpy(), nn.Softmax(axis=0)(x).asnumpy()]

    def graph_softmax(a):
        return ops.softmax(a * 1)

    out["jit"] = [ms.jit(graph_softmax)(x).asnumpy()]
    return out


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
