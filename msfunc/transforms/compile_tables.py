"""The compiled programs of PyNative transforms: one table per function, one entry per chain."""

from __future__ import annotations

import functools
import threading
import types
import weakref

from .cell_reads import fields_of
from .guard_purity import is_library

__all__ = ["MAX_PROGRAMS", "TABLES", "Entry", "Table", "current", "table_of"]

MAX_PROGRAMS = 8  # programs kept per transform (keys beyond evict the oldest)
MAX_TABLES = 256  # functions with compiled transforms kept (beyond: the oldest is dropped)


class _Current(threading.local):
    impl = None  # the eager transform of the call being compiled
    compiled = False  # whether this thread's last call ran its compiled program
    op_by_op = False  # ... run one primitive at a time (`Jitted.run_op_by_op`)


current = _Current()
# id(anchor) -> (weak reference to the anchor: a code object, function or owner, its table):
# keyed by id, as a WeakKeyDictionary lookup (a new weak reference per call) costs 0.8 µs.
TABLES = {}


# -- what a function's program depends on besides its arguments ----------------------------
class Table:
    """The programs compiled for one function (all transform chains over it)."""

    __slots__ = ("entries", "built", "__weakref__")

    def __init__(self):
        self.entries = {}  # (sub-key, transform chain) -> Entry
        self.built = {}  # a Cell's: (sub-key, kind, options) -> the AutoCompiled built over it


def table_of(fn):
    """(the table for `fn`, the sub-key telling its programs apart within the table)."""
    kind = type(fn)
    if kind is types.FunctionType:
        anchor, sub = fn.__code__, fn.__globals__.get("__name__")
        if fn.__closure__ and _library_function(fn):
            # One factory's functions (``ops.sin``, ``ops.cos``) share their code and differ
            # by what they close over, which the guards do not read in msfunc's own code.
            sub = (sub, fn)
    elif kind is types.MethodType:
        anchor, sub = fn.__self__, fn.__func__
    else:
        anchor, sub = fn, None
    if kind is not types.FunctionType and getattr(type(anchor), "_msfunc_by_reference", False):
        # A Cell: the table lives on it (a compiled program watches the Cell, so a weak
        # table would never let it go); `_msfunc_` attributes are caches to Cells.
        table = fields_of(anchor).get("_msfunc_auto_compile")
        if table is None:
            table = Table()
            object.__setattr__(anchor, "_msfunc_auto_compile", table)
        return table, sub
    hit = TABLES.get(id(anchor))
    if hit is not None and hit[0]() is anchor:
        return hit[1], sub
    try:
        ref = weakref.ref(anchor, functools.partial(_forget, id(anchor)))
    except TypeError:  # not weakly referable: no cache across wrappers
        return None, None
    table = Table()
    while len(TABLES) >= MAX_TABLES:
        # The oldest tables go: a table's programs hold its code object (in their source
        # information), so code that is gone (a notebook cell run again) would stay forever.
        del TABLES[next(iter(TABLES))]
    TABLES[id(anchor)] = (ref, table)
    return table, sub


def _library_function(fn):
    return is_library(getattr(fn, "__module__", None) or "")


def _forget(key, ref, tables=TABLES):
    """Drop a table whose anchor is gone (unless its id was taken by a newer anchor).

    (`tables` is bound at definition: at interpreter exit the module's globals are gone.)
    """
    hit = tables.get(key)
    if hit is not None and hit[0] is ref:
        del tables[key]


# -- one transform chain over one function ---------------------------------------------------
class Entry:
    """The compiled programs of one transform chain over one function."""

    __slots__ = (
        "programs",
        "eager",
        "converted",
        "calls",
        "misses",
        "name",
        "preload",
        "generation",
        "checked",
        "op_by_op",
        "rent",
        "estimate",
    )

    def __init__(self, name, preload):
        self.programs = {}  # environment key -> Jitted
        # Environments whose eager run was seen to leave the Python state it reads unchanged
        # (a program may be compiled for them from the next call on).
        self.checked = {}
        self.generation = 0  # bumped when a program is dropped (see AutoCompiled._fast)
        self.eager = False  # untraceable, or its key changes on most calls: run eagerly
        self.converted = None  # the chain over the source-converted function, once needed
        # Its compiled programs gave other numbers than eager execution: new ones run op by op
        self.op_by_op = False
        self.calls = 0
        self.misses = 0
        # Seconds its eager calls took since its last program was compiled, and the seconds
        # compiling it is estimated to take (`AutoCompiled`'s rental rule weighs the two).
        self.rent = 0.0
        self.estimate = 0.0
        self.name = name
        self.preload = preload  # Parameters to lift from the first trace (weights, a Cell's)

    def program(self, key):
        jitted = self.programs.get(key)
        if jitted is not None:
            return jitted
        self.misses += 1
        if self.misses > 2 * MAX_PROGRAMS and 2 * self.misses > self.calls:
            self.eager = True  # compiling on most calls costs more than eager execution
            self.drop_programs()
            return None
        if len(self.programs) >= MAX_PROGRAMS:
            del self.programs[next(iter(self.programs))]
            self.generation += 1
        jitted = self.programs[key] = self._new_program()
        self.rent = 0.0  # (a next program must pay its own compile)
        return jitted

    def drop_programs(self):
        self.programs.clear()
        self.generation += 1

    def _new_program(self):
        from .jit_compile import Jitted

        entry = self

        def run(*args, **kwargs):
            impl = entry.converted or current.impl
            return impl(*args, **kwargs)

        run.__name__ = run.__qualname__ = self.name
        run._msfunc_converted = True  # Jitted must not convert this trampoline's source
        jitted = Jitted(run, self.name, strict=True, pynative=True)
        jitted._lift(self.preload)
        if self.op_by_op:
            jitted.run_op_by_op()
        return jitted
