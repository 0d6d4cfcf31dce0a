"""Golden values from real MindSpore 2.10 (CPU) for a tuple or list as the other operand of a
Tensor's ``+`` and ``-`` (taken as a Tensor of the Tensor's dtype, either side) and of the
operators that refuse it.

Writes tests/golden/tensor_sequence_operands.json; read by
tests/common/test_tensor_sequence_operands.py. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py tensor_sequence_operands

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "tensor_sequence_operands.json"
)


def sequence_operands(ms):
    """Results (dtype, values) or the exception kind of each operation."""
    x = ms.Tensor(np.array([[0.5, 1.5, 2.5], [3.5, 4.5, 5.5]], np.float32))
    xi = ms.Tensor(np.array([1, 2, 3], np.int32))
    calls = {
        "float_add_tuple": lambda: x + (1, 2, 3),
        "tuple_add_float": lambda: (1, 2, 3) + x,
        "float_sub_list": lambda: x - [1, 2, 3],
        "list_sub_float": lambda: [1, 2, 3] - x,
        "int_add_float_tuple": lambda: xi + (1.5, 2.5, 3.5),
        "float_add_nested": lambda: x + ((1, 2, 3), (4, 5, 6)),
        "float_add_tensor_in_tuple": lambda: x + (ms.Tensor(1.0), 2, 3),
        "float_add_empty": lambda: x + (),
        "float_mul_tuple": lambda: x * (1, 2, 3),
        "float_div_tuple": lambda: x / (1, 2, 4),
        "float_add_str": lambda: x + "a",
    }
    rec = {}
    for name, call in calls.items():
        try:
            out = call()
            rec[name] = [str(out.dtype).lower(), out.asnumpy().tolist()]
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


SCENARIOS = [sequence_operands]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
