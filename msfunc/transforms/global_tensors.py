"""The Tensors a compiled function reaches through module globals: graph mode reads them live.

MindSpore's graph mode holds a Tensor named by a module global (directly, or as an item of a
global list, tuple or dict) by reference: an item write into it between two calls of a
compiled function (``t[0] = 5``, a write into the numpy array ``Tensor.from_numpy`` shares)
is seen by the next call, without compiling again. The object is the one the name held when
the program was compiled: binding the name to another Tensor afterwards is not seen. A
Tensor held by a closure cell or a Cell attribute is a constant of the program instead.

`jit` lifts the Tensors `global_tensors` finds as inputs of its programs, as it lifts
Parameters, so each call passes their current values. Where a trace needs the value of one
in Python (``if FLAG:``, ``range(int(N))``), graph mode resolves it while compiling: that
function's global Tensors become constants of its programs again.

MindSpore also evaluates an expression of such Tensors alone (``t * 2``, ``t.sum()``, no
input of the function involved) while compiling; msfunc computes it on each call.
"""

from __future__ import annotations

import contextlib
import functools
import types

from .._jax_private import ArrayImpl
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..common.tensor_numpy_share import swap_value
from .guard_purity import is_library, module_name
from .guards import code_names

__all__ = ["global_containers", "global_tensors", "standing_in", "by_reference"]

_MAX_FUNCTIONS = 4096  # a walk that reaches more user code than this stops there
_MAX_ITEMS = 256  # global lists, tuples and dicts are looked into up to this length


def global_tensors(fn):
    """The Tensors (not Parameters) that `fn` and the user code it reaches name as module
    globals, or hold in a global list, tuple or dict, in the order found.

    Example:
        >>> import msfunc as ms
        >>> scale = ms.Tensor([2.0])
        >>> def f(x):
        ...     return x * scale
        >>> f.__module__ = "__main__"  # (a doctest's functions pose as msfunc's own)
        >>> [t is scale for t in global_tensors(f)]
        [True]
    """
    walk = _Walk()
    walk.visit(fn)
    return list(walk.found.values())


def global_containers(fn):
    """The lists and dicts that `fn` and the user code it reaches name as module globals:
    {global name: container} (what a trace that changes one in place would change once, at
    compile time).

    Example:
        >>> history = []
        >>> def f(x):
        ...     history.append(x)
        ...     return x
        >>> f.__module__ = "__main__"
        >>> global_containers(f)["history"] is history
        True
    """
    walk = _Walk()
    walk.visit(fn)
    return walk.containers


def by_reference(obj):
    """Whether `obj`, lifted by `jit`, is a Tensor read by reference (not a Parameter, nor
    other state `jit` lifts: random keys, counters).

    Example:
        >>> import msfunc as ms
        >>> by_reference(ms.Tensor(1.0)), by_reference(ms.Parameter(ms.Tensor(1.0)))
        (True, False)
    """
    kind = type(obj)
    return Tensor in kind.__mro__ and not issubclass(kind, Parameter)


@contextlib.contextmanager
def standing_in(lifted, values):
    """While the block runs, each Tensor (not Parameter) of `lifted` holds its value of
    `values` (a trace's stand-in: what the function reads of it becomes a program input).

    Example:
        >>> import jax.numpy as jnp
        >>> import msfunc as ms
        >>> t = ms.Tensor([1.0])
        >>> with standing_in([t], [jnp.zeros(1)]):
        ...     inside = t.tolist()
        >>> inside, t.tolist()
        ([0.0], [1.0])
    """
    held = [(t, swap_value(t, v)) for t, v in zip(lifted, values) if by_reference(t)]
    try:
        yield
    finally:
        for t, value in held:
            swap_value(t, value)


class _Walk:
    def __init__(self):
        self.found = {}  # id(tensor) -> tensor
        self.containers = {}  # global name -> a list or dict it names
        self.seen = set()

    def visit(self, obj):
        """Walk the user code `obj` runs: a function, method, partial, Cell, jitted function."""
        if id(obj) in self.seen or len(self.seen) > _MAX_FUNCTIONS:
            return
        self.seen.add(id(obj))
        kind = type(obj)
        if kind is types.FunctionType:
            self.function(obj)
        elif kind is types.MethodType:
            self.visit(obj.__self__)
            self.visit(obj.__func__)
        elif kind is functools.partial:
            self.visit(obj.func)
        elif hasattr(obj, "_msfunc_convert"):  # (a function `jit` compiles, a sink's loop)
            self.visit(getattr(obj, "_fn", None))
        elif hasattr(obj, "__dict__") and not isinstance(obj, type):
            self.instance(obj)

    def instance(self, obj):
        """A user object (a Cell): its class's functions, and the Cells it holds."""
        if not is_library(module_name(type(obj))):
            for base in type(obj).__mro__:
                if is_library(module_name(base)):
                    continue
                for member in vars(base).values():
                    if isinstance(member, (staticmethod, classmethod)):
                        member = member.__func__
                    self.visit(member)
        for value in list(vars(obj).values()):
            items = value.values() if type(value) is dict else value
            for item in items if type(value) in (list, tuple, dict) else (value,):
                # (a Cell it holds, directly or in a list; a function it calls)
                if hasattr(type(item), "construct") or type(item) in _CODE:
                    self.visit(item)

    def function(self, fn):
        if is_library(getattr(fn, "__module__", None) or ""):
            return
        namespace = fn.__globals__
        for name in _names(fn.__code__):
            value = namespace.get(name, _MISSING)
            if value is _MISSING:
                continue
            if isinstance(value, (list, tuple, dict)):
                if type(value) in (list, dict):
                    self.containers.setdefault(name, value)
                if len(value) <= _MAX_ITEMS:  # (a larger one is data, not read by a program)
                    for item in value.values() if isinstance(value, dict) else value:
                        self.tensor(item)
            elif not self.tensor(value) and callable(value):
                self.visit(value)
        for cell in fn.__closure__ or ():
            try:
                value = cell.cell_contents
            except ValueError:  # (a name assigned later)
                continue
            if callable(value) and not isinstance(value, Tensor):
                self.visit(value)  # (the globals of a function it closes over)

    def tensor(self, value):
        """Record `value` if it is a Tensor read by reference; whether it is a Tensor."""
        if not isinstance(value, Tensor):
            return False
        if not by_reference(value):
            return True  # (Parameters and state boxes are lifted as such)
        if type(value._value) is ArrayImpl:  # (a declared input's placeholder holds none)
            self.found.setdefault(id(value), value)
        return True


_MISSING = object()
_CODE = (types.FunctionType, types.MethodType, functools.partial)


def _names(code):
    """The names `code` and the code objects nested in it mention (`guards`' reading), sorted."""
    names = set()
    code_names(code, names)
    return sorted(names)
