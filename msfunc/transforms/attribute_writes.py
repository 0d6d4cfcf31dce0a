"""Cell attributes a MindSpore program's graph mode assigns inside a compiled function.

MindSpore's graph mode runs ``self.m = 3`` or ``self.total = x + 1`` inside a compiled
``construct``: after each call the Cell holds the value assigned. While `jit` traces such a
function (in a MindSpore program) the assignment takes effect for the rest of the trace, so
reads see it, and is undone when the trace ends (a traced value must not stay in the Cell);
each call of the compiled program then assigns it again: a Python value as it was assigned,
a Tensor from the program's outputs. Cells made during the trace are assigned as usual.
"""

from __future__ import annotations

import contextlib
import threading

from ..common.tensor import Tensor, unwrap, wrap
from .static_outputs import StaticLeaf

__all__ = ["ATTRIBUTE_KEYS", "AttributeSlots", "recording", "record", "note_created"]

# keys of a program's writes at or below this are attribute writes (`jit_compile`); above it,
# negative keys are argument Tensors (`tensor_writes`)
ATTRIBUTE_KEYS = -(1 << 20)
_MISSING = object()


class _Log(threading.local):
    writes: dict | None = None  # (id(cell), name) -> [cell, name, value before, value now]
    created: set | None = None  # ids of the Cells made while the trace runs


_LOG = _Log()


@contextlib.contextmanager
def recording():
    """Record the attribute assignments `record` takes while the block runs; yields the
    records, each ``[cell, name, value before, value assigned]``, and undoes them at the end.

    Example:
        >>> class Box:
        ...     pass
        >>> box = Box()
        >>> with recording() as writes:
        ...     _ = record(box, "m", 3)
        ...     inside = box.m
        >>> inside, hasattr(box, "m"), [w[3] for w in writes.values()]
        (3, False, [3])
    """
    outer = _LOG.writes, _LOG.created
    writes = _LOG.writes = {}
    _LOG.created = set()
    try:
        yield writes
    finally:
        _LOG.writes, _LOG.created = outer
        for cell, name, before, _ in reversed(list(writes.values())):
            if before is _MISSING:
                cell.__dict__.pop(name, None)
            else:
                object.__setattr__(cell, name, before)


def record(cell, name, value):
    """Take ``cell.name = value`` into the running record: True where it was (a Cell that
    existed before the trace, while `recording`), False where the caller assigns as usual.

    Example:
        >>> class Box:
        ...     pass
        >>> record(Box(), "m", 3)  # (no record running)
        False
    """
    writes, created = _LOG.writes, _LOG.created
    if writes is None or created is None or id(cell) in created:
        return False
    entry = writes.get((id(cell), name))
    if entry is None:
        before = cell.__dict__.get(name, _MISSING)
        writes[(id(cell), name)] = [cell, name, before, value]
    else:
        entry[3] = value
    object.__setattr__(cell, name, value)
    return True


def note_created(cell):
    """Note a Cell made while a record runs (its own attributes are assigned as usual).

    Example:
        >>> note_created(object())  # (no record running: nothing to note)
    """
    created = _LOG.created
    if created is not None:
        created.add(id(cell))


class AttributeSlots:
    """The Cell attributes one compiled function assigns: a stable write key for each (at or
    below `ATTRIBUTE_KEYS`), the values a trace returns for them, and the assignments after a
    call.

    Example:
        >>> import jax.numpy as jnp
        >>> class Box:
        ...     pass
        >>> box, slots = Box(), AttributeSlots()
        >>> with recording() as writes:
        ...     _ = record(box, "m", 3)
        ...     outputs = slots.outputs(writes)
        >>> slots.store(outputs)
        >>> box.m
        3
    """

    def __init__(self):
        self.keys = {}  # (id(cell), name) -> key
        self.targets = {}  # key -> (cell, name)

    def outputs(self, writes):
        """{key: the assigned value as a program output (an array, or a `StaticLeaf`)}."""
        out = {}
        for cell, name, _, value in writes.values():
            key = self.keys.setdefault((id(cell), name), ATTRIBUTE_KEYS - len(self.keys))
            self.targets[key] = (cell, name)
            out[key] = unwrap(value) if isinstance(value, Tensor) else StaticLeaf(value)
        return out

    def store(self, writes):
        """Assign the values a call returned for the attributes (`outputs`' keys)."""
        for key, value in writes.items():
            if key <= ATTRIBUTE_KEYS:
                cell, name = self.targets[key]
                setattr(cell, name, value.value if isinstance(value, StaticLeaf) else wrap(value))
