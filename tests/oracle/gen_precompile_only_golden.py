"""Golden values from real MindSpore 2.10 (CPU) for ``MS_DEV_PRECOMPILE_ONLY=1``: a ``jit``
function and a GRAPH_MODE Cell are compiled, not run (the call gives None, a loop that would
never end returns at once, a shape error still raises); PyNative code runs.

Writes tests/golden/precompile_only.json; read by tests/transforms/test_precompile_only.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py precompile_only

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "precompile_only.json"
)


def _outcome(call):
    try:
        out = call()
    except Exception as exc:  # noqa: BLE001 - the type is the record
        return exception_kind(exc)
    return None if out is None else out.asnumpy().tolist()


def compiled_not_run(ms):
    """With the variable set: jit and GRAPH_MODE calls give None (even a loop that never ends),
    a shape error raises; PyNative runs; unset again, jit runs."""

    def add_one(x):
        return x + 1

    def endless(x):
        i = x * 0
        while i < 3:
            x = x + 1
        return x

    def bad_reshape(x):
        return x.reshape(5)

    class Double(ms.nn.Cell):
        def construct(self, x):
            return x * 2

    x = ms.Tensor(np.array([1.0], np.float32))
    rec = {}
    os.environ["MS_DEV_PRECOMPILE_ONLY"] = "1"
    try:
        rec["jit"] = _outcome(lambda: ms.jit(add_one)(x))
        rec["jit_endless_loop"] = _outcome(lambda: ms.jit(endless)(x))
        rec["jit_shape_error"] = _outcome(lambda: ms.jit(bad_reshape)(x))
        rec["pynative_cell"] = _outcome(lambda: Double()(x))
        ms.set_context(mode=ms.GRAPH_MODE)
        try:
            rec["graph_mode_cell"] = _outcome(lambda: Double()(x))
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    finally:
        del os.environ["MS_DEV_PRECOMPILE_ONLY"]
    rec["jit_after"] = _outcome(lambda: ms.jit(add_one)(x))
    return rec


SCENARIOS = [compiled_not_run]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
