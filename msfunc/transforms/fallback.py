"""`jit`'s fallback policy: convert tensor control flow, specialise small integers, or go eager."""

from __future__ import annotations

import os
import re
import sys
import traceback
import warnings

import jax

from ..common.constant_fold import DataDependentShape
from .compile_keys import has_shape_like
from .staged_effects import StagedEffect

__all__ = ["fall_back"]


def _user_line(exc):
    """'file:line: code' of the innermost frame outside jax and msfunc internals."""
    internal = (os.path.dirname(jax.__file__), os.path.dirname(os.path.dirname(__file__)))
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        name = frame.filename
        if not name.startswith(internal) or os.sep + "examples" + os.sep in name:
            if "site-packages" in name and "msfunc" not in name:
                continue
            return f"{name}:{frame.lineno}: {frame.line}"
    return "<unknown location>"


def _module_of(filename):
    """The name of the loaded module whose file is `filename` (``__main__`` for a script), or
    None: what `warnings.warn` would file a warning raised there under.

    Example:
        >>> _module_of(__file__) == __name__
        True
    """
    for name, module in list(sys.modules.items()):
        if getattr(module, "__file__", None) == filename:
            return name
    return None


def fall_back(self, exc, args, kwargs):
    """Tracing hit Python control flow on a tensor: convert the function's source
    (`autograph`) and trace again; if that cannot compile, run eagerly (or raise)."""
    from . import autograph
    from .control_flow import ControlFlowError

    if isinstance(exc, StagedEffect):  # (a write into a captured Tensor: tensor_writes)
        code = getattr(self._unconverted or self._fn, "__code__", None)
        where = f"{code.co_filename}:{code.co_firstlineno}: " if code else "<unknown location>"
        if self._strict:
            raise ControlFlowError(f"msfunc.jit(strict=True): {self._name} {exc}") from exc
        return _run_eagerly(self, exc, args, kwargs, where, str(exc))
    why = []
    if self._unconverted is None and not getattr(self._fn, "_msfunc_converted", False):
        converted = autograph.convert(self._fn, why)
        if converted is not None:
            self._unconverted = self._fn
            self._fn = converted
            self._new_programs()
            try:
                return self(*args, **kwargs)
            except (
                ControlFlowError,
                jax.errors.UnexpectedTracerError,
                StagedEffect,
                RecursionError,
            ) as failure:
                # (a staged branch that appended to a Python list leaks its tracer; a recursion
                # whose stop test is on a tensor stages both branches at every depth, without end)
                exc = failure
                if self._unconverted is None:  # (a nested fallback already ran eagerly)
                    raise
    if self._unconverted is not None:
        self._fn, self._unconverted = self._unconverted, None
    if not self._shape_like_static and has_shape_like((*args, *kwargs.values())):
        # A small integer input may be what the trace needed concretely (a size, an
        # axis, a padding): specialize on its value (the retry handles what remains).
        self._shape_like_static = True
        self._new_programs()
        return self(*args, **kwargs)
    where = autograph.source_line(exc) or _user_line(exc)
    if self._strict and not isinstance(exc, DataDependentShape):
        raise ControlFlowError(
            f"msfunc.jit(strict=True): {self._name} cannot be compiled at {where} "
            f"({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})"
        ) from exc
    cause = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if why:
        cause += f"; its source cannot be converted: {why[0]}"
    message = (
        f"msfunc.jit: {self._name} needs the value of a traced Tensor at {where} ({cause}): "
        "a Python branch on it, or a shape that depends on it, cannot be compiled; it "
        "will run eagerly (uncompiled) from now on. Use msfunc.ops/lax control flow "
        "(ops.select, jax.lax.cond, jax.lax.while_loop) and static shapes to keep it "
        "compiled."
    )
    return _run_eagerly(self, exc, args, kwargs, where, message)


def _run_eagerly(self, exc, args, kwargs, where, message):
    """Warn (under the user's line) that `self` runs eagerly from now on, and run it."""
    if isinstance(exc, StagedEffect):
        consequence = getattr(
            exc,
            "consequence",
            "a compiled program would not see the new value on the next call, so it runs "
            "eagerly (uncompiled) from now on. Pass the Tensor as an argument (or make it a "
            "Parameter) to keep it compiled.",
        )
        message = f"msfunc.jit: {self._name} (defined at {where.rstrip(': ')}) {message}; "
        message += consequence
    located = re.match(r"(.*?):(\d+): ", where)
    filename, line = (located.group(1), int(located.group(2))) if located else (None, 0)
    # Filed under the user's line (not this module's), so `filterwarnings` by module
    # catches it. (A module of None would drop the warning: CPython's shutdown rule.)
    warnings.warn_explicit(
        message,
        RuntimeWarning,
        filename or "<unknown>",
        line,
        module=(filename and _module_of(filename)) or "<unknown>",
    )
    self._eager = True
    return self._fn(*args, **kwargs)
