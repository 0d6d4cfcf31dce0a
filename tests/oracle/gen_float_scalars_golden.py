"""Golden values from real MindSpore 2.10 (CPU) for Python float scalars meeting Tensors:
MindSpore takes a Python float (or numpy float64) operand of a Tensor operation as a float32
scalar, so ``float64_tensor * 0.1`` multiplies by 0.10000000149011612, while a float named as
data (``Tensor(0.1, float64)``, ``ops.full``, ``ops.cast(0.1, float64)``) keeps its double.

Writes tests/golden/float_scalars.json; read by tests/common/test_float_scalars.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py float_scalars

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "float_scalars.json"
)


def _first(t):
    """The first element as [dtype name, exact repr of its value] (repr keeps every bit)."""
    a = np.asarray(t.asnumpy())
    return [str(a.dtype), repr(a.ravel()[0].item())]


def _double(ms):
    return ms.Tensor(np.array([0.1, 1.0, 2.5]), ms.float64)


def operators(ms):
    """Tensor operators with a Python float on either side of a float64 Tensor."""
    x = _double(ms)
    cases = {
        "mul": lambda: x * 0.1,
        "rmul": lambda: 0.1 * x,
        "add": lambda: x + 0.1,
        "radd": lambda: 0.1 + x,
        "sub": lambda: x - 0.1,
        "rsub": lambda: 0.1 - x,
        "div": lambda: x / 0.3,
        "rdiv": lambda: 0.3 / x,
        "pow": lambda: x**0.3,
        "rpow": lambda: 0.3**x,
        "floordiv": lambda: x // 0.03,
        "mod": lambda: x % 0.03,
        "numpy_float64": lambda: x * np.float64(0.1),
        "huge": lambda: x * 1e300,
        "tiny": lambda: x + 1e-50,
    }
    return {name: _first(case()) for name, case in cases.items()}


def comparisons(ms):
    """Comparing a float64 Tensor with a Python float compares with its float32 rounding."""
    x = _double(ms)
    return [
        bool((x == 0.1).asnumpy()[0]),
        bool((x < 0.1).asnumpy()[0]),
        bool((x != 0.1).asnumpy()[0]),
        bool((x >= 0.1).asnumpy()[0]),
    ]


def other_dtypes(ms):
    """float16, integer and complex Tensors with a Python float."""
    half = ms.Tensor(np.array([1.0, 3.0], np.float16))
    ints = ms.Tensor(np.array([3, 7], np.int64))
    cplx = ms.Tensor(np.array([1 + 1j]), ms.complex128)
    return [
        _first(half * 0.1),
        _first(half + 1.1),
        _first(ints * 0.1),
        _first(ints / 3.3),
        _first(cplx * 0.1),
    ]


def functional_ops(ms):
    """The functional forms take a Python float operand the same way."""
    ops = ms.ops
    x = _double(ms)
    cases = {
        "mul": lambda: ops.mul(x, 0.1),
        "add": lambda: ops.add(x, 0.1),
        "sub": lambda: ops.sub(x, 0.1),
        "div": lambda: ops.div(x, 0.3),
        "pow": lambda: ops.pow(x, 0.3),
        "maximum": lambda: ops.maximum(x, 1.1),
        "minimum": lambda: ops.minimum(x, 0.1),
        "clamp": lambda: ops.clamp(x, 1.1),
        "clamp_max": lambda: ops.clamp(x, None, 0.1),
        "clip": lambda: x.clip(1.1, 2.0),
        "where": lambda: ops.where(x > 0, 0.1, x),
        "masked_fill": lambda: ops.masked_fill(x, x > 0, 0.1),
        "addcmul": lambda: ops.addcmul(x, x, x, 0.1),
        "mint_mul": lambda: ms.mint.mul(x, 0.1),
        "mint_add": lambda: ms.mint.add(x, 0.1),
        "method_mul": lambda: x.mul(0.1),
        "method_add": lambda: x.add(0.1),
    }
    return {name: _first(case()) for name, case in cases.items()}


def item_assignment(ms):
    """Writing a Python float into a float64 Tensor writes its float32 rounding."""
    x = _double(ms)
    x[0] = 0.1
    y = _double(ms)
    y[1:] = 0.7
    return [_first(x), repr(float(y.asnumpy()[1]))]


def floats_named_as_data(ms):
    """A float named as a Tensor's data keeps its double."""
    ops = ms.ops
    return [
        _first(ms.Tensor(0.1, ms.float64)),
        _first(ms.tensor(0.1, ms.float64)),
        _first(ops.full((1,), 0.1, dtype=ms.float64)),
        _first(ops.fill(ms.float64, (1,), 0.1)),
        _first(ops.cast(0.1, ms.float64)),
        _first(ops.scalar_to_tensor(0.1, ms.float64)),
        _first(ms.Tensor(np.array([0.1]))),
    ]


def _all(t):
    return [repr(v) for v in np.asarray(t.asnumpy(), np.float64).ravel().tolist()]


def evenly_spaced(ms):
    """linspace, logspace and arange from Python float bounds (MindSpore steps from the
    float32 start: ``start + i * step``), in ops and mindspore.numpy."""
    ops, mnp = ms.ops, ms.numpy
    return {
        "ops_linspace": _all(ops.linspace(0.1, 1.7, 7)),
        "ops_linspace_10": _all(ops.linspace(0.3, 2.9, 10)),
        "ops_linspace_tensors": _all(ops.linspace(ms.Tensor(0.1), ms.Tensor(1.7), 7)),
        "ops_logspace": _all(ops.logspace(0.1, 1.7, 7)),
        "ops_arange_float64": _all(ops.arange(0.1, 2.0, 0.3, dtype=ms.float64)),
        "mnp_linspace": _all(mnp.linspace(0.1, 1.7, 7)),
        "mnp_linspace_float64": _all(mnp.linspace(0.1, 1.7, 7, dtype=ms.float64)),
        "mnp_arange_float64": _all(mnp.arange(0.1, 2, 0.3, ms.float64)),
    }


def numpy_namespace(ms):
    """mindspore.numpy's elementwise functions take a Python float as float32 too."""
    mnp = ms.numpy
    x = _double(ms)
    return [
        _first(mnp.add(x, 0.1)),
        _first(mnp.power(x, 0.3)),
        _first(mnp.clip(x, 1.1, 2.0)),
        _first(mnp.where(x > 0, 0.1, x)),
        _first(mnp.full((1,), 0.1, ms.float64)),
    ]


def number_operand_positions(ms):
    """Which elementwise ops take a Python number as their first operand: ``less``,
    ``equal`` and ``copysign`` raise TypeError, ``greater``, ``add`` and the rest accept it."""
    ops = ms.ops
    floats, ints = ms.Tensor([1.0, 2.0]), ms.Tensor([1, 2])

    def outcome(fn, a, b):
        try:
            fn(a, b)
            return "ok"
        except TypeError:
            return "TypeError"

    refusing = ["eq", "equal", "lt", "less", "tensor_lt", "copysign"]
    accepting = ["gt", "greater", "ge", "le", "less_equal", "ne", "add", "mul", "maximum"]
    record = {}
    for name in refusing + accepting:
        fn = getattr(ops, name)
        cases = [(2.0, floats), (floats, 2.0)] + ([(2, 3)] if name in refusing else [])
        if name != "copysign":
            cases.append((2, ints))
        record[name] = [outcome(fn, a, b) for a, b in cases]
    return record


SCENARIOS = [
    operators,
    comparisons,
    other_dtypes,
    functional_ops,
    item_assignment,
    floats_named_as_data,
    number_operand_positions,
    evenly_spaced,
    numpy_namespace,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
