"""``mindspore.common.api``'s executors: ``_pynative_executor.sync()``,
``_cell_graph_executor.compile(net, *inputs)`` and ``_cell_graph_executor(net, *inputs)``,
the calls MindSpore code makes on them.

``sync`` waits for the device (`msfunc.compat.runtime.synchronize`). ``compile`` traces
the network on abstract values of the inputs with ``jax.eval_shape``: shape and type
errors surface as they would when compiling, nothing runs and no Parameter changes.
Calling the executor runs a network compiled for that phase. The executors' other methods
drive MindSpore's own graph runtime and raise UnsupportedError with the reason.

Example:
    >>> import numpy as np
    >>> import msfunc
    >>> from msfunc.compat.executors import _cell_graph_executor
    >>> net = msfunc.nn.Dense(3, 2)
    >>> _cell_graph_executor.compile(net, msfunc.Tensor(np.ones((4, 3), np.float32)))[1]
    True
"""

import itertools

from ..errors import UnsupportedError
from ..nn.cell_compile import trace_only
from .runtime import synchronize

__all__ = ["_cell_graph_executor", "_no_recursive", "_pynative_executor"]

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


class CellGraphExecutor(_Executor):
    """``_cell_graph_executor``: ``compile(obj, *args)`` traces `obj` on the inputs' shapes."""

    _path = "_cell_graph_executor"

    def __init__(self):
        self._count = itertools.count()
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
        """Trace ``obj(*args, **kwargs)`` abstractly; returns ``(phase key, True)``.

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
        return f"{phase}.{id(obj)}.{next(self._count)}", True


_pynative_executor = PynativeExecutor()
_cell_graph_executor = CellGraphExecutor()


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
