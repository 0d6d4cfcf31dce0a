"""Graph mode's in-place changes to global lists happen on every call, not once.

MindSpore's graph mode runs ``global_list.reverse()``, ``.extend``, ``.insert`` and ``.pop`` on
each call of a compiled function, on the global list itself, and a compiled function that
returns such a global returns that very list. A traced program would make the change once,
when traced, and return a copy (a traced Tensor put into the list would leak from the trace).
In a MindSpore program, `watching` snapshots the global lists a function reaches around its
trace: where the trace changed one, it is restored and `GlobalContainerWrite` makes `jit` run
the function eagerly from then on, so each call changes and returns the global list itself.
msfunc's own `jit` keeps JAX's rule (a Python effect happens when the function is traced),
by which its users count traces.

MindSpore 2.10 leaves a global list unchanged by ``append``, ``clear`` and item assignment
inside a compiled function (it works on a copy); msfunc makes those changes too, on every
call, as Python does. A global dict's item assignment stays a trace-time change (graph mode
assigns the value it computed at compile time on each call), but a trace that is abandoned
(it raised, or it changed a global list) has its dict changes undone too, so the eager run
or the next trace starts from the same state.
"""

from __future__ import annotations

import contextlib

from .global_tensors import global_containers
from .tensor_writes import CapturedTensorWrite

__all__ = ["GlobalContainerWrite", "watching"]


class GlobalContainerWrite(CapturedTensorWrite):
    """A traced function changed a global list in place: it runs eagerly."""

    consequence = (
        "a compiled program would make that change once, when traced, not on every call as "
        "graph mode does, so it runs eagerly (uncompiled) from now on. Pass the list as an "
        "argument and return the new one to keep it compiled."
    )


def _content(container):
    return list(container.items()) if type(container) is dict else list(container)


def _changed(container, before):
    now = _content(container)
    if type(container) is dict:
        now, before = [x for kv in now for x in kv], [x for kv in before for x in kv]
    return len(now) != len(before) or any(a is not b for a, b in zip(now, before))


def _undo(changed):
    for _, container, before in changed:
        if type(container) is dict:
            container.clear()
            container.update(before)
        else:
            container[:] = before


@contextlib.contextmanager
def watching(fn):
    """Raise `GlobalContainerWrite` (after undoing the trace's changes) where the block
    changed a global list that `fn` reaches; a block that raises has its changes to global
    lists and dicts undone too (a trace run again must start from the same state).

    Example:
        >>> seen = [1, 2]
        >>> def f():
        ...     seen.reverse()
        >>> f.__module__ = "__main__"
        >>> try:
        ...     with watching(f):
        ...         f()
        ... except GlobalContainerWrite as exc:
        ...     print(exc, seen)
        changed the global list 'seen' in place [1, 2]
    """
    snapshots = [(name, c, _content(c)) for name, c in global_containers(fn).items()]

    def changed():
        return [(name, c, before) for name, c, before in snapshots if _changed(c, before)]

    try:
        yield
    except BaseException:
        _undo(changed())
        raise
    done = changed()
    lists = [name for name, c, _ in done if type(c) is list]
    if lists:
        _undo(done)
        raise GlobalContainerWrite(f"changed the global list '{lists[0]}' in place")
