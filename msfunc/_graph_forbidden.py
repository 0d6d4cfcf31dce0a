"""The APIs MindSpore's graph compiler refuses inside GRAPH_MODE and ``jit``: RuntimeError there.

MindSpore refuses, in code it compiles, the functions and classes of
``mindspore.context``, ``mindspore.log`` and ``mindspore.common.initializer`` and a list of
methods (``Cell.get_parameters``, ``Tensor.assign_value`` ...). msfunc marks the same APIs
with `forbidden_in_graph`: called by a program's code while a function compiled with graph
semantics traces (`msfunc._state.graph_semantics`), they raise RuntimeError before anything
runs. In PyNative code, and when msfunc's own code calls them, they run as always.
``Parameter.set_data`` is refused only in MindSpore programs
(`msfunc.context.mindspore_dtype_checks`) and ``Parameter.assign_value`` stays allowed: they
are how msfunc's own API writes Parameters inside compiled functions (MindSpore's graph mode
refuses both).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from . import _state

__all__ = ["check_not_in_graph", "forbidden_in_graph"]

_F = TypeVar("_F", bound=Callable[..., Any])


_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _called_by_msfunc(frame):
    return frame.f_code.co_filename.startswith(_PACKAGE)


def check_not_in_graph(what: str, depth: int = 1) -> None:
    """RuntimeError when the code `depth` frames above the caller is a program's code that
    a function compiled with graph semantics is tracing; `what` names the API.

    Example:
        >>> import msfunc
        >>> def f(x):
        ...     check_not_in_graph("the function 'f'", depth=0)
        ...     return x
        >>> f(1)
        1
        >>> msfunc.jit(f)(msfunc.Tensor(1.0))
        Traceback (most recent call last):
        ...
        RuntimeError: the function 'f' cannot be used inside a function compiled ...
    """
    if _state.graph_semantics() and not _called_by_msfunc(sys._getframe(depth + 1)):
        raise RuntimeError(
            f"{what} cannot be used inside a function compiled in GRAPH_MODE or by jit "
            "(MindSpore's graph compiler refuses it); call it outside the compiled function"
        )


def forbidden_in_graph(what: str) -> Callable[[_F], _F]:
    """Decorator: the function raises RuntimeError (`check_not_in_graph`) when a program's
    code calls it while a graph-mode function traces; `what` names it in the message.

    Example:
        >>> import msfunc
        >>> @forbidden_in_graph("the function 'settings'")
        ... def settings():
        ...     return {}
        >>> settings()
        {}
        >>> msfunc.jit(lambda x: (settings(), x)[1])(msfunc.Tensor(1.0))
        Traceback (most recent call last):
        ...
        RuntimeError: the function 'settings' cannot be used inside a function compiled ...
    """

    def decorate(fn):
        @functools.wraps(fn)
        def checked(*args, **kwargs):
            check_not_in_graph(what, depth=1)
            return fn(*args, **kwargs)

        return checked

    return decorate  # type: ignore[return-value]
