"""Which program a `jit` function runs for the Python state of the Cells its traces read.

A compiled program bakes in the Python attributes of the Cells its trace read (``training``,
hyper-parameters, which sub-Cells they hold). msfunc's own `jit` compiles again when one of
them changes: each program is keyed by the values its traces read (a *token*), and a call
picks the token for the Cells' current values.

A MindSpore program's graph mode (GRAPH_MODE, ``ms.jit``) does not perceive such changes:
a compiled graph keeps the attribute values of its first compile for its input signature
(MindSpore documents this), and only a Cell's phase selects another graph: its ``training``
flag (``set_train``) for a GRAPH_MODE Cell or a Cell's ``@jit`` method; a ``jit`` function or
``jit(cell)`` has one phase. A new input signature compiles with the values of the moment.
PyNative's own compiled calls (a Cell compiled in PyNative mode, an optimizer) stay exact.
"""

from __future__ import annotations

from .. import _state, context
from . import cell_reads

__all__ = ["WatchedCells"]


class WatchedCells:
    """The watched-Cells part of `Jitted`: `_watch` after each trace, `_revalidate` when
    the global epoch moved (a watched Cell changed)."""

    _graph: bool  # (set by `Jitted`: explicit compilation, graph mode's rules)

    def _init_watch(self, fn):
        self._cells = {}  # id(cell) -> watched Cell
        self._volatile = []  # (watched Cell, names) with mutable container attributes read
        self._volatile_print = None
        # program token -> {id(cell): the attribute names its traces read, sorted, or ALL}
        self._reads = {}
        # each distinct set of reads -> {fingerprint of those attributes -> program token}
        self._tokens = {}
        self._token = 0
        self._tokens_made = 1
        self._epoch = _state.epoch()
        # graph mode in a MindSpore program: phase (a Cell's training flag, or None) -> token
        self._phase_tokens = {}
        owner = getattr(fn, "__self__", fn)
        self._owner = owner if hasattr(type(owner), "construct") else None
        self.cell_entry = False  # a Cell's own compiled call (set by `Cell._graph_callable`)

    def _frozen(self):
        """Whether programs keep the attribute values of their first compile (graph mode in
        a MindSpore program; see the module docstring)."""
        if not self._graph or not context.mindspore_dtype_checks():
            return False
        if self.cell_entry:  # (a Cell's own compiled call: GRAPH_MODE's, or a @jit class's)
            return context._settings["mode"] == context.GRAPH_MODE or getattr(
                self._owner, "_msfunc_jit_class", False
            )
        return True

    def _phase(self):
        owner = self._owner
        return None if owner is None else bool(getattr(owner, "training", False))

    def _fresh_token(self):
        token = self._tokens_made
        self._tokens_made += 1
        return token

    def _fingerprint(self, reads):
        """The watched Cells' values of the attributes in `reads` (hashable)."""
        cells = self._cells
        return tuple(cells[key]._msfunc_fingerprint(names) for key, names in reads)

    def _watch(self, called, reads, token):
        """Key the program `token` by what its traces read: the Cells they called or read
        attributes of, and those attributes (all of them for a Cell whose own attribute
        lookup bypasses the record). Another state of the Cells that agrees on these reads
        runs the same program."""
        frozen = self._frozen()
        if frozen:
            self._phase_tokens.setdefault(self._phase(), token)
        for key, cell in called.items():
            reads.setdefault(key, (cell, set()))
        merged = dict(self._reads.get(token, ()))
        for key, (cell, names) in reads.items():
            names = cell_reads.names_read(cell, names)
            if key not in self._cells:
                self._cells[key] = cell
                cell._msfunc_watch()
            known = merged.get(key, ())
            merged[key] = _union(known, names)
        merged = tuple(sorted(merged.items(), key=_first))
        previous = self._reads.get(token)
        if previous is not None and previous != merged:
            # The token's programs now include a trace that read more: the smaller key
            # would pick them for states they were not traced in.
            programs = self._tokens[previous]
            for fingerprint in [f for f, t in programs.items() if t == token]:
                del programs[fingerprint]
        self._reads[token] = merged
        self._tokens.setdefault(merged, {})[self._fingerprint(merged)] = token
        union = {}
        for reads_of_token in self._reads.values():
            for key, names in reads_of_token:
                union[key] = _union(union.get(key, ()), names)
        self._volatile = [
            (self._cells[key], names)
            for key, names in union.items()
            if not frozen and self._cells[key]._msfunc_has_mutable_fields(names)
        ]
        self._volatile_print = self._mutable_print()

    def _mutable_print(self):
        return tuple(c._msfunc_mutable_fingerprint(names) for c, names in self._volatile)

    def _revalidate(self):
        """Pick the program token for the watched Cells' current state: one whose traces
        read the same values, else a new one (in frozen graph mode: the phase's)."""
        if self._volatile and self._epoch == _state.epoch():
            if self._mutable_print() == self._volatile_print:
                return
        self._epoch = _state.epoch()
        if self._frozen():
            token = self._phase_tokens.get(self._phase())
            self._token = token if token is not None else self._fresh_token()
            return
        token = None
        for reads, programs in self._tokens.items():
            token = programs.get(self._fingerprint(reads))
            if token is not None:
                break
        if token is None:
            token = self._fresh_token()  # (not traced yet: its reads are recorded when it is)
        self._token = token
        if self._volatile:
            self._volatile_print = self._mutable_print()


def _first(pair):
    return pair[0]


def _union(known, names):
    """The attribute names of two reads together, sorted (`cell_reads.ALL` if either is)."""
    if known is None or names is None:  # (cell_reads.ALL)
        return cell_reads.ALL
    return tuple(sorted({*known, *names}))
