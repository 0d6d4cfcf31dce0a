"""Graph mode's name check: every global name a converted function reads must exist before
it runs, as MindSpore's graph compiler resolves every name at compile time (Python raises the
NameError only when the line is reached; a compiled program may trace or skip that line)."""

import builtins
import dis
import linecache
import types

__all__ = ["check_names", "user_code"]

_LIBRARIES = frozenset(("msfunc", "jax", "numpy", "flax", "optax", "scipy"))
_LOADS = {}  # code object -> ((name, line), ...) of the global names it and its nested code read


def _global_loads(code):
    held = _LOADS.get(code)
    if held is not None:
        return held
    loads, stores = [], set()
    line = code.co_firstlineno
    for ins in dis.get_instructions(code):
        where = getattr(ins, "positions", None)  # (Python 3.11+)
        if where is not None and where.lineno is not None:
            line = where.lineno
        if ins.opname == "LOAD_GLOBAL" and not _raised_name(code, ins.argval, line):
            loads.append((ins.argval, line))
        elif ins.opname in ("STORE_GLOBAL", "DELETE_GLOBAL"):
            stores.add(ins.argval)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):  # nested functions, lambdas, comprehensions
            loads.extend(_global_loads(const))
    held = tuple((name, at) for name, at in loads if name not in stores)
    _LOADS[code] = held
    return held


def _raised_name(code, name, line):
    # ``raise Name(...)``: graph mode looks the exception's name up only when the raise runs
    # (an undefined one is an unsupported exception type there: graph_raise)
    return linecache.getline(code.co_filename, line).lstrip().startswith(f"raise {name}")


def check_names(fn):
    """NameError for the first global name `fn` reads that is neither a global of its module
    nor a builtin (a function without Python code passes).

    Example:
        >>> scope = {"__name__": "user_script"}
        >>> exec("def uses_missing(x): return x + missing_name", scope)
        >>> check_names(scope["uses_missing"])
        Traceback (most recent call last):
        ...
        NameError: name 'missing_name' is not defined (uses_missing reads it at ...)
    """
    code = getattr(fn, "__code__", None)
    if not isinstance(code, types.CodeType):
        return
    scope = fn.__globals__
    if (scope.get("__name__") or "").split(".")[0] in _LIBRARIES:
        return  # library code (msfunc's own layers ...) may guard optional names
    table = scope.get("__builtins__", builtins)
    table = table if isinstance(table, dict) else vars(table)
    for name, line in _global_loads(code):
        if name not in scope and name not in table:
            raise NameError(
                f"name {name!r} is not defined ({fn.__qualname__} reads it at "
                f"{code.co_filename}:{line}; graph mode resolves every name before running)"
            )


def user_code(fn):
    """The user function a compiled callable runs: a Cell's graph entry is its ``construct``,
    a bound method its function.

    Example:
        >>> from msfunc import nn
        >>> user_code(nn.Dense(1, 1)._graph_entry).__name__
        'construct'
    """
    owner = getattr(fn, "__self__", None)
    if getattr(fn, "__name__", "") == "_graph_entry" and owner is not None:
        return type(owner).construct
    return getattr(fn, "__func__", fn)
