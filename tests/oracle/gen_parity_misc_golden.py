"""Golden values from real MindSpore 2.10 (CPU) for smaller behaviours MindSpore's own test suite
relies on: a `to_float` Cell's input assigned to a Parameter attribute, and the keyword name of
the Softmax primitive's input.

Writes tests/golden/parity_misc.json; read by tests/compat/test_parity_misc.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py parity_misc

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "parity_misc.json"
)


def _array(t):
    value = t.asnumpy()
    return [value.tolist(), value.dtype.name]


def to_float_input_assigned_to_parameter(ms):
    """``self.b = w`` in the construct of a float16 `to_float` Cell, in GRAPH_MODE: the cast
    input is still a Tensor, written into the float32 Parameter ``b``."""

    class AssignOp(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = ms.Parameter(ms.Tensor(np.ones(4, np.float32)), name="b")

        def construct(self, w):
            self.b = w
            return w * 2

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = AssignOp()
        net.to_float(ms.float16)
        out = net(ms.Tensor(np.array([0.5, 1.0, 1.5, 2.0], np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return {
        "out": _array(out),
        "b": _array(net.b),
        "b_is_parameter": isinstance(net.b, ms.Parameter),
    }


def softmax_primitive_input_keyword(ms):
    """The Softmax primitive's input goes by the keyword ``input``; ``x=`` is refused."""
    x = ms.Tensor(np.array([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]], np.float32))
    out = ms.ops.Softmax(-1)(input=x).asnumpy().astype(np.float64)
    record = {"input": np.round(out, 5).tolist()}
    try:
        ms.ops.Softmax(-1)(x=x)
        record["x"] = "accepted"
    except Exception as exc:  # noqa: BLE001 - the kind is the record
        record["x"] = exception_kind(exc)
    return record


SCENARIOS = [
    to_float_input_assigned_to_parameter,
    softmax_primitive_input_keyword,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
