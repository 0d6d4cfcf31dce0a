"""Golden values from real MindSpore 2.10 (CPU) for the exception type a convolution layer
raises when its input has the wrong number of channels (PyNative and graph mode).

Writes tests/golden/conv_channel_errors.json; read by tests/nn/test_conv_channel_errors.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py conv_channel_errors

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "conv_channel_errors.json"
)

# (layer, constructor arguments, input shape with 1 channel where the layer expects 3)
_CASES = [
    ("Conv1d", (3, 6, 3), (1, 1, 8)),
    ("Conv2d", (3, 6, 3), (1, 1, 8, 8)),
    ("Conv3d", (3, 6, 3), (1, 1, 8, 8, 8)),
    ("Conv1dTranspose", (3, 6, 3), (1, 1, 8)),
    ("Conv2dTranspose", (3, 6, 3), (1, 1, 8, 8)),
    ("Conv3dTranspose", (3, 6, 3), (1, 1, 8, 8, 8)),
]


def _error_types(ms, mode):
    ms.set_context(mode=mode)
    try:
        record = {}
        for name, args, shape in _CASES:
            layer = getattr(ms.nn, name)(*args)
            try:
                layer(ms.Tensor(np.ones(shape, np.float32)))
                record[name] = None
            except Exception as exc:  # noqa: BLE001 - the type is the record
                record[name] = type(exc).__name__
        return record
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def pynative_channel_mismatch(ms):
    return _error_types(ms, ms.PYNATIVE_MODE)


def graph_mode_channel_mismatch(ms):
    return _error_types(ms, ms.GRAPH_MODE)


SCENARIOS = [pynative_channel_mismatch, graph_mode_channel_mismatch]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
