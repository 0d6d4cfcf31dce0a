"""Golden values from real MindSpore 2.10 (CPU) for Tensors made from Python data and used as
Python values: ``Tensor.__index__``, ``in`` on a Tensor, the printed form of a bfloat16 Tensor,
Tensors from Python data an integer dtype cannot hold (NaN, inf, complex) or ragged, and the
dtypes a program's Tensor takes.

Writes tests/golden/tensor_python.json; read by tests/common/test_tensor_conversions.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tensor_python

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "tensor_python.json"
)


def tensor_index(ms):
    """A Tensor as a list index: one-element integer and bool Tensors of any rank index, any
    other dtype or size is refused."""
    items = [10, 20, 30]
    cases = {
        "bfloat16": ms.Tensor(1, ms.bfloat16),
        "float32": ms.Tensor(1.0, ms.float32),
        "int32_rank1": ms.Tensor([1], ms.int32),
        "int32_two": ms.Tensor([1, 2], ms.int32),
        "bool": ms.Tensor(True),
        "int64": ms.Tensor(2, ms.int64),
        "uint8_rank2": ms.Tensor([[1]], ms.uint8),
    }
    rec = {}
    for name, t in cases.items():
        try:
            rec[name] = items[t]
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


def tensor_contains(ms):
    """``x in t``: Tensors and numbers are looked for among the values, other objects never."""
    t = ms.Tensor([1, 2])
    probes = {
        "1": 1,
        "1.0": 1.0,
        "True": True,
        "3": 3,
        "Tensor(1)": ms.Tensor(1),
        "Tensor([1])": ms.Tensor([1]),
        "Tensor(3)": ms.Tensor(3),
        "np.int32(1)": np.int32(1),
        "'a'": "a",
        "[1]": [1],
        "np.array(1)": np.array(1),
    }
    rec = {name: probe in t for name, probe in probes.items()}
    rec["row_in_matrix"] = ms.Tensor([[1, 2]]) in ms.Tensor([[1, 2], [3, 4]])
    return rec


def bfloat16_str(ms):
    """``str`` of bfloat16 Tensors (each element as C's %f, nan and inf by name)."""
    values = {
        "ints": [1, 2, 3],
        "mixed": [100.5, 2, -3],
        "matrix": [[100.5, 2], [-3, 4]],
        "scalar": 1.5,
        "rounded": [1e10, -2.123456789, 3],
        "inf": [float("inf"), 1],
        "nan": float("nan"),
        "long": list(range(1100)),
    }
    return {name: str(ms.Tensor(v, dtype=ms.bfloat16)) for name, v in values.items()}


def tensor_from_python_data(ms):
    """Tensors from Python data: NaN, infinities, values out of range and complex numbers
    cast into an integer dtype as C casts them; a ragged nesting is refused."""
    cases = {
        "nan_int64": ((1, 2, 3, float("nan")), ms.int64),
        "inf_int64": ((1, 2, 3, float("inf")), ms.int64),
        "nan_int32_list": ([1.5, float("nan")], ms.int32),
        "nan_scalar_int32": (float("nan"), ms.int32),
        "too_big_int32": ([1e20], ms.int32),
        "complex_int64": ((1, 2j, 3), ms.int64),
        "ragged_inner": ([[3], [[4]]], None),
        "ragged_lengths": ([[3], [4, 5]], None),
        "ragged_outer": ([[[3]], [4]], None),
    }
    rec = {}
    for name, (data, dtype) in cases.items():
        try:
            t = ms.Tensor(data, dtype)
            rec[name] = [str(t.dtype).lower(), t.asnumpy().tolist()]
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


def program_dtype_arguments(ms):
    """A program's Tensor takes MindSpore dtypes only (a numpy scalar type, a Python type or a
    name is a TypeError) and ``from_numpy`` numpy arrays only."""
    dtypes = {
        "np.float32": np.float32,
        "np.int64": np.int64,
        "'float32'": "float32",
        "int": int,
        "float": float,
        "ms.float32": ms.float32,
        "None": None,
    }
    rec = {}
    for name, dtype in dtypes.items():
        for data_name, data in (("list", [1, 2]), ("none", None)):
            try:
                t = ms.Tensor(data, dtype)
                rec[f"{name}_{data_name}"] = str(t.dtype).lower()
            except Exception as exc:  # noqa: BLE001 - the type is the record
                rec[f"{name}_{data_name}"] = exception_kind(exc)
    for name, value in (("list", [1, 2]), ("float", 3.0), ("array", np.arange(2.0))):
        try:
            rec[f"from_numpy_{name}"] = ms.from_numpy(value).asnumpy().tolist()
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[f"from_numpy_{name}"] = exception_kind(exc)
    return rec


def tensor_deepcopy(ms):
    """``copy.deepcopy`` of a Tensor shares its storage: item writes into the copy or the
    original reach both (through a list and a dict, down a chain of copies, an integer
    Tensor, a transposed one), while in-place arithmetic, ``copy.copy``, ``Tensor.copy`` and
    a Parameter's or a Cell's deep copy do not share."""
    import copy

    rec = {}
    f32 = ms.float32
    a = ms.Tensor([[1.0, 2.0], [3.0, 4.0]], f32)
    b = copy.deepcopy(a)
    b[0, 0] += 10
    a[1, 1] = -1
    rec["item_writes"] = [a.asnumpy().tolist(), b.asnumpy().tolist()]
    c = copy.deepcopy(b)
    c[0, 1] = 7
    rec["chain"] = a.asnumpy().tolist()
    t = ms.Tensor([[1.0, 2.0], [3.0, 4.0]], f32).transpose()
    held = copy.deepcopy({"w": [t]})
    held["w"][0][0, 1] = 9
    rec["transposed_in_containers"] = t.asnumpy().tolist()
    i = ms.Tensor([1, 2], ms.int32)
    copy.deepcopy(i)[0] = 5
    rec["int"] = i.asnumpy().tolist()
    x = ms.Tensor([1.0, 2.0], f32)
    y = copy.deepcopy(x)
    y += 5
    z = copy.copy(x)
    z[0] = 8
    w = x.copy()
    w[1] = 8
    rec["not_shared"] = [x.asnumpy().tolist(), y.asnumpy().tolist()]
    p = ms.Parameter(ms.Tensor([1.0, 2.0], f32), name="p")
    copy.deepcopy(p)[0] = 9
    net = ms.nn.Dense(2, 1, weight_init="ones")
    copy.deepcopy(net).weight[0, 0] = 8
    rec["parameter_and_cell"] = [p.asnumpy().tolist(), net.weight.asnumpy().tolist()]
    return rec


def tensor_of_a_tensor(ms):
    """``Tensor(t)`` of a Tensor of its dtype shares ``t``'s storage: item writes into either
    reach both (a view's too), ``+=`` rebinds one alone, and a dtype change copies."""
    rec = {}
    a = ms.Tensor([1.0, 2.0, 3.0], ms.float32)
    b = ms.Tensor(a)
    b[0] = 9
    a[1] = 7
    rec["item_writes"] = [a.asnumpy().tolist(), b.asnumpy().tolist()]
    b += 1
    rec["iadd"] = [a.asnumpy().tolist(), b.asnumpy().tolist()]
    same = ms.Tensor(a, dtype=ms.float32)
    same[2] = -1
    half = ms.Tensor(a, dtype=ms.float16)
    half[2] = -5
    rec["dtype"] = [a.asnumpy().tolist(), half.asnumpy().tolist()]
    tail = ms.Tensor(a[1:])
    tail[0] = 100
    rec["of_a_view"] = [a.asnumpy().tolist(), tail.asnumpy().tolist()]
    rec["new_object"] = ms.Tensor(a) is not a
    return rec


SCENARIOS = [
    tensor_deepcopy,
    tensor_of_a_tensor,
    tensor_index,
    tensor_contains,
    bfloat16_str,
    tensor_from_python_data,
    program_dtype_arguments,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
