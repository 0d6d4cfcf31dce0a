"""Transforms, samplers and arguments built again from the JSON `serialize` writes (for
`deserialize`)."""

from __future__ import annotations

import enum
import importlib
import inspect

import numpy as np

from .serdes_values import CPP_NAMES, PythonFunction, Unsupported, enum_member, parameters

# the C++ descriptions' names of arguments
_CPP_ARGUMENTS = {"Rotate": {"degrees": "degree"}}


def _transform_class(name):
    from . import text, transforms, vision

    for module in (vision, transforms, text):
        if name in getattr(module, "__all__", ()):
            return getattr(module, name)
    from . import audio  # (last: it loads scipy's filters)

    if name in audio.__all__:
        return getattr(audio, name)
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


def _argument(param, value, python):
    """A JSON value back as the argument `param` takes: nested operations built, enums and
    tuples restored where the parameter's default is one; in a C++ operation's description
    (not `python`) an empty list stands for an unset (None) argument."""
    if isinstance(value, dict) and "tensor_op_name" in value:
        return op_from_record(value)
    if isinstance(value, dict) and "sampler_name" in value:
        return sampler_from_record(value)
    if isinstance(value, list):
        value = [_argument(None, v, python) for v in value]
    if param is None:
        return value
    if param.name == "shuffle":
        return _shuffle(value)
    default = param.default
    if value == [] and default is None and not python:
        return None
    if value is not None and not isinstance(value, bool) and isinstance(default, enum.Enum):
        return enum_member(type(default), value, python)
    if isinstance(value, list) and isinstance(default, tuple):
        return tuple(value)
    return value


def _fill_value(record):
    """Fill's C++ description (the value as data, shape and type) as its argument."""
    if "data" not in record or "fill_value" in record:
        return record
    value = np.asarray(record["data"], dtype=record.get("type")).reshape(record.get("shape", []))
    return {"fill_value": value.item() if value.ndim == 0 else value}


def build(cls, record, who, python=True):
    """`cls` called with the entries of `record` that its constructor takes; MindSpore's
    ``c_NAME``/``py_NAME`` spellings stand for ``NAME``, and in a C++ operation's
    description (not `python`) its own names and numbers for the arguments."""
    kwargs = {}
    record = record or {}
    aliases = {} if python else _CPP_ARGUMENTS.get(who, {})
    for param in parameters(cls):
        names = (param.name, "c_" + param.name, "py_" + param.name, aliases.get(param.name))
        for key in names:
            if key in record:
                kwargs[param.name] = _argument(param, record[key], python)
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
    name = CPP_NAMES.get(name, name)
    params = record["tensor_op_params"]
    if name == "Fill" and isinstance(params, dict):
        params = _fill_value(params)
    return build(_transform_class(name), params, name, python="python_module" in record)


def sampler_from_record(record):
    """A sampler from its description (see `sampler_record`), its child added."""
    from . import more_samplers, pk_sampler, samplers

    name = record.get("sampler_name")
    found = (getattr(m, name, None) for m in (samplers, more_samplers, pk_sampler))
    cls = next((c for c in found if c is not None), None) if isinstance(name, str) else None
    if cls is None or not name.endswith("Sampler"):
        raise RuntimeError(f"deserialize: unsupported sampler: {name!r}")
    if record.get("num_samples") == 0:  # MindSpore's "all of them"
        record = {**record, "num_samples": None}
    sampler = build(cls, record, name)
    for child in record.get("child_sampler") or []:
        sampler.add_child(sampler_from_record(child))
    return sampler
