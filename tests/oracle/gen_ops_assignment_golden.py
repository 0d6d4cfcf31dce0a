"""Write tests/golden/ops_assignment.json: which (variable, value) shapes and dtypes real
MindSpore 2.10 (CPU) lets assign/assign_add/assign_sub and their primitives take, the result
(or the exception class otherwise), on a Parameter and on a Tensor; read by
tests/ops/test_ops_assignment.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_assignment
"""

import json
import pathlib
import sys

import mindspore as ms
import numpy as np
from core_codec import error_name  # (run as a script: tests/oracle is on sys.path)
from mindspore import Parameter, Tensor, ops
from mindspore.common.api import _pynative_executor
from mindspore.ops import operations as P

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "ops_assignment.json"
# (variable shape, value shape); "py" is a Python float value
ASSIGN_SHAPES = [
    ((2, 3), (2, 3)),
    ((2, 3), (3,)),
    ((2, 3), (1, 3)),
    ((2, 3), ()),
    ((2, 3), (1, 2, 3)),
    ((3,), (1,)),
    ((), ()),
    ((), (1,)),
    ((1,), ()),
    ((1,), (1, 1)),
    ((2, 3), "py"),
    ((1,), "py"),
]
# (variable dtype, value dtype); "py_float"/"py_int" are Python scalars
ASSIGN_DTYPES = [
    ("float32", "float64"),
    ("float32", "int32"),
    ("float32", "float16"),
    ("float32", "int64"),
    ("float32", "complex64"),
    ("float32", "py_float"),
    ("float32", "py_int"),
    ("float16", "float32"),
    ("float16", "int64"),
    ("float64", "float32"),
    ("int32", "float32"),
    ("int32", "int64"),
    ("int32", "int8"),
    ("int32", "bool"),
    ("int32", "py_float"),
    ("int64", "int32"),
    ("uint8", "int8"),
    ("int8", "uint8"),
    ("bool", "int32"),
]


def _error_name(fn):
    return error_name(fn, _pynative_executor.sync)


def _assign_case(op, var_shape, value_shape):
    x0 = np.arange(1, int(np.prod(var_shape)) + 1, dtype=np.float32).reshape(var_shape)
    w = Parameter(Tensor(x0), name="w")
    value = 1.5 if value_shape == "py" else Tensor(np.full(value_shape, 1.5, np.float32))
    err = _error_name(lambda: op(w, value))
    if err:
        return {"error": err}
    return {"shape": list(w.shape), "result": w.asnumpy().tolist()}


def _assign_dtype_case(op, var_dtype, value_dtype, as_parameter):
    """A Python scalar goes into a 0-d variable, a Tensor value into a (3,) one."""
    scalar = value_dtype.startswith("py_")
    w = Tensor(np.array(1 if scalar else [1, 0, 1]).astype(var_dtype))
    if as_parameter:
        w = Parameter(w, name="w")
    value = (
        {"py_float": 2.5, "py_int": 2}[value_dtype]
        if scalar
        else Tensor(np.array([2, 1, 0]).astype(value_dtype))
    )
    err = _error_name(lambda: op(w, value))
    if err:
        return {"error": err}
    return {"dtype": str(w.dtype).lower(), "result": w.asnumpy().tolist()}


def main(out):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {"assign": {}}
    for name, op in (
        ("assign", ops.assign),
        ("assign_add", ops.assign_add),
        ("assign_sub", ops.assign_sub),
        ("Assign", P.Assign()),
        ("AssignAdd", P.AssignAdd()),
        ("AssignSub", P.AssignSub()),
    ):
        golden["assign"][name] = [
            {
                "variable": list(vs),
                "value_shape": vs_ if vs_ == "py" else list(vs_),
                **_assign_case(op, vs, vs_),
            }
            for vs, vs_ in ASSIGN_SHAPES
        ]

    golden["assign_dtypes"] = {
        f"{name}/{kind}/{vd}/{xd}": _assign_dtype_case(op, vd, xd, kind == "parameter")
        for name, op in (
            ("assign", ops.assign),
            ("assign_add", ops.assign_add),
            ("Assign", P.Assign()),
        )
        for kind in ("parameter", "tensor")
        for vd, xd in ASSIGN_DTYPES
    }
    with open(out, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else OUT)
