"""Which attributes of which Cells a trace reads: what a compiled Cell program depends on.

While any trace records (`recording`), attribute reads on Cells go through a recording
``__getattribute__`` installed on the Cell class; outside traces Cells keep Python's own
attribute lookup, so eager code pays nothing. A compiled program is then keyed by the
attributes it read (`msfunc.jit`), not by every attribute of the Cells it touched: a training
loop that logs into a Cell attribute its ``construct`` never reads keeps its program.
"""

from __future__ import annotations

import threading

__all__ = ["ALL", "recording", "register", "names_read", "fields_of", "note_reads"]

_tls = threading.local()
_lock = threading.Lock()
_active = [0]  # traces recording now, all threads together
_TARGETS = []  # the classes whose instances' reads are recorded (nn.Cell registers itself)

# Every attribute counts as read: the trace read the Cell's __dict__ itself, or the Cell's
# class looks attributes up its own way (a __getattribute__ of its own bypasses the record).
ALL = None


def register(cls):
    """Record attribute reads on instances of `cls` (and its subclasses) while tracing."""
    _TARGETS.append(cls)


def _recording_getattribute(self, name, _get=object.__getattribute__):
    for reads in _tls.__dict__.get("stack", ()):
        entry = reads.get(id(self))
        if entry is None:
            reads[id(self)] = (self, {name})
        else:
            entry[1].add(name)
    return _get(self, name)


def fields_of(obj):
    """`obj.__dict__` read by msfunc itself without counting as reading every attribute:
    the caller depends on no value there (a cache) or says what it read (`note_reads`).

    Example:
        >>> from msfunc import nn
        >>> "in_channels" in fields_of(nn.Dense(2, 3))
        True
    """
    return object.__getattribute__(obj, "__dict__")


def note_reads(obj, names):
    """Record that the running trace read the attributes `names` of `obj`.

    Example:
        >>> from msfunc import nn
        >>> net = nn.Dense(2, 3)
        >>> with recording() as reads:
        ...     note_reads(net, ["weight"])
        >>> reads[id(net)][1]
        {'weight'}
    """
    for reads in _tls.__dict__.get("stack", ()):
        entry = reads.get(id(obj))
        if entry is None:
            reads[id(obj)] = (obj, set(names))
        else:
            entry[1].update(names)


class recording:
    """Context manager giving {id(cell): (cell, names read)} for the reads made inside it
    on the calling thread.

    Example:
        >>> from msfunc import nn
        >>> net = nn.Dense(2, 3)
        >>> with recording() as reads:
        ...     _ = net.in_channels
        >>> sorted(reads[id(net)][1])
        ['in_channels']
    """

    def __enter__(self):
        self._reads = {}
        _tls.__dict__.setdefault("stack", []).append(self._reads)
        with _lock:
            _active[0] += 1
            if _active[0] == 1:
                for cls in _TARGETS:
                    cls.__getattribute__ = _recording_getattribute
        return self._reads

    def __exit__(self, *exc):
        _tls.stack.pop()
        with _lock:
            _active[0] -= 1
            if _active[0] == 0:
                for cls in _TARGETS:
                    del cls.__getattribute__
        return False


def names_read(cell, names):
    """The attribute names a program's key covers for `cell`: `names` (a set), or ALL where
    `__dict__` was read or the Cell's class looks attributes up its own way."""
    if names is ALL or "__dict__" in names:
        return ALL
    for klass in type(cell).__mro__:
        if klass in _TARGETS:
            break
        if "__getattribute__" in klass.__dict__:
            return ALL
    return names
