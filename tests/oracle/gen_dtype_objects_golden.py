"""Record MindSpore 2.10's dtype objects (str, repr, aliases, methods) in golden/dtype_objects.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dtype_objects
"""

import json
import pathlib

import mindspore as ms
import numpy as np
from mindspore.common import dtype as mstype

OUT = pathlib.Path(__file__).resolve().parent.parent / "golden" / "dtype_objects.json"

NAMES = [
    "bool_",
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "bfloat16",
    "complex64",
    "complex128",
    "half",
    "single",
    "double",
    "float_",
    "int_",
    "short",
    "long",
    "byte",
    "ubyte",
    "ushort",
    "intc",
    "uintc",
    "intp",
    "uintp",
    "uint",
    "cfloat",
    "cdouble",
    "float8_e4m3fn",
    "float8_e5m2",
    "hifloat8",
    "qint4x2",
    "int",
    "float",
    "number",
    "string",
    "list_",
    "tuple_",
    "type_none",
    "tensor_type",
]
PROPERTIES = ["is_complex", "is_floating_point", "is_signed", "itemsize"]
METHODS = ["to_complex", "to_real"]
TUPLES = [
    "number_type",
    "float_type",
    "int_type",
    "uint_type",
    "complex_type",
    "signed_type",
    "all_types",
]
PYTYPES = {
    "bool": bool,
    "int": int,
    "float": float,
    "complex": complex,
    "str": str,
    "list": list,
    "tuple": tuple,
    "NoneType": type(None),
    "np.float16": np.float16,
    "np.int8": np.int8,
    "np.uint32": np.uint32,
    "np.bool_": np.bool_,
    "dict": dict,
    "type": type,
}
PYOBJS = {
    "1": 1,
    "1.5": 1.5,
    "True": True,
    "1j": 1j,
    "'s'": "s",
    "[1]": [1],
    "(1,)": (1,),
    "None": None,
    "np.float32(1)": np.float32(1),
    "np.int16(1)": np.int16(1),
    "{}": {},
}


def outcome(fn):
    """The repr of fn()'s result, or the exception's class name."""
    try:
        result = fn()
    except Exception as exc:  # noqa: BLE001  (any failure is the recorded answer)
        return {"error": type(exc).__name__}
    return (
        repr(result)
        if isinstance(result, mstype.Type)
        else (result.__name__ if isinstance(result, type) else result)
    )


def main():
    objects = {name: getattr(ms, name) for name in NAMES}
    record = {"objects": {}, "tuples": {}, "pytype_to_dtype": {}, "get_py_obj_dtype": {}}
    for name, obj in objects.items():
        entry = {
            "str": str(obj),
            "repr": repr(obj),
            "class": type(obj).__name__,
            "same_as": next(other for other in NAMES if objects[other] is obj),
            "in_mstype": getattr(mstype, name, None) is obj,
        }
        if "Number" in [cls.__name__ for cls in type(obj).__mro__]:
            for prop in PROPERTIES:
                entry[prop] = getattr(obj, prop)
            for method in METHODS:
                entry[method] = outcome(getattr(obj, method))
            entry["dtype_to_nptype"] = outcome(lambda o=obj: mstype.dtype_to_nptype(o))
            entry["dtype_to_pytype"] = outcome(lambda o=obj: mstype.dtype_to_pytype(o))
        record["objects"][name] = entry
    for name in TUPLES:
        record["tuples"][name] = [repr(t) for t in getattr(mstype, name)]
    for name, pytype in PYTYPES.items():
        record["pytype_to_dtype"][name] = outcome(lambda p=pytype: mstype.pytype_to_dtype(p))
    for name, obj in PYOBJS.items():
        record["get_py_obj_dtype"][name] = outcome(lambda o=obj: mstype.get_py_obj_dtype(o))
    record["get_py_obj_dtype"]["Tensor([1.0])"] = repr(mstype.get_py_obj_dtype(ms.Tensor([1.0])))
    record["tensor_dtype_str"] = {
        "Tensor(1)": str(ms.Tensor(1).dtype),
        "Tensor([1.0])": str(ms.Tensor([1.0]).dtype),
        "Tensor([True])": str(ms.Tensor([True]).dtype),
    }
    record["equal_between"] = {
        "float_ == float32": bool(ms.float_ == ms.float32),
        "int_ == int32": bool(ms.int_ == ms.int32),
        "Float(32) == float32": bool(mstype.Float(32) == ms.float32),
    }
    record["QuantDtype"] = {member.name: member.value() for member in mstype.QuantDtype}
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
