"""Golden values from real MindSpore 2.10 for its float32 CPU variance and standard deviation
(`msfunc.common.cpu_std`): ops.std/var/std_mean/var_mean with ddof 0 and 1 (the ReduceStd
kernel: over every value, and over axis sets in eight lanes), with another ddof, and the
Tensor methods (composed from the mean, squares, a sum and a division), in PyNative and jit.

Writes tests/golden/cpu_std.npz. Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cpu_std

`cases(ms)` is a plain MindSpore program; tests/ops/test_cpu_std.py runs the same function with
``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cpu_std.npz")
# (shape, axis): whole vectors, a matrix over each axis and both, a rank-3 tensor over two axes
SHAPES = [
    ((5,), None),
    ((33,), 0),
    ((1000,), None),
    ((20000,), None),
    ((6, 50), 0),
    ((6, 50), 1),
    ((4, 37), 0),
    ((4, 37), None),
    ((4, 37), (0, 1)),
    ((3, 4, 5), (1, 2)),
    ((3, 4, 5), (0, 2)),
]


def _value(seed, shape):
    return (np.random.RandomState(seed).standard_normal(shape) * 3 + 1).astype(np.float32)


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative, then in a jit function)."""
    ops, Tensor = ms.ops, ms.Tensor
    out = {}
    for i, (shape, axis) in enumerate(SHAPES):
        x = Tensor(_value(i, shape))
        results = []
        for ddof in (0, 1):
            results += [ops.var(x, axis, ddof), ops.std(x, axis, ddof)]
            results += list(ops.std_mean(x, axis, ddof)) + list(ops.var_mean(x, axis, ddof))
            # (x.std is Pow(x.var, 0.5), nnacl's vectorised power: not reproduced, msfunc's sqrt
            # is a float32 step off it for about a third of the values)
            results += [x.var(axis, ddof)]
        results += [ops.var(x, axis, 2, True), x.var(axis, 2, True)]
        out[f"case{i}"] = [r.asnumpy() for r in results]

    def spread(x):
        return ops.var(x, 1, 1), ops.std(x), x.var(0), ops.mean(x, 1), x.sum(1)

    jitted = ms.jit(spread)
    x = Tensor(_value(50, (7, 30)))
    out["jit"] = [r.asnumpy() for r in jitted(x)]
    return out


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
