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
call, as Python does.
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


def _changed(items, before):
    return len(items) != len(before) or any(a is not b for a, b in zip(items, before))


@contextlib.contextmanager
def watching(fn):
    """Raise `GlobalContainerWrite` (after undoing the change) where the block changed a
    global list that `fn` reaches; a block that raises has its changes undone too (a trace
    run again must start from the same state).

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
    snapshots = [(name, items, list(items)) for name, items in global_containers(fn).items()]
    try:
        yield
    except BaseException:
        for _, items, before in snapshots:
            items[:] = before
        raise
    changed = [name for name, items, before in snapshots if _changed(items, before)]
    for _, items, before in snapshots:
        items[:] = before
    if changed:
        raise GlobalContainerWrite(f"changed the global list '{changed[0]}' in place")
