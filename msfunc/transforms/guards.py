"""Guards: the Python state a PyNative function reads, checked on every compiled call.

A compiled program bakes in every Python value its function read while it was traced:
a global config dict, a class attribute, ``self.scale`` of a bound method, a closure cell,
a ``functools.partial`` argument. MindSpore's PyNative mode reads them anew on each call,
so msfunc may reuse a program only while all of them are unchanged (TorchDynamo's guards
are the model). `plan` walks, once, what a function can reach: its globals and closure
cells, the attributes and items named in its code (and in the code of the user functions,
methods and classes it reaches), down to Python numbers, strings and arrays; `Plan.key`
reads those leaves again on each call into a hashable key (numbers and strings by value,
``-0.0`` apart from ``0.0``; jax arrays and Tensors by identity, as they are immutable;
small numpy arrays by content). A program is found by that key: any change selects (or
compiles) another program, never a stale one.

The walk also finds what makes compilation unsound whatever the key says: randomness,
clocks, I/O, ``print``, an iterator it draws from, and reads by a computed name
(``getattr(obj, name)``, ``vars()``, ``globals()``, ``eval``: `computed_names`), which
could reach values no probe reads (`Plan.impure` names the first found). Such a function
runs eagerly. State inside library containers (a defaultdict, a deque, an ``array.array``,
a namedtuple, a slotted object, a function's own attributes, the list behind a held
``list.append``) is read like a plain dict's or object's; what cannot be read, or not
cheaply (a dict of thousands of entries, a large numpy array, an object whose state the
walk cannot see), makes the plan unguardable, and the function runs eagerly too. `Plan.key`
is one function generated per plan (`guard_codegen`).
"""

from __future__ import annotations

import builtins
import collections.abc
import functools
import math
import numbers
import operator
import sys
import types

import numpy as np

from .. import _state
from .._jax_private import ArrayImpl
from ..common.tensor import Tensor
from .compile_keys import Identity
from .computed_names import computed_name_read
from .guard_codegen import Path, compile_key
from .guard_purity import BUILD_METHODS, FIXED_LIBRARIES, impure, is_library, module_name

__all__ = ["plan", "Plan", "leaf_key", "code_names"]

_MAX_PROBES = 2048  # more leaves than this: not guarded (checking would cost as much as eager)
_MAX_ITEMS = 256  # containers walked item by item up to this length
_MAX_ARRAY_BYTES = 1 << 16  # numpy arrays compared by content up to this size
_MAX_DEPTH = 8
_SCALARS = (bool, int, str, bytes, type(None), type(Ellipsis))
_READ_WHOLE = (collections.abc.Mapping, collections.abc.MutableSequence, collections.abc.MutableSet)
_IMMUTABLE = (numbers.Number, str, bytes, range, slice, frozenset, type(None))
_MISSING = object()
_TRANSFORMS_MEMO = "_msfunc_transforms"  # the transforms built over a function (a cache)


class Unguardable(Exception):
    """The state a function reads cannot be checked cheaply: it runs eagerly."""


def leaf_key(value):
    """A hashable key that changes when a leaf's value does: Python numbers by type and value
    (``-0.0`` apart from ``0.0``, NaN equal to NaN), arrays by identity or small content.

    Example:
        >>> leaf_key(0.0) == leaf_key(-0.0), leaf_key(1) == leaf_key(1.0)
        (False, False)
    """
    kind = type(value)
    if kind in _SCALARS:
        return (kind, value)
    if kind is float:
        if value != value:
            return (float, "nan")
        return (float, value, math.copysign(1.0, value))
    if kind is complex:
        return (complex, leaf_key(value.real), leaf_key(value.imag))
    if isinstance(value, np.ndarray):  # (a subclass too: np.matrix, a memmap)
        if value.nbytes > _MAX_ARRAY_BYTES or value.dtype.hasobject:
            raise Unguardable(f"a numpy array of {value.nbytes} bytes")
        return (kind, value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, np.generic):
        return (kind, value.tobytes())
    if kind is Tensor:  # its array changes on in-place writes (t[0] = v, t.add_(v))
        return Identity(value._value)
    inner = value.__dict__.get("_value") if hasattr(value, "__dict__") else None
    if inner is not None and not getattr(kind, "_msfunc_by_reference", False):
        return Identity(inner)
    return Identity(value)


def code_names(code, names):
    """Add the names and string constants of `code` and its nested code objects.

    Example:
        >>> found = set()
        >>> code_names((lambda: scale * 2).__code__, found)
        >>> sorted(found)
        ['scale']
    """
    names.update(code.co_names)
    for const in code.co_consts:
        if type(const) is str:
            names.add(const)
        elif isinstance(const, types.CodeType):
            code_names(const, names)


class Plan:
    """The probes of one function: ``key()`` reads them all into one hashable tuple (a
    function generated for this plan, see `guard_codegen`); `impure` says why it must run
    eagerly (None when it may be compiled)."""

    __slots__ = ("probes", "impure", "epoch", "cells", "key")

    def __init__(self, probes, impure, cells):
        self.probes = probes  # (kind, Path, value when planned) for each value read
        self.impure = impure
        self.cells = cells
        self.epoch = _state.epoch()
        # (A function that must run eagerly is never keyed: nothing to generate.)
        self.key = tuple if impure is not None else compile_key(probes, _safe_key, _safe, _MISSING)

    def current(self):
        """True while no Cell the plan reaches has been reassigned since it was made."""
        return self.epoch == _state.epoch()


class _Walker:
    """Builds a `Plan`: one pass over what a function reaches (see the module docstring)."""

    def __init__(self, names):
        self.names = names  # attribute, item and global names the reached code mentions
        self.probes = []
        self.seen = set()
        self.impure = None
        self.cells = []
        self.grew = False

    def add_code(self, code):
        before = len(self.names)
        code_names(code, self.names)
        self.grew |= len(self.names) != before

    def add_names(self, names):
        before = len(self.names)
        self.names.update(names)
        self.grew |= len(self.names) != before

    def probe(self, kind, path, value=None):
        """Read `path` on every call: its value keyed ("leaf"), its length ("len"), or the
        keys of its items (`_set_key`, `_sequence_key`)."""
        if len(self.probes) >= _MAX_PROBES:
            raise Unguardable(f"more than {_MAX_PROBES} Python values reached")
        self.probes.append((kind, path, value))

    def leaf(self, path, value):
        """Guard `value` (reached by `path`) and walk into it."""
        key = leaf_key(value)  # (raises Unguardable for what cannot be keyed)
        self.probe("leaf", path, value)
        if type(key) is Identity:
            self.walk(value, path, 0)

    def walk(self, value, path, depth):
        if id(value) in self.seen or depth > _MAX_DEPTH:
            return
        self.seen.add(id(value))
        reason = self.impure or impure(value)
        if reason is not None:
            self.impure = reason
            return
        kind = type(value)
        if kind is types.FunctionType:
            self.function(value)
        elif kind is types.MethodType:
            self.leaf(_attr(path, "__self__", False), value.__self__)
            self.walk(value.__func__, None, depth + 1)
        elif kind is functools.partial:
            self.walk(value.func, None, depth + 1)
            self.items(path, value.args, "partial_args")
            self.leaf(_attr(path, "keywords", False), value.keywords)
        elif kind in (types.BuiltinMethodType, types.MethodWrapperType) and not isinstance(
            value.__self__, (types.ModuleType, type(None))
        ):
            # ``log.append``, ``table.get`` held as a callable: the object it works on.
            self.leaf(_attr(path, "__self__", False), value.__self__)
        elif kind in (operator.attrgetter, operator.methodcaller):
            # ``attrgetter("scale")``: the names it reads, as if the code named them.
            held = [n for n in value.__reduce__()[1] if type(n) is str]
            self.add_names(part for name in held for part in name.split("."))
        elif kind is types.ModuleType:
            self.module(value, path, depth)
        elif isinstance(value, type):
            self.klass(value, depth)
        elif kind is dict:
            self.mapping(value, path)
        elif kind in (list, tuple):
            self.items(path, value, "items")
        elif kind in (set, frozenset):
            if len(value) > _MAX_ITEMS:
                raise Unguardable(f"a set of {len(value)} items")
            self.probe(_set_key, path)
        elif getattr(kind, "_msfunc_by_reference", False):
            self.reference(value, path, depth)
        elif kind is types.SimpleNamespace:
            self.attributes(value, path, depth)
        elif isinstance(value, (dict, list, tuple, set, frozenset)):
            self.subclassed(value, path, depth)  # (defaultdict, Counter, a namedtuple ...)
        elif hasattr(value, "__dict__") and not is_library(module_name(kind)):
            self.klass(kind, depth)
            self.attributes(value, path, depth)
        else:
            self.unwalked(value, path, depth)

    def unwalked(self, value, path, depth):
        """An object neither a container nor a plain user object: a library's object (its
        state is configuration), a user object without ``__dict__`` (its slots are read),
        or one whose state cannot be read (unguardable: the function runs eagerly)."""
        kind = type(value)
        module = module_name(kind)
        if isinstance(value, collections.abc.Iterator) and not isinstance(value, _IMMUTABLE):
            self.impure = f"it draws from an iterator ({kind.__name__})"
        elif not is_library(module):
            self.klass(kind, depth)
            if (
                not self.slots(value, path)
                and not callable(value)
                and not isinstance(value, _IMMUTABLE + (_READ_WHOLE,))
            ):
                raise Unguardable(
                    f"a {kind.__qualname__} object whose state the guards cannot read"
                )
            if isinstance(value, _READ_WHOLE):
                self.read_whole(value, path)
        elif module.split(".", 1)[0] in FIXED_LIBRARIES or not isinstance(value, _READ_WHOLE):
            self.held_functions(value, depth)
        else:
            self.read_whole(value, path)

    def subclassed(self, value, path, depth):
        """A subclass of dict, list, tuple or set: its items, and a user class's attributes
        and methods."""
        if hasattr(value, "__dict__") and not is_library(module_name(type(value))):
            self.klass(type(value), depth)
            self.attributes(value, path, depth)
        if isinstance(value, dict):
            self.mapping(value, path)
        elif isinstance(value, (set, frozenset)):
            self.read_whole(value, path)
        else:
            self.items(path, value, "items")

    def read_whole(self, value, path):
        """A container read item by item on every call: its items must be keyed by value
        (numbers, strings, arrays), not objects whose insides could change."""
        if len(value) > _MAX_ITEMS:
            raise Unguardable(f"a {type(value).__name__} of {len(value)} items")
        items = value.items() if isinstance(value, collections.abc.Mapping) else value
        for item in items:
            for leaf in item if isinstance(value, collections.abc.Mapping) else (item,):
                if type(leaf_key(leaf)) is Identity and type(leaf) not in (Tensor, ArrayImpl):
                    raise Unguardable(f"a {type(value).__name__} holding a {type(leaf).__name__}")
        self.probe(_whole_key, path)

    def slots(self, obj, path):
        """Read the slots the code names of a user object without ``__dict__``; whether it
        has slots at all."""
        found = False
        for base in type(obj).__mro__:
            names = vars(base).get("__slots__", ())
            for name in (names,) if isinstance(names, str) else names:
                found = True
                if name in self.names:
                    self.leaf(_attr(path, name, False), getattr(obj, name, _MISSING))
        return found

    def function(self, fn):
        module = getattr(fn, "__module__", None) or ""
        if is_library(module):
            return
        self.add_code(fn.__code__)
        self.impure = self.impure or computed_name_read(fn.__code__)
        namespace = fn.__globals__
        for name in sorted(self.names & namespace.keys()):
            self.leaf(Path("global", name=name, value=namespace), namespace[name])
        for name in sorted(self.names - namespace.keys()):
            if name in builtins.__dict__:
                reason = impure(builtins.__dict__[name])
                if reason is not None and name in fn.__code__.co_names:
                    self.impure = reason
        for cell in fn.__closure__ or ():
            self.leaf(Path("cell", value=cell), _cell_value(cell))
        for name in sorted(self.names & fn.__dict__.keys() - {_TRANSFORMS_MEMO}):
            # (a function's own attributes: ``step.scale = 2.0`` is a setting like another)
            self.leaf(_attr(_constant(fn), name, True), fn.__dict__[name])
        if fn.__defaults__:
            self.leaf(_attr(_constant(fn), "__defaults__", False), fn.__defaults__)
        if fn.__kwdefaults__:
            self.leaf(_attr(_constant(fn), "__kwdefaults__", False), fn.__kwdefaults__)

    def held_functions(self, obj, depth):
        """A library object (a primitive holding a hook, an optimizer's schedule): the user
        functions it holds, one level down, are walked for what they read and do."""
        state = getattr(obj, "__dict__", None)
        if not state:
            return
        for value in list(state.values()):
            for item in value.values() if type(value) is dict else (value,):
                if type(item) in (types.FunctionType, types.MethodType, functools.partial):
                    self.walk(item, None, depth + 1)

    def module(self, module, path, depth):
        if is_library(module.__name__):
            for name in self.names:  # ``np.random.rand``, ``time.monotonic`` ...
                attr = module.__dict__.get(name)
                if attr is not None and not isinstance(attr, (int, float, str)):
                    reason = impure(attr)
                    if reason is not None:
                        self.impure = reason
                        return
            return
        self.attributes(module, path, depth)

    def klass(self, cls, depth):
        for base in cls.__mro__:
            if is_library(base.__module__ or ""):
                continue
            for name, attr in list(vars(base).items()):
                if isinstance(attr, (staticmethod, classmethod)):
                    attr = attr.__func__
                if isinstance(attr, property):
                    attr = attr.fget
                if isinstance(attr, types.FunctionType):
                    if name not in BUILD_METHODS:  # (run once, when the object is made)
                        self.walk(attr, None, depth + 1)
                elif name in self.names and not name.startswith("__"):
                    self.leaf(_attr(_constant(base), name, True), attr)

    def attributes(self, obj, path, depth):
        state = getattr(obj, "__dict__", None)
        if state is None:
            return
        for name in sorted(self.names & state.keys()):
            self.leaf(_attr(path, name, True), state[name])

    def reference(self, obj, path, depth):
        """A Cell or Parameter: the state frame carries Parameters; a Cell's own attributes
        are watched (assigning one bumps the epoch, which rebuilds the plan); its plain
        containers and config objects are walked."""
        if not hasattr(obj, "construct"):
            return  # a Parameter: lifted by the compiled program
        watch = getattr(obj, "_msfunc_watch", None)
        if watch is not None:
            watch()
            self.cells.append(obj)
        self.klass(type(obj), depth)
        state = obj.__dict__
        for name in sorted(self.names & state.keys()):
            value = state[name]
            if not getattr(type(value), "_msfunc_by_reference", False):
                self.leaf(_attr(path, name, True), value)
        for value in list(state.values()):  # sub-Cells, reached by name or by index
            if hasattr(value, "construct") and getattr(type(value), "_msfunc_by_reference", False):
                self.walk(value, _constant(value), depth + 1)

    def mapping(self, mapping, path):
        if len(mapping) > _MAX_ITEMS:  # (a key computed at run time could be any of them)
            raise Unguardable(f"a dict of {len(mapping)} items")
        self.probe("len", path, mapping)
        # A dict subclass is read with dict.get: a defaultdict's [] would add the key.
        how = "item" if type(mapping) is dict else "entry"
        for key in list(mapping):
            self.leaf(Path(how, path or _constant(_MISSING), key), dict.__getitem__(mapping, key))

    def items(self, path, sequence, how):
        if how != "partial_args":
            self.probe("len", path, sequence)
        if len(sequence) > _MAX_ITEMS:
            if all(type(v) in _SCALARS or type(v) is float for v in sequence[:_MAX_ITEMS]):
                self.probe(_sequence_key, path)
                return
            raise Unguardable(f"a sequence of {len(sequence)} items")
        for i, value in enumerate(sequence):
            if how == "partial_args":
                self.leaf(_constant(value), value)
            else:
                self.leaf(_item(path, i), value)


def _cell_value(cell):
    try:
        return cell.cell_contents
    except ValueError:  # an empty cell (a name assigned later)
        return _MISSING


def _constant(value):
    return Path("const", value=value)


def _attr(parent, name, in_dict):
    return Path("attr", parent or _constant(_MISSING), name, in_dict=in_dict)


def _item(parent, key):
    return Path("item", parent or _constant(_MISSING), key)


def _set_key(items):
    return frozenset(map(leaf_key, items))


def _sequence_key(items):
    return tuple(map(leaf_key, items))


def _whole_key(container):
    """A container's type and items, keyed by value (see `_Walker.read_whole`)."""
    if isinstance(container, collections.abc.Mapping):
        return type(container), tuple((leaf_key(k), leaf_key(v)) for k, v in container.items())
    return type(container), tuple(map(leaf_key, container))


def _safe(value, read):
    try:
        return read(value)
    except Exception:  # noqa: BLE001 - a changed structure: a key no earlier one equals
        return _MISSING


def _safe_key(value):
    try:
        return leaf_key(value)
    except Unguardable:
        return Identity(_MISSING)


def plan(fn):
    """The guard plan of `fn` (a function, bound method, partial, Cell or callable object).

    Raises `Unguardable` when what it reads cannot be checked cheaply.

    Example:
        >>> cfg = {"scale": 1.0}
        >>> def f(x):
        ...     return x * cfg["scale"]
        >>> f.__module__ = "__main__"  # (a doctest's functions pose as msfunc's own)
        >>> p = plan(f)
        >>> before = p.key()
        >>> cfg["scale"] = 2.0
        >>> p.key() == before, p.impure
        (False, None)
    """
    names = set()
    for _ in range(3):  # names found in code reached late may reach more: walk again
        walker = _Walker(names)
        root = _constant(fn)
        if isinstance(fn, types.FunctionType):
            walker.function(fn)
            walker.seen.add(id(fn))
        else:
            walker.walk(fn, root, 0)
        if not walker.grew or walker.impure:
            break
        names = walker.names
    return Plan(walker.probes, walker.impure, walker.cells)


def modules_loaded():
    """How many modules are loaded (a plan reads module attributes by name; a new import
    cannot change what an existing plan reads)."""
    return len(sys.modules)
