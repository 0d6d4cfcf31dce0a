"""``mindspore.common.api``'s executors: ``_pynative_executor.sync()``,
``_cell_graph_executor.compile(net, *inputs)`` and ``_cell_graph_executor(net, *inputs)``,
the calls MindSpore code makes on them.

``sync`` waits for the device (`msfunc.compat.runtime.synchronize`). ``compile`` traces
the network on abstract values of the inputs with ``jax.eval_shape``: shape and type
errors surface as they would when compiling, nothing runs and no Parameter changes.
Calling the executor runs a network compiled for that phase. The executors' other methods
drive MindSpore's own graph runtime and raise UnsupportedError with the reason.

The phase ``compile`` returns names the compiled program: two calls get the same phase when
their inputs give the same program (`compile_key`), as MindSpore reuses a graph: arrays by
shape and dtype, `mutable` inputs by kind, Python constants by value. The classes
``_CellGraphExecutor`` and ``_JitExecutor`` make fresh executors with their own cache.

Example:
    >>> import numpy as np
    >>> import msfunc
    >>> from msfunc.compat.executors import _cell_graph_executor
    >>> net = msfunc.nn.Dense(3, 2)
    >>> _cell_graph_executor.compile(net, msfunc.Tensor(np.ones((4, 3), np.float32)))[1]
    True
"""

import itertools
import numbers

import jax
import numpy as np

from ..common.mutable_marks import is_mutable_number
from ..common.tensor import Tensor
from ..errors import UnsupportedError
from ..nn.cell_compile import trace_only
from ..nn.compile_cache import cells_compile_cache
from ..transforms.compile_keys import Identity
from .runtime import synchronize

__all__ = [
    "_CellGraphExecutor",
    "_JitExecutor",
    "_cell_graph_executor",
    "_no_recursive",
    "_pynative_executor",
    "cells_compile_cache",
    "compile_key",
]

_RUNTIME_ONLY = (
    "it drives MindSpore's own graph runtime; msfunc traces with JAX (use msfunc.jit, msfunc.grad)"
)


class _Executor:
    """Shared: unknown methods raise UnsupportedError naming the executor and the method."""

    _path = ""

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        raise UnsupportedError(
            f"mindspore.common.api.{self._path}.{name} is not supported by msfunc: {_RUNTIME_ONLY}"
        )


class PynativeExecutor(_Executor):
    """``_pynative_executor``: ``sync()`` waits for every dispatched computation."""

    _path = "_pynative_executor"

    def sync(self):
        """Block until every computation dispatched so far has finished."""
        synchronize()

    def set_async_for_graph(self, flag):
        """MindSpore's switch for dispatching graph-mode calls asynchronously: accepted, as
        JAX dispatches every computation asynchronously already (a result is awaited where
        it is read).

        Example:
            >>> _pynative_executor.set_async_for_graph(True)
        """
        if not isinstance(flag, (bool, int)):
            raise TypeError(
                f"_pynative_executor.set_async_for_graph: `flag` must be a bool, got {flag!r}"
            )


def _marked(value):
    """Whether `mutable` made this tuple, list or dict (one of numbers only stays a plain
    container of marked numbers)."""
    if getattr(value, "_msfunc_mutable", False):
        return True
    leaves = jax.tree.leaves(value)
    return bool(leaves) and all(is_mutable_number(leaf) for leaf in leaves)


def compile_key(value, level="input"):
    """What of `value` a compiled program depends on: shape and dtype of an input array (a
    `mutable` number is a 0-d array), the items' keys of a tuple, list or dict (a
    variable-length sequence: not its length), the value of a Python constant, the
    identity of any other object. `level` is "input" for an argument, "variable" inside a
    `mutable` container, "constant" inside a plain one: there an array counts by identity
    (as a Tensor made with ``const_arg=True`` does anywhere),
    and a plain list matches no other key, as MindSpore compiles a call with one anew.

    Example:
        >>> from msfunc.compat.graph_flags import mutable
        >>> compile_key(1) == compile_key(2), compile_key(mutable(1)) == compile_key(mutable(2))
        (False, True)
    """
    if isinstance(value, (Tensor, jax.Array, np.ndarray)):
        constant = level == "constant" or (
            isinstance(value, Tensor) and value.__dict__.get("_const_arg", False)
        )
        if constant and not is_mutable_number(value):
            return ("object", Identity(value))
        return ("array", tuple(value.shape), str(value.dtype))
    if isinstance(value, (tuple, list, dict)):
        inner = "variable" if level == "variable" or _marked(value) else "constant"
        if isinstance(value, dict):
            items = tuple((k, compile_key(v, inner)) for k, v in value.items())
        else:
            items = tuple(compile_key(v, inner) for v in value)
        if getattr(value, "_msfunc_dynamic", False):
            return ("variable length", type(value).__name__, frozenset(items))
        if inner == "constant" and isinstance(value, list):
            return ("list", object())  # a plain list is compiled anew every time
        return (type(value).__name__, items)
    if value is None or isinstance(value, (numbers.Number, str)):
        return ("constant", type(value).__name__, value)
    return ("object", Identity(value))


def _inputs_key(args, kwargs):
    """The compile key of a call's inputs (each input is itself an input, not a constant)."""
    return (
        tuple(compile_key(a) for a in args),
        tuple((k, compile_key(v)) for k, v in sorted(kwargs.items())),
    )


class _PhaseTable:
    """The phases an executor has handed out, one per distinct compile key."""

    def __init__(self):
        self._count = itertools.count()
        self._phases = {}

    def phase(self, prefix, key):
        """``(phase, True)`` for a key not seen before, ``(its phase, False)`` after."""
        if key in self._phases:
            return self._phases[key], False
        self._phases[key] = phase = f"{prefix}.{next(self._count)}"
        return phase, True


class CellGraphExecutor(_Executor):
    """``_cell_graph_executor``: ``compile(obj, *args)`` traces `obj` on the inputs' shapes."""

    _path = "_cell_graph_executor"

    def __init__(self):
        self._phases = _PhaseTable()
        self._compiled = set()  # (phase, id(obj)) of the networks `compile` traced

    def __call__(self, obj, *args, phase="predict"):
        """Run `obj` on `args` once `compile` has traced it for `phase` (KeyError before,
        as MindSpore's executor has no graph to run then); returns its outputs."""
        if (phase, id(obj)) not in self._compiled:
            raise KeyError(
                f"_cell_graph_executor: {type(obj).__name__} has not been compiled for "
                f"phase {phase!r}; call _cell_graph_executor.compile(net, *inputs) first"
            )
        return obj(*args)

    def compile(self, obj, *args, phase="predict", do_convert=True, jit_config_dict=None, **kwargs):
        """Trace ``obj(*args, **kwargs)`` abstractly; returns ``(phase key, new)``, `new`
        False when an earlier call compiled the same program (same `obj`, same compile key).

        Array inputs (Tensors, numpy arrays) become abstract values; other inputs stay
        Python constants, as in MindSpore's graph compile. Errors of the network (a shape
        mismatch, a wrong type) are raised here. The Cell goes into the trace as an
        argument, so its Parameters are traced too and none of them is written.
        """
        del do_convert, jit_config_dict  # options of MindSpore's graph compiler
        if not callable(obj):
            raise TypeError(
                f"compile: `obj` must be a Cell or a function, got {type(obj).__name__}"
            )
        if not isinstance(phase, str):
            raise TypeError(f"compile: `phase` must be a str, got {type(phase).__name__}")
        trace_only(obj, args, kwargs, "_cell_graph_executor.compile")
        self._compiled.add((phase, id(obj)))
        key = (phase, Identity(obj), _inputs_key(args, kwargs))
        return self._phases.phase(f"{phase}.{id(obj)}", key)


class JitExecutor(_Executor):
    """``_JitExecutor(fn, ms_create_time)``: ``compile(method_name, *args)`` traces `fn` on
    the inputs and returns the phase of its program (one per compile key, as for
    ``_CellGraphExecutor``).

    Example:
        >>> from msfunc.compat.graph_flags import mutable
        >>> executor = JitExecutor(lambda x: x + 1, 0)
        >>> executor.compile("f", mutable(1)) == executor.compile("f", mutable(2))
        True
    """

    _path = "_JitExecutor"

    def __init__(self, fn, ms_create_time, input_signature=None, obj=None, jit_config=None,
                 dynamic=0, cell_cache_key_extend=""):  # fmt: skip
        del input_signature, jit_config, dynamic, cell_cache_key_extend  # compiler options
        if not callable(fn):
            raise TypeError(f"_JitExecutor: `fn` must be callable, got {type(fn).__name__}")
        self._fn, self._obj, self._created = fn, obj, ms_create_time
        self._phases = _PhaseTable()

    def compile(self, method_name, *args, phase="", **kwargs):
        """Trace ``fn(*args, **kwargs)`` abstractly (its errors are raised here); returns
        the phase of the program."""
        call = self._fn if self._obj is None else self._fn.__get__(self._obj)
        trace_only(call, args, kwargs, "_JitExecutor.compile")
        prefix = f"{phase or method_name}.{self._created}"
        return self._phases.phase(prefix, _inputs_key(args, kwargs))[0]


_pynative_executor = PynativeExecutor()
_cell_graph_executor = CellGraphExecutor()
_CellGraphExecutor = CellGraphExecutor
_JitExecutor = JitExecutor


def _no_recursive(callable_obj):
    """``mindspore.common.api._no_recursive``: MindSpore compiles the functions a marked Cell
    class or function calls as separate graphs rather than inlining them; msfunc's trace
    inlines every call, with the same results, so the mark (``no_recursive`` in the
    object's ``_func_graph_flags``, where MindSpore keeps it) changes nothing else;
    TypeError when `callable_obj` is not callable.

    Example:
        >>> def double(x):
        ...     return 2 * x
        >>> _no_recursive(double) is double, double._func_graph_flags
        (True, {'no_recursive': True})
    """
    if not callable(callable_obj):
        raise TypeError(
            "_no_recursive: `callable_obj` must be a Cell class or a function, "
            f"got {type(callable_obj).__name__}"
        )
    callable_obj._func_graph_flags = {
        **getattr(callable_obj, "_func_graph_flags", {}),
        "no_recursive": True,
    }
    return callable_obj
