"""Golden values from real MindSpore 2.10 (CPU) for the overloaded call forms of Tensor.add/sub
(a list or tuple operand), max/min (``initial`` beside a positional axis; ``max(0)`` eager and
compiled), mm (a non-Tensor operand), round (``decimals`` positional) and repeat_interleave.

Writes tests/golden/tensor_overloads.json; read by tests/common/test_tensor_overload_signatures.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tensor_overloads

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py): results as ``[dtype, values]``, refused calls as their exception type.
This module must not import MindSpore or msfunc at top level.
"""

import json
import os
import subprocess
import sys

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "tensor_overloads.json"
)

GRID = np.arange(4, dtype=np.float32).reshape(2, 2)


def _record(value):
    if isinstance(value, tuple):
        return [_record(v) for v in value]
    return [str(value.dtype).lower(), value.asnumpy().tolist()]


# "scenario:call": run that call alone (see _recheck_errors)
ONLY = os.environ.get("TENSOR_OVERLOADS_ONLY", "")


def _outcomes(calls):
    rec = {}
    for name, call in calls.items():
        if ONLY and not ONLY.endswith(f":{name}"):
            continue
        try:
            rec[name] = _record(call())
        except Exception as exc:  # noqa: BLE001 - the exception type is the record
            rec[name] = {"raises": exception_kind(exc)}
    return rec


def add_sub_sequences(ms):
    """add/sub take a list or tuple (read in the Tensor's own dtype) when no alpha is given."""
    x = ms.Tensor(GRID)
    xi = ms.Tensor(GRID.astype(np.int8))
    return _outcomes(
        {
            "float_list": lambda: x.add([1.0, 2.0]),
            "float_nested": lambda: x.add([[1.0, 2.0], [3.0, 4.0]]),
            "int8_fraction": lambda: xi.add((-2.5, -2.5)),
            "int8_wraps": lambda: xi.add([300, 1]),
            "int8_bools": lambda: xi.add([True, False]),
            "sub_list": lambda: xi.sub([1, 2]),
            "alpha_tensor": lambda: x.add(x, alpha=2),
            "list_with_alpha": lambda: x.add([1.0, 2.0], alpha=1),
            "subtract_list": lambda: xi.subtract([1, 2]),
            "bool_tensor": lambda: ms.Tensor(np.array([True, False])).add([1, 2]),
            "bad_shape": lambda: x.add([1.0, 2.0, 3.0]),
        }
    )


def max_min_numpy_form(ms):
    """A keyword of the numpy form (initial, where, keepdims) makes a leading int the axis."""
    x = ms.Tensor(GRID)
    return _outcomes(
        {
            "initial_none": lambda: x.max(0, True, initial=None),
            "initial_value": lambda: x.max(0, True, initial=2.5),
            "axis_initial": lambda: x.max(0, initial=2.5),
            "keepdims": lambda: x.max(0, keepdims=True),
            "where": lambda: x.max(0, True, initial=0.0, where=ms.Tensor([True, False])),
            "min_initial": lambda: x.min(axis=0, initial=0.5),
            "dim": lambda: x.max(0),
            "dim_keepdim": lambda: x.min(1, keepdim=True),
            "return_indices": lambda: x.max(axis=0, return_indices=True),
            "tensor_axis": lambda: x.max(ms.Tensor([1.0, 5.0])),
        }
    )


def max_min_compiled(ms):
    """Compiled (GRAPH_MODE, jit): a leading int is the axis and the values come alone."""
    x = ms.Tensor(GRID)

    class Extreme(ms.nn.Cell):
        def __init__(self, name):
            super().__init__()
            self.name = name

        def construct(self, t, *args, **kwargs):
            if self.name == "max":
                return t.max(*args, **kwargs)
            return t.min(*args, **kwargs)

    @ms.jit
    def jit_min(t):
        return t.min(0, True)

    rec = _outcomes({"jit_min": lambda: jit_min(x)})
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        rec.update(
            _outcomes(
                {
                    "max_dim": lambda: Extreme("max")(x, 0),
                    "max_dim_keepdim": lambda: Extreme("max")(x, 0, False),
                    "min_dim": lambda: Extreme("min")(x, 1),
                    "max_dim_keyword": lambda: Extreme("max")(x, dim=0),
                    "max_keepdim_keyword": lambda: Extreme("max")(x, 0, keepdim=True),
                }
            )
        )
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return rec


def mm_operands(ms):
    """mm multiplies two 2-D Tensors of one dtype and refuses any other operand."""
    x = ms.Tensor(GRID)
    return _outcomes(
        {
            "tensor": lambda: x.mm(x),
            "keyword": lambda: x.mm(mat2=x),
            "int": lambda: x.mm(3),
            "float": lambda: x.mm(3.0),
            "bool": lambda: x.mm(True),
            "list": lambda: x.mm([[1.0, 2.0], [3.0, 4.0]]),
            "numpy": lambda: x.mm(GRID),
            "vector": lambda: x.mm(ms.Tensor([1.0, 2.0])),
            "batch": lambda: ms.Tensor(np.ones((1, 2, 2), np.float32)).mm(x),
            "inner_mismatch": lambda: x.mm(ms.Tensor(np.ones((3, 2), np.float32))),
            "dtypes_differ": lambda: x.mm(ms.Tensor(GRID.astype(np.float16))),
        }
    )


def round_decimals(ms):
    """round takes decimals positionally or by name, an int only (0 here: MindSpore's CPU
    kernel rounds to whole numbers only)."""
    x = ms.Tensor(np.array([0.8, 1.5, 2.3, 2.5, -4.5], np.float32))
    return _outcomes(
        {
            "default": lambda: x.round(),
            "positional": lambda: x.round(0),
            "keyword": lambda: x.round(decimals=0),
            "int_tensor": lambda: ms.Tensor(np.array([1, 2], np.int32)).round(),
            "float_decimals": lambda: x.round(1.0),
            "bool_decimals": lambda: x.round(True),
            "none_decimals": lambda: x.round(None),
            "two_positional": lambda: x.round(0, 1),
        }
    )


def repeat_interleave_forms(ms):
    """repeat_interleave(repeats, dim=None): an int, a list, tuple or Tensor of counts."""
    v = ms.Tensor(np.array([1, 2, 3], np.int32))
    m = ms.Tensor(np.array([[1, 2], [3, 4]], np.int32))
    return _outcomes(
        {
            "int": lambda: v.repeat_interleave(2),
            "int_dim_none": lambda: v.repeat_interleave(2, None),
            "matrix_flat": lambda: m.repeat_interleave(2),
            "matrix_dim": lambda: m.repeat_interleave(3, 1),
            "list": lambda: v.repeat_interleave([1, 2, 3], 0),
            "tuple": lambda: v.repeat_interleave((1, 2, 3), 0),
            "tensor": lambda: m.repeat_interleave(ms.Tensor(np.array([1, 2])), 0),
            "keywords": lambda: m.repeat_interleave(dim=0, repeats=2),
            "float": lambda: v.repeat_interleave(2.0, 0),
            "negative": lambda: v.repeat_interleave(-1, 0),
            "counts_mismatch": lambda: v.repeat_interleave(ms.Tensor(np.array([1, 2])), 0),
            "dim_out_of_range": lambda: v.repeat_interleave(2, 3),
            "output_size_positional": lambda: v.repeat_interleave(2, None, None),
            "axis_keyword": lambda: v.repeat_interleave(2, axis=0),
        }
    )


SCENARIOS = [
    add_sub_sequences,
    max_min_numpy_form,
    max_min_compiled,
    mm_operands,
    round_decimals,
    repeat_interleave_forms,
]


def _recheck_errors():
    """Run each refused call again in a fresh process: after a failed kernel MindSpore may
    report the earlier error (its type too) for the next call of the same process."""
    with open(GOLDEN_PATH) as f:
        golden = json.load(f)
    for scenario, rec in golden.items():
        for name, outcome in rec.items():
            if isinstance(outcome, dict) and "raises" in outcome:
                env = dict(os.environ, TENSOR_OVERLOADS_ONLY=f"{scenario}:{name}")
                out = subprocess.run(
                    [sys.executable, __file__], env=env, capture_output=True, text=True
                )
                alone = json.loads(out.stdout.strip().splitlines()[-1])
                rec[name] = alone[name]
    with open(GOLDEN_PATH, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)


if __name__ == "__main__" and ONLY:
    import mindspore

    mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
    scenario = {s.__name__: s for s in SCENARIOS}[ONLY.split(":")[0]]
    print(json.dumps(scenario(mindspore)))
elif __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
    _recheck_errors()
