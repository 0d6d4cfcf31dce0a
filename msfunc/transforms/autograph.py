"""Source conversion of Python control flow on tensors for `msfunc.jit` (graph mode's syntax).

`convert(fn)` rewrites `fn`'s source with `diastatic-malt` (AutoGraph's converter without
TensorFlow): ``if``/``while``/``for``, conditional expressions and ``and``/``or``/``not``
become calls of the operators in `autograph_ops`, which keep Python semantics on Python
values and stage ``lax.cond`` / ``lax.while_loop`` on traced tensors (``for`` loops over
tensors and Python iterables unroll at trace time, as plain tracing does).
Functions it calls are converted on the fly, except library code (msfunc, JAX, numpy ...);
Cells called from converted code (and the Cells inside them) run converted ``construct``
methods for the duration of the call; functions handed to msfunc's grad/vmap transforms
are converted too.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import threading
import traceback
import types

from malt.core import config as ag_config
from malt.core import converter
from malt.impl import api as ag_api

from .. import _state
from . import autograph_ops, sequence_membership
from .undefined_names import check_names

__all__ = ["convert", "converted_call", "source_line", "is_converted"]

_LIBRARIES = (
    "msfunc",
    "jax",
    "jaxlib",
    "numpy",
    "scipy",
    "optax",
    "flax",
    "chex",
    "ml_dtypes",
    "equinox",
    "orbax",
    "safetensors",
    "tqdm",
    "grain",
    "pytest",
    "hypothesis",
    "_pytest",
    "typing",
    "functools",
    "contextlib",
    "abc",
)
_RULES = tuple(ag_config.DoNotConvert(name) for name in _LIBRARIES) + tuple(
    ag_config.CONVERSION_RULES
)
_FEATURES = [converter.Feature.BUILTIN_FUNCTIONS]
_TOPLEVEL = converter.ConversionOptions(
    recursive=True,
    user_requested=True,
    internal_convert_user_code=True,
    optional_features=_FEATURES,
)
_NESTED = converter.ConversionOptions(
    recursive=True,
    user_requested=False,
    internal_convert_user_code=True,
    optional_features=_FEATURES,
)
_BUILTINS = {range: autograph_ops.range_}
_LOCK = threading.RLock()  # malt's module-level settings are swapped while converting


class _Transformer(ag_api.PyToPy):
    """malt's converter with msfunc's operators in the converted code's ``ag__`` namespace."""

    def get_extra_locals(self):
        if self._extra_locals is None:
            extra = super().get_extra_locals()
            namespace = extra["ag__"].__dict__
            for name in ("if_stmt", "if_exp", "while_stmt", "for_stmt", "and_", "or_", "not_"):
                namespace[name] = getattr(autograph_ops, name)
            namespace["converted_call"] = converted_call
            namespace["seq_contains"] = sequence_membership.seq_contains
            namespace["seq_method"] = sequence_membership.seq_method
            self._extra_locals = extra
        return self._extra_locals

    def transform_ast(self, node, ctx):
        # (graph mode finds a Tensor in a list by value: before malt's own passes)
        return super().transform_ast(sequence_membership.rewrite(node), ctx)

    def transform_function(self, fn, user_context):
        result = super().transform_function(fn, user_context)
        source_map = result[2] if isinstance(result, tuple) and len(result) == 3 else None
        for location in source_map or {}:
            autograph_ops.SOURCE_MAPS.setdefault(location.filename, source_map)
            break
        return result


_TRANSFORMER = _Transformer()


@contextlib.contextmanager
def _msfunc_conversion():
    """malt converts nested calls with its module-level transformer and rules: use ours."""
    with _LOCK:
        saved = ag_api._TRANSPILER, ag_config.CONVERSION_RULES
        ag_api._TRANSPILER, ag_config.CONVERSION_RULES = _TRANSFORMER, _RULES
        try:
            yield
        finally:
            ag_api._TRANSPILER, ag_config.CONVERSION_RULES = saved


def _is_library(fn):
    module = getattr(inspect.getmodule(fn), "__name__", "") or ""
    return module.split(".")[0] in _LIBRARIES


def _is_cell(obj):
    return (
        getattr(type(obj), "_msfunc_by_reference", False)
        and hasattr(obj, "construct")
        and hasattr(obj, "cells_and_names")
    )


@contextlib.contextmanager
def _converted_constructs(roots):
    """Give every Cell under `roots` whose ``construct`` is user code a converted one, for
    the duration of the block (library containers then call converted children)."""
    installed = []
    try:
        for root in roots:
            for _, cell in root.cells_and_names():
                if "construct" in cell.__dict__:
                    continue  # already converted by an enclosing call
                construct = type(cell).construct
                if _is_library(construct):
                    continue

                def run(self, *args, _construct=construct, **kwargs):
                    return converted_call(_construct, (self,) + args, kwargs, options=_NESTED)

                object.__setattr__(cell, "construct", types.MethodType(run, cell))
                installed.append(cell)
        yield
    finally:
        for cell in installed:
            cell.__dict__.pop("construct", None)


def _cells_in(values):
    return [v for v in values if _is_cell(v)]


_TRANSFORM_NAMES = frozenset(
    ("grad", "value_and_grad", "vmap", "jvp", "vjp", "jacfwd", "jacrev", "jit")
)


def _is_function_transform(f):
    """msfunc's transforms that take a function: its argument must run converted too."""
    return (
        inspect.isfunction(f)
        and f.__name__ in _TRANSFORM_NAMES
        and (getattr(f, "__module__", "") or "").startswith("msfunc.transforms.")
    )


def _converting(fn):
    """`fn`, running converted (for functions handed to msfunc's transforms)."""
    if _is_cell(fn) or not callable(fn) or (inspect.isfunction(fn) and _is_library(fn)):
        return fn

    @functools.wraps(fn)
    def run(*args, **kwargs):
        return converted_call(fn, args, kwargs, options=_NESTED)

    return run


def _call_transform(f, args, kwargs):
    cells = _cells_in(args) + _cells_in(kwargs.values())
    args = tuple(_converting(a) if i == 0 else a for i, a in enumerate(args))
    result = f(*args, **kwargs)
    if not cells or not callable(result):
        return result

    @functools.wraps(result)
    def run(*a, **k):
        with _converted_constructs(cells):
            return result(*a, **k)

    return run


def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
    """Call `f` from converted code: converted if it is user code, as is otherwise.

    Example:
        >>> converted_call(max, (1, 3), None, options=_NESTED)
        3
    """
    kwargs = dict(kwargs or {})
    try:
        builtin = _BUILTINS.get(f)
    except TypeError:  # unhashable callable
        builtin = None
    if builtin is not None:
        return builtin(*args, **kwargs)
    if type(f).__name__ == "Jitted" and hasattr(f, "_fn"):
        # inside a compiled trace a nested msfunc.jit function is inlined: convert it too
        return converted_call(f._fn, args, kwargs, caller_fn_scope, options)
    if _is_cell(f):
        with _converted_constructs([f]):
            return f(*args, **kwargs)
    if _is_function_transform(f):
        return _call_transform(f, args, kwargs)
    owner = getattr(f, "__self__", None)
    if inspect.ismethod(f) and _is_cell(owner) and _is_library(f):
        with _converted_constructs([owner]):  # e.g. a Cell's graph-mode entry point
            return f(*args, **kwargs)
    if options is None and caller_fn_scope is None:
        options = _NESTED
    if _state.graph_semantics():
        check_names(getattr(f, "__func__", f))  # (PyNative compiles keep Python's late error)
    with _msfunc_conversion():
        return ag_api.converted_call(f, tuple(args), kwargs or None, caller_fn_scope, options)


def is_converted(fn):
    """Whether `fn` is a function returned by `convert`.

    Example:
        >>> is_converted(len)
        False
    """
    return getattr(fn, "_msfunc_converted", False)


def convert(fn, why=None):
    """`fn` with its tensor control flow converted, or None when its source cannot be (a
    list `why` then gets the syntax the converter does not support, if that is the cause).

    Example:
        >>> import jax, jax.numpy as jnp
        >>> def relu_sum(x):
        ...     if x.sum() > 0:
        ...         return x.sum()
        ...     return 0.0 * x.sum()
        >>> float(jax.jit(convert(relu_sum))(jnp.array([-1.0, 3.0])))
        2.0
    """
    wrapped = getattr(type(fn), "_msfunc_convert", None)
    if wrapped is not None:  # msfunc's callable over a user function (``ms.grad(f)``, a sink)
        return wrapped(fn)
    if isinstance(fn, functools.partial):
        inner = convert(fn.func)
        return None if inner is None else functools.partial(inner, *fn.args, **fn.keywords)
    owner = getattr(fn, "__self__", None)
    if not (_is_cell(fn) or inspect.ismethod(fn) and _is_cell(owner) and _is_library(fn)):
        target = fn.__func__ if inspect.ismethod(fn) else fn
        if not inspect.isfunction(target) and callable(fn):
            target = type(fn).__call__
        if not inspect.isfunction(target):
            return None
        try:
            with _msfunc_conversion():
                _TRANSFORMER.transform(target, converter.ProgramContext(_TOPLEVEL))
        except Exception as exc:  # no source (a lambda built by exec, a builtin), or syntax
            if why is not None and type(exc).__name__ == "UnsupportedLanguageElementError":
                why.append(str(exc))  # (``while ... else``: the fallback warning says so)
            return None

    @functools.wraps(fn)
    def run(*args, **kwargs):
        return converted_call(fn, args, kwargs, options=_TOPLEVEL)

    run._msfunc_converted = True
    return run


def source_line(exc):
    """'file:line: code' of the innermost user frame of `exc`, mapped from converted code
    back to the original source; None when no frame is user code.

    Example:
        >>> source_line(ValueError()) is None
        True
    """
    internal = tuple(os.path.dirname(m.__file__) for m in _loaded_libraries())
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename in autograph_ops.SOURCE_MAPS:
            where = autograph_ops.original_line(frame.filename, frame.lineno)
            if where is not None:
                return where
            continue
        if frame.filename.startswith(internal) or frame.filename.startswith("<"):
            continue
        return f"{frame.filename}:{frame.lineno}: {frame.line}"
    return None


def _loaded_libraries():
    import sys

    for name in _LIBRARIES + ("malt",):
        module = sys.modules.get(name)
        if module is not None and getattr(module, "__file__", None):
            yield module
