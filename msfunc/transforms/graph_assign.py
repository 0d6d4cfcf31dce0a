"""MindSpore's Assign of a Parameter held in an attribute (``self.w = f(self.w)``) in a MindSpore
program: the value goes into the Parameter, later reads see it, and the gradient with respect to
the Parameter is that of its reads (Assign passes no gradient to the assigned expression).

A Cell's attributes go through `Cell.__setattr__`; a plain object's (a problem or trainer class
holding Parameters) are caught while a compiled function traces, by `plain_object_assigns`.
"""

from __future__ import annotations

import contextlib

import jax
import numpy as np

from .._jax_private import Tracer
from .._state import read

__all__ = ["assigned_value", "plain_object_assigns"]

# how deep `plain_object_assigns` looks through the attributes of a compiled function's
# arguments for objects holding Parameters (a trainer holding a problem holding them: 2)
_DEPTH = 3


@jax.custom_jvp
def _assigned(held, value):
    return value


@_assigned.defjvp
def _assigned_jvp(primals, tangents):
    # the new value moves with the Parameter, as a read of it would; not with the expression
    return primals[1], tangents[0]


def assigned_value(param, value):
    """`value` as MindSpore's Assign writes it into `param`: the same numbers, differentiated
    as a read of `param` (no gradient through `value`'s own inputs). Outside a trace, or where
    the shape or dtype changes, `value` as it is.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> import msfunc as ms
        >>> p = ms.Parameter(ms.Tensor(1.0), name="p")
        >>> def loss(w):
        ...     with ms._state.Frame({id(p): w}):
        ...         return 3.0 * assigned_value(p, jnp.sin(w))
        >>> float(jax.grad(loss)(1.0))  # 3, not 3 * cos(1)
        3.0
    """
    held = read(param)
    new = getattr(value, "_value", value)
    if not isinstance(new, jax.Array):
        return value
    if not (isinstance(new, Tracer) or isinstance(held, Tracer)):
        return value
    if new.shape != held.shape or new.dtype != held.dtype:
        return value
    return _assigned(held, new)


@contextlib.contextmanager
def plain_object_assigns(args):
    """While a compiled function of a MindSpore program traces, an attribute of a plain object
    (not a Cell) reachable from its arguments that holds a Parameter is written as MindSpore's
    graph mode writes it: ``obj.w = value`` assigns the Parameter in place (its reads follow)
    instead of replacing it with a traced Tensor that would leak out of the trace.

    The classes of such objects get a ``__setattr__`` for the trace's duration only.
    """
    from ..common.parameter import Parameter
    from ..common.tensor import Tensor

    classes = {}
    seen = set()
    leaves = (Parameter, Tensor, jax.Array, np.ndarray, int, float, str, bytes, bool)

    def visit(obj, depth):
        if id(obj) in seen or depth > _DEPTH:
            return
        seen.add(id(obj))
        for inner in _held_by_function(obj):  # (a bound method's object, a closure's cells)
            visit(inner, depth + 1)
        if isinstance(obj, type):
            return
        attrs = getattr(obj, "__dict__", None)
        attrs = attrs if isinstance(attrs, dict) else {}
        if not _is_cell(obj) and any(isinstance(v, Parameter) for v in attrs.values()):
            classes.setdefault(type(obj), type(obj).__dict__.get("__setattr__"))
        for value in [*attrs.values(), *_slot_values(obj)]:
            if not isinstance(value, leaves):
                visit(value, depth + 1)

    for arg in args:
        if arg is not None:
            visit(arg, 0)
    patched = {}
    for cls, own in classes.items():
        try:
            cls.__setattr__ = _assigning_setattr(cls, Parameter)
        except TypeError:  # (a built-in or extension type: its attributes stay as they are)
            continue
        patched[cls] = own
    try:
        yield
    finally:
        for cls, own in patched.items():
            if own is None:
                del cls.__setattr__
            else:
                cls.__setattr__ = own


def _is_cell(obj):
    """Whether `obj` is a Cell (whose own ``__setattr__`` writes Parameters), by its classes'
    names: this layer does not import ``msfunc.nn``."""
    return any(k.__name__ == "Cell" and k.__module__ == "msfunc.nn.cell" for k in type(obj).__mro__)


def _slot_values(obj):
    """The values of `obj`'s ``__slots__`` (msfunc's transform objects keep their function so)."""
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in ("__weakref__", "__dict__"):
                continue
            try:
                value = getattr(obj, name, None)
            except Exception:  # noqa: BLE001 - a descriptor that refuses: nothing to walk
                continue
            if value is not None:
                yield value


def _held_by_function(obj):
    """What a function reaches besides its arguments: a bound method's object, a closure's
    cells, the globals its code names."""
    owner = getattr(obj, "__self__", None)
    if owner is not None and not isinstance(owner, type):
        yield owner
    fn = getattr(obj, "__func__", obj)
    code = getattr(fn, "__code__", None)
    if code is None:
        return
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            yield cell.cell_contents
        except ValueError:  # (a cell not yet filled)
            continue
    names = getattr(fn, "__globals__", {})
    for name in code.co_names:
        if name in names:
            yield names[name]


def _assigning_setattr(cls, parameter_type):
    own = cls.__dict__.get("__setattr__")

    def __setattr__(self, name, value):
        held = self.__dict__.get(name)
        if isinstance(held, parameter_type) and not isinstance(value, parameter_type):
            if isinstance(getattr(value, "_value", value), Tracer):
                held.set_data(assigned_value(held, value))
                return
        if own is not None:
            own(self, name, value)
        else:
            super(cls, self).__setattr__(name, value)

    return __setattr__
