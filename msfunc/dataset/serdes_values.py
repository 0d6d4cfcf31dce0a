"""Transforms, samplers and argument values as the JSON of `serialize` (`serdes_build` reads
them back)."""

from __future__ import annotations

import enum
import inspect

import numpy as np

from .given_args import given_args


class Unsupported(RuntimeError):
    """A value or operation that has no JSON description (MindSpore raises RuntimeError)."""


def _own(obj):
    return type(obj).__module__.startswith("msfunc.dataset")


def _is_sampler(value):
    return _own(value) and hasattr(value, "order") and hasattr(value, "add_child")


def _codes():
    """MindSpore's numbers for the interpolation and padding modes in the descriptions of its
    C++ operations (not the Python enums' values)."""
    from .vision.utils import Border, Inter

    return {
        Inter: {
            Inter.BILINEAR: 0,
            Inter.NEAREST: 1,
            Inter.BICUBIC: 2,
            Inter.AREA: 3,
            Inter.PILCUBIC: 4,
        },
        Border: {Border.CONSTANT: 0, Border.EDGE: 1, Border.REFLECT: 2, Border.SYMMETRIC: 3},
    }


def _enum_code(value):
    """An enum member as the description writes it: its C++ number for an interpolation or
    padding mode (its name where there is none), else its value."""
    table = _codes().get(type(value))
    if table is None:
        return value.value
    return table.get(value, value.name)


def enum_member(cls, value, python):
    """`_enum_code` undone; a Python operation's description (`python`) holds the enum's
    own value."""
    table = _codes().get(cls)
    if isinstance(value, str) and value in cls.__members__:
        return cls[value]
    if table is not None and not python:
        found = [member for member, code in table.items() if code == value]
        if found:
            return found[0]
    return cls(value)


def to_json(value, who):
    """`value` as plain JSON data: enums by value (interpolation and padding modes by
    MindSpore's C++ numbers), arrays and tuples as lists, samplers and transforms as their
    descriptions; anything else raises `Unsupported`.

    Example:
        >>> from msfunc.dataset.vision import Inter
        >>> to_json((Inter.NEAREST, np.float32(0.5), [1, 2]), "x")
        [1, 0.5, [1, 2]]
    """
    if isinstance(value, enum.Enum):  # (first: some are str or int too)
        return _enum_code(value)
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.dtype):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [to_json(v, who) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v, who) for k, v in value.items()}
    if _is_sampler(value):
        return sampler_record(value)
    if callable(value):
        return op_record(value)
    if type(value).__module__.startswith("msfunc.common") and hasattr(value, "name"):
        return str(np.dtype(value.name)) if value.name != "String" else "string"
    raise Unsupported(f"{who}: a {type(value).__name__} value has no JSON description")


def sampler_record(sampler):
    """A sampler as its class name, its arguments and its child's description."""
    args = given_args(sampler) or {}
    record: dict[str, object] = {"sampler_name": type(sampler).__name__}
    record.update({k: to_json(v, type(sampler).__name__) for k, v in args.items()})
    child = getattr(sampler, "child_sampler", None)
    if child is not None:
        record["child_sampler"] = [sampler_record(child)]
    return dict(sorted(record.items()))


def parameters(cls):
    try:
        params = inspect.signature(cls.__init__).parameters.values()
    except (TypeError, ValueError):
        return []
    skip = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    return [p for p in list(params)[1:] if p.kind not in skip]


def _transform_params(op):
    """An msfunc transform's settings under its constructor's argument names (its attribute
    of that name, or with a leading underscore); a required one it does not keep makes the
    transform one that serialize cannot describe."""
    name = type(op).__name__
    kept = vars(op)
    params = {}
    for p in parameters(type(op)):
        for key in (p.name, "_" + p.name):
            if key in kept:
                params[p.name] = to_json(kept[key], name)
                break
        else:
            if p.default is inspect.Parameter.empty:
                raise Unsupported(f"serialize: the operation {name} has no JSON description")
    return params


def operations_record(ops):
    """A map's operations, consecutive Python callables joined into one Compose as
    MindSpore's map joins them (its own transforms stay apart).

    Example:
        >>> [r["tensor_op_name"] for r in operations_record([abs, len, np.negative])]
        ['Compose']
    """
    out, run = [], []

    def flush():
        if len(run) == 1:
            out.append(op_record(run[0]))
        elif run:
            out.append(
                {
                    "python_module": "msfunc.dataset.transforms",
                    "tensor_op_name": "Compose",
                    "tensor_op_params": {"transforms": [op_record(op) for op in run]},
                }
            )
        run.clear()

    for op in ops:
        if _own(op) and not inspect.isroutine(op):
            flush()
            out.append(op_record(op))
        else:
            run.append(op)
    flush()
    return out


def op_record(op):
    """One map operation: an msfunc transform as its name and settings, any other callable
    (function, lambda, method, callable object) as its module and name.

    Example:
        >>> from msfunc.dataset import transforms
        >>> op_record(transforms.TypeCast(np.int32))
        {'tensor_op_name': 'TypeCast', 'tensor_op_params': {'data_type': 'int32'}}
    """
    if isinstance(op, PythonFunction):
        raise Unsupported(
            f"serialize: the Python function {op.name!r} read back by deserialize has no "
            "'tensor_op_params' to describe it with"
        )
    if _own(op) and not inspect.isroutine(op):
        name = _WRITTEN_NAMES.get(type(op).__name__, type(op).__name__)
        params = _transform_params(op)
        if name == "Fill":  # MindSpore writes the value as data, shape and type
            value = np.asarray(op.fill_value)
            params = {"data": value.ravel().tolist(), "shape": list(value.shape)}
            params["type"] = str(value.dtype)
        record = {"tensor_op_name": name, "tensor_op_params": params}
        if name in _PYTHON_TRANSFORMS:  # (Python transforms in MindSpore too)
            record["python_module"] = type(op).__module__
        return dict(sorted(record.items()))
    name = getattr(op, "__name__", None)
    function = getattr(op, "__func__", None)
    if name is None and function is not None:
        name = function.__name__
    if name is not None:  # a function, lambda or method
        return {"python_module": getattr(op, "__module__", None), "tensor_op_name": name}
    return {"python_module": type(op).__module__, "tensor_op_name": type(op).__name__}


class PythonFunction:
    """A Python callable named in a description that cannot be imported again (a lambda, a
    local function): calling it raises RuntimeError, as does serializing it again.

    Example:
        >>> PythonFunction("__main__", "<lambda>").name
        '<lambda>'
    """

    def __init__(self, module, name):
        self.module, self.name = module, name

    def __call__(self, *args):
        raise RuntimeError(
            f"deserialize: the Python function {self.module}.{self.name} could not be found again"
        )


# MindSpore's names of operations whose C++ description names them otherwise
CPP_NAMES = {"HwcToChw": "HWC2CHW"}
_PYTHON_TRANSFORMS = {"Compose", "RandomApply", "RandomChoice", "RandomOrder"}
_WRITTEN_NAMES = {ours: theirs for theirs, ours in CPP_NAMES.items()}
