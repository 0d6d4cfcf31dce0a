"""Golden values from real MindSpore 2.10 (CPU) for the gradients of ``ops.norm`` where |x|
has no slope (entries at 0, tied maxima, a zero vector): vector norms over all axes and over
one, the matrix sum and max norms, Frobenius.

Writes tests/golden/norm_grads.json; read by tests/ops/test_norm_grads.py. Regenerate with
real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py norm_grads

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import math
import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "norm_grads.json"
)
INF = float("inf")
# (the spectral norm, ord 2 of a matrix, is left out: at a zero matrix its gradient depends on
# which singular vectors the SVD picks)
MATRIX = {"1": 1, "inf": INF, "-1": -1, "none": None, "fro": "fro"}
VECTOR = {"1": 1, "2": 2, "3": 3, "inf": INF, "none": None}
ALONG_DIM = {"1": 1, "2": 2, "inf": INF}


def _values(t):
    return [v if not math.isnan(v) else "nan" for v in np.round(t.asnumpy().ravel(), 5).tolist()]


def _grads(ms, x):
    norm = ms.ops.norm
    rec = {}
    cases = [("matrix", o, (lambda v, o=o: norm(v, ord=o))) for o in MATRIX.values()]
    cases += [("vector", o, (lambda v, o=o: norm(v.reshape(-1), ord=o))) for o in VECTOR.values()]
    cases += [("dim1", o, (lambda v, o=o: norm(v, ord=o, dim=1).sum())) for o in ALONG_DIM.values()]
    for kind, o, fn in cases:
        try:
            rec[f"{kind} {o}"] = _values(ms.grad(fn)(x))
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[f"{kind} {o}"] = exception_kind(exc)
    return rec


def norm_grads_at_zeros(ms):
    """A matrix of zeros: every slope of |x| is 0."""
    return _grads(ms, ms.Tensor(np.zeros((2, 3), np.float32)))


def norm_grads_with_zeros(ms):
    """Some entries at 0, one row of zeros but one entry."""
    return _grads(ms, ms.Tensor(np.array([[0.5, 0.0, -1.0], [0.0, 2.0, 0.0]], np.float32)))


SCENARIOS = [norm_grads_at_zeros, norm_grads_with_zeros]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
