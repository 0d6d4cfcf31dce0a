"""Golden values from real MindSpore 2.10 (CPU) for a tuple or list as the other operand of a
Tensor's ``+``, ``-`` and ``//`` (taken as a Tensor of the Tensor's dtype, either side) and of
the operators that refuse it; in a compiled function, of ``*``, ``/``, ``%`` and ``**`` too.

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
        "float_floordiv_tuple": lambda: x // (1, 2, 4),
        "tuple_floordiv_int": lambda: (7, 8, 9) // xi,
        "float_mod_list": lambda: x % [1, 2, 4],
        "float_pow_tuple": lambda: x ** (1, 2, 3),
        "float_add_str": lambda: x + "a",
    }
    return _record(calls)


def _record(calls):
    rec = {}
    for name, call in calls.items():
        try:
            out = call()
            rec[name] = [str(out.dtype).lower(), out.asnumpy().tolist()]
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


def _mul_tuple(t):
    return t * (1, 4, 16)


def _list_mul(t):
    return [1.5, 2.0, 3.0] * t


def _div_tuple(t):
    return t / (1, 2, 4)


def _tuple_div(t):
    return (1, 2, 4) / t


def _mod_list(t):
    return t % [1, 2, 4]


def _tuple_mod(t):
    return (7, 8, 9) % t


def _tuple_pow(t):
    return (1, 2, 3) ** t


def _pow_tuple(t):
    return t ** (1, 2, 3)


def _tuple_sub(t):
    return (1, 2, 3) - t


def _lt_tuple(t):
    return t < (1, 2, 3)


def sequence_operands_compiled(ms):
    """The same inside a compiled function: graph mode also takes a sequence beside ``*``,
    ``/`` and ``%`` (either side) and before ``**``, not after it."""
    x = ms.Tensor(np.array([[0.5, 1.5, 2.5], [3.5, 4.5, 5.5]], np.float32))
    xi = ms.Tensor(np.array([1, 2, 3], np.int32))
    cases = {
        "float_mul_tuple": (_mul_tuple, x),
        "list_mul_int": (_list_mul, xi),
        "float_div_tuple": (_div_tuple, x),
        "tuple_div_float": (_tuple_div, x),
        "int_div_tuple": (_div_tuple, xi),
        "float_mod_list": (_mod_list, x),
        "tuple_mod_int": (_tuple_mod, xi),
        "tuple_pow_float": (_tuple_pow, x),
        "float_pow_tuple": (_pow_tuple, x),
        "tuple_sub_float": (_tuple_sub, x),
        "float_lt_tuple": (_lt_tuple, x),
    }
    return _record({name: (lambda f=f, a=a: ms.jit(f)(a)) for name, (f, a) in cases.items()})


SCENARIOS = [sequence_operands, sequence_operands_compiled]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
