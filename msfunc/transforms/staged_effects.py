"""Python effects in blocks that a compiled ``if`` or loop would run once, at trace time.

A block under a condition on a traced tensor is traced once for the whole program: a
Python effect in it (appending to a list, writing a global, raising) would happen once
at compile time, or on both paths of an ``if``, where eager code does it per iteration
or on one path. The converted operators ask `python_effect` before staging such a block
and refuse (`ControlFlowError`: the function then runs eagerly, or the error is raised)
before anything ran.
"""

from __future__ import annotations

import dis
import types

__all__ = ["python_effect", "StagedEffect"]


class StagedEffect(BaseException):
    """A block with Python effects met a traced condition: the function cannot be compiled.

    A BaseException, so that a user's ``except ValueError``/``except Exception`` around the
    ``if`` cannot take it for the user's own error (and compile its handler in); `jit`
    catches it and runs the function eagerly (or raises `ControlFlowError` when strict).
    """


# Methods that change Python containers in place (names that Tensors do not also carry).
_MUTATORS = frozenset(
    (
        "append",
        "extend",
        "appendleft",
        "extendleft",
        "setdefault",
        "popitem",
        "discard",
        "pop",
        "insert",
        "remove",
        "clear",
    )
)
_OPCODES = {
    "STORE_GLOBAL": "writes a global variable",
    "DELETE_GLOBAL": "deletes a global",
    "RAISE_VARARGS": "raises an exception",
}
_CACHE = {}


def _scan(code):
    hit = _CACHE.get(code)
    if hit is not None:
        return hit or None
    found = ""
    names = set(code.co_names) & _MUTATORS
    if names:
        found = f"calls .{sorted(names)[0]}() on a Python container"
    else:
        for instruction in dis.get_instructions(code):
            if instruction.opname == "RAISE_VARARGS" and instruction.arg == 0:
                continue  # a bare re-raise (the converter's own `except: raise`)
            if instruction.opname in _OPCODES:
                found = _OPCODES[instruction.opname]
                break
    if not found:
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                found = _scan(const) or ""
                if found:
                    break
    _CACHE[code] = found
    return found or None


def python_effect(*blocks):
    """What Python effect one of `blocks` (functions) has, or None.

    Example:
        >>> log = []
        >>> python_effect(lambda: log.append(1)), python_effect(lambda: 2)
        ('calls .append() on a Python container', None)
    """
    for block in blocks:
        code = getattr(block, "__code__", None)
        if code is not None:
            found = _scan(code)
            if found:
                return found
    return None
