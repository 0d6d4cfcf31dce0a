"""Graph mode's exceptions from a program's own code: ``raise`` statements and scalar division.

MindSpore's graph compiler turns a ``raise`` statement of the code it compiles into its own
raise of the same type when the type is one of `SUPPORTED`; ``raise Exception(...)`` reaches
the caller as a RuntimeError, and any other type (a warning class, an ``OSError`` subclass, a
user-defined exception, a name that is not defined) is refused with a RuntimeError. msfunc
runs the program's own ``raise`` while it traces, so `graph_exception` maps what escaped a
trace with graph semantics the same way; exceptions raised by msfunc or by libraries stay as
they are, and PyNative code keeps Python's exceptions. Graph mode also checks the divisor of
a scalar ``/``, ``//`` or ``%``: zero is a ValueError there (Python's ZeroDivisionError),
and calling an object of a ``jit_class`` class without ``__call__`` is a ValueError too.
"""

from __future__ import annotations

import dis
import functools
import linecache
import os
import re
import sysconfig

__all__ = ["SUPPORTED", "graph_exception"]

SUPPORTED = frozenset(
    {
        AssertionError,
        AttributeError,
        BaseException,
        IndentationError,
        IndexError,
        KeyError,
        KeyboardInterrupt,
        MemoryError,
        NameError,
        NotImplementedError,
        OSError,  # (EnvironmentError and IOError are its other names)
        OverflowError,
        RuntimeError,
        RuntimeWarning,
        StopIteration,
        TypeError,
        UnboundLocalError,
        ValueError,
        ZeroDivisionError,
    }
)

_MSFUNC = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
# Code outside the program: the standard library and installed packages raise as they do.
_LIBRARY = tuple(
    os.path.abspath(p) + os.sep
    for p in {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
)


# installed packages wherever they are found (a path entry may add another environment's)
_PACKAGE_DIRS = (os.sep + "site-packages" + os.sep, os.sep + "dist-packages" + os.sep)


def _program_frame(filename):
    path = os.path.abspath(filename)
    if path.startswith(_MSFUNC) or path.startswith(_LIBRARY):
        return False
    return not any(d in path for d in _PACKAGE_DIRS)


@functools.lru_cache(maxsize=256)
def _raise_offsets(code):
    return frozenset(
        ins.offset
        for ins in dis.get_instructions(code)
        if ins.opname == "RAISE_VARARGS" and ins.arg
    )


def _raise_site(exc):
    """How `exc` left the program's code: "raise" for its ``raise X`` statement, "name" when
    looking up the name ``X`` of one failed, "code" for any other of its instructions (an
    operator), None when it left other code (the innermost frame of its traceback says)."""
    tb = exc.__traceback__
    if tb is None:
        return None
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    if not _program_frame(code.co_filename):
        return None
    if tb.tb_lasti in _raise_offsets(code):
        return "raise"
    if type(exc) is NameError and getattr(exc, "name", None):
        line = linecache.getline(code.co_filename, tb.tb_lineno).strip()
        if line.startswith(f"raise {exc.name}"):
            return "name"
    return "code"


_NOT_CALLABLE = re.compile(r"'(\w+)' object is not callable")


def _jit_class_called(exc):
    """Whether the TypeError `exc` is the program's call of an instance of a ``jit_class``
    class that has no ``__call__`` (the class found by its name in the failing frame)."""
    found = _NOT_CALLABLE.fullmatch(str(exc))
    tb = exc.__traceback__
    if found is None or tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    frame, name = tb.tb_frame, found.group(1)
    kinds = [type(v) for v in frame.f_locals.values()] + [frame.f_globals.get(name)]
    return any(
        isinstance(kind, type) and kind.__name__ == name and kind.__dict__.get("__ms_class__")
        for kind in kinds
    )


def graph_exception(exc):
    """What graph mode raises for `exc`, an exception that escaped a trace with graph
    semantics: `exc` itself, or a RuntimeError in its place (chained to it) when a ``raise``
    statement of the program raised ``Exception`` or a type graph mode does not support, or
    a ValueError when the program's own scalar operator divided by zero.

    Example:
        >>> def f():
        ...     raise UserWarning("careful")
        >>> try:
        ...     f()
        ... except UserWarning as e:
        ...     type(graph_exception(e)).__name__
        'RuntimeError'
        >>> type(graph_exception(ValueError("bad"))).__name__
        'ValueError'
    """
    site = _raise_site(exc)
    if site == "code" and type(exc) is TypeError and _jit_class_called(exc):
        # (graph mode calls a jit_class object through its __call__, and refuses one without)
        error = ValueError(f"a jit_class object has no __call__ to call: {exc}")
        error.__cause__ = exc
        return error
    if site == "code" and type(exc) is ZeroDivisionError:
        # (Python's scalar ``/``, ``//`` or ``%`` by zero: graph mode checks the divisor)
        error = ValueError(f"a division or modulo by zero in a compiled function: {exc}")
        error.__cause__ = exc
        return error
    if site in (None, "code") or (site == "raise" and type(exc) in SUPPORTED):
        return exc
    if type(exc) is Exception:
        error = RuntimeError(*exc.args)
    elif site == "name":
        error = RuntimeError(
            f"Unsupported exception type: {getattr(exc, 'name', None)}. The name is not "
            "defined, and graph mode "
            "raises only standard exception types"
        )
    else:
        names = ", ".join(sorted(t.__name__ for t in SUPPORTED))
        error = RuntimeError(
            f"Unsupported exception type: {type(exc).__name__}. Graph mode raises only these "
            f"standard exception types: {names}"
        )
    error.__cause__ = exc
    return error
