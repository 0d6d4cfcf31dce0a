"""Transforms, samplers and argument values to and from the JSON of `serialize`/`deserialize`."""

from __future__ import annotations

import enum
import importlib
import inspect

import numpy as np

from .given_args import given_args


class Unsupported(RuntimeError):
    """A value or operation that has no JSON description (MindSpore raises RuntimeError)."""


_FAMILIES = ("vision", "transforms", "text", "audio")


def _own(obj):
    return type(obj).__module__.startswith("msfunc.dataset")


def _is_sampler(value):
    return _own(value) and hasattr(value, "order") and hasattr(value, "add_child")


def to_json(value, who):
    """`value` as plain JSON data: enums by value, arrays and tuples as lists, samplers and
    transforms as their descriptions; anything else raises `Unsupported`.

    Example:
        >>> from msfunc.dataset.vision import Inter
        >>> to_json((Inter.BILINEAR, np.float32(0.5), [1, 2]), "x")
        [2, 0.5, [1, 2]]
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.value
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
    record = {"sampler_name": type(sampler).__name__}
    record.update({k: to_json(v, type(sampler).__name__) for k, v in args.items()})
    child = getattr(sampler, "child_sampler", None)
    if child is not None:
        record["child_sampler"] = [sampler_record(child)]
    return dict(sorted(record.items()))


def _parameters(cls):
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
    for p in _parameters(type(op)):
        for key in (p.name, "_" + p.name):
            if key in kept:
                params[p.name] = to_json(kept[key], name)
                break
        else:
            if p.default is inspect.Parameter.empty:
                raise Unsupported(f"serialize: the operation {name} has no JSON description")
    return params


def op_record(op):
    """One map operation: an msfunc transform as its name and settings, any other callable
    (function, lambda, method, callable object) as its module and name.

    Example:
        >>> from msfunc.dataset import transforms
        >>> op_record(transforms.Fill(3))
        {'tensor_op_name': 'Fill', 'tensor_op_params': {'fill_value': 3}}
    """
    if isinstance(op, PythonFunction):
        raise Unsupported(
            f"serialize: the Python function {op.name!r} read back by deserialize has no "
            "'tensor_op_params' to describe it with"
        )
    if _own(op) and not inspect.isroutine(op):
        return {"tensor_op_name": type(op).__name__, "tensor_op_params": _transform_params(op)}
    name = getattr(op, "__name__", None)
    if name is None and getattr(op, "__func__", None) is not None:
        name = op.__func__.__name__
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


def _transform_class(name):
    import msfunc.dataset as ds

    for family in _FAMILIES:
        module = getattr(ds, family)
        if name in getattr(module, "__all__", ()):
            return getattr(module, name)
    raise Unsupported(f"deserialize: unsupported operation: {name}")


def _python_function(module, name):
    try:
        found = getattr(importlib.import_module(module), name)
    except Exception:  # noqa: BLE001 - any failure: the function is not there to be had
        found = None
    if callable(found) and not inspect.isclass(found):
        return found
    return PythonFunction(module, name)


# MindSpore's shuffle modes by number (its JSON writes a source's mode so)
_SHUFFLE_CODES = {0: "false", 1: "files", 2: "global", 3: "infile"}


def _shuffle(value):
    """A source's `shuffle` back from JSON: a bool or None as it is, a mode by name or by
    MindSpore's number as a Shuffle."""
    from .mindrecord_source import Shuffle

    if value is None or isinstance(value, bool):
        return value
    name = _SHUFFLE_CODES.get(value, value) if isinstance(value, int) else value
    if name == "false":
        return False
    try:
        return Shuffle(name)
    except ValueError:
        return value  # the source says what it takes


def _argument(param, value):
    """A JSON value back as the argument `param` takes: nested operations built, enums and
    tuples restored where the parameter's default is one."""
    if isinstance(value, dict) and "tensor_op_name" in value:
        return op_from_record(value)
    if isinstance(value, dict) and "sampler_name" in value:
        return sampler_from_record(value)
    if isinstance(value, list):
        value = [_argument(None, v) for v in value]
    if param is not None and param.name == "shuffle":
        return _shuffle(value)
    default = None if param is None else param.default
    if value is not None and not isinstance(value, bool) and isinstance(default, enum.Enum):
        return type(default)(value)
    if isinstance(value, list) and isinstance(default, tuple):
        return tuple(value)
    return value


def build(cls, record, who):
    """`cls` called with the entries of `record` that its constructor takes; MindSpore's
    ``c_NAME``/``py_NAME`` spellings stand for ``NAME``."""
    kwargs = {}
    for param in _parameters(cls):
        for key in (param.name, "c_" + param.name, "py_" + param.name):
            if key in record:
                kwargs[param.name] = _argument(param, record[key])
                break
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise RuntimeError(f"deserialize: cannot rebuild {who}: {exc}") from exc


def op_from_record(record):
    """A map operation from its description (see `op_record`)."""
    name = record.get("tensor_op_name")
    if not isinstance(name, str):
        raise RuntimeError(f"deserialize: an operation without a 'tensor_op_name': {record!r}")
    if "tensor_op_params" not in record:
        return _python_function(record.get("python_module") or "__main__", name)
    return build(_transform_class(name), record["tensor_op_params"], name)


def sampler_from_record(record):
    """A sampler from its description (see `sampler_record`), its child added."""
    import msfunc.dataset as ds

    name = record.get("sampler_name")
    cls = getattr(ds, name, None) if isinstance(name, str) else None
    if cls is None or not name.endswith("Sampler"):
        raise RuntimeError(f"deserialize: unsupported sampler: {name!r}")
    if record.get("num_samples") == 0:  # MindSpore's "all of them"
        record = {**record, "num_samples": None}
    sampler = build(cls, record, name)
    for child in record.get("child_sampler") or []:
        sampler.add_child(sampler_from_record(child))
    return sampler
