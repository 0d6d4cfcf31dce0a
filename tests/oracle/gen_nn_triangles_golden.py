"""Golden values from real MindSpore 2.10 (CPU) for nn.Tril/nn.Triu (computed through float32
in MindSpore) for several k and dtypes.

Writes tests/golden/nn_triangles.json; read by tests/nn/test_nn_layers.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_triangles

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_triangles.json"
)


def nn_triangles(ms):
    """`nn.Tril`/`nn.Triu` (computed through float32 in MindSpore) for several k and dtypes."""
    rec = {}
    x = np.arange(1, 13).reshape(3, 4)
    big = np.array([[16777217.0, 2.0], [3.0, 1.0000001]])
    for name, cell in (("tril", ms.nn.Tril()), ("triu", ms.nn.Triu())):
        for k in (-1, 0, 2):
            out = cell(ms.Tensor(x), k)
            rec[f"{name}_int_{k}"] = [str(out.dtype).lower(), out.asnumpy().tolist()]
        out = cell(ms.Tensor(big, ms.float64), 0)
        rec[f"{name}_float64"] = [str(out.dtype).lower(), out.asnumpy().tolist()]
        batch = cell(ms.Tensor(np.ones((2, 3, 3), np.float32)), 0)
        rec[f"{name}_batch"] = batch.asnumpy().tolist()
    return rec


SCENARIOS = [nn_triangles]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
