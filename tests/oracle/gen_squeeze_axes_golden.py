"""Golden values from real MindSpore 2.10 (CPU) for the axes of ``ops.squeeze``,
``Tensor.squeeze`` and ``ops.Squeeze``: None, an empty tuple or list (every axis of size 1),
one axis, several.

Writes tests/golden/squeeze_axes.json; read by tests/ops/test_squeeze_axes.py. Regenerate with
real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py squeeze_axes

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "squeeze_axes.json"
)
AXES = {"none": None, "empty_tuple": (), "empty_list": [], "zero": 0, "both": (0, 2), "last": -1}


def _squeezed(ms, x, axis):
    functional = ms.ops.squeeze(x) if axis is None else ms.ops.squeeze(x, axis)
    method = x.squeeze() if axis is None else x.squeeze(axis)
    primitive = ms.ops.Squeeze() if axis is None else ms.ops.Squeeze(axis)
    return [list(functional.shape), list(method.shape), list(primitive(x).shape)]


def squeeze_axes(ms):
    """The result shapes of each form, eagerly."""
    x = ms.Tensor(np.ones((1, 3, 1), np.float32))
    rec = {}
    for name, axis in AXES.items():
        try:
            rec[name] = _squeezed(ms, x, axis)
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


def _compiled_empty(t):
    return t.squeeze(()), t.squeeze([])


def squeeze_empty_axes_compiled(ms):
    """An empty tuple or list inside a compiled function."""
    x = ms.Tensor(np.ones((1, 3, 1), np.float32))
    return [list(v.shape) for v in ms.jit(_compiled_empty)(x)]


SCENARIOS = [squeeze_axes, squeeze_empty_axes_compiled]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
