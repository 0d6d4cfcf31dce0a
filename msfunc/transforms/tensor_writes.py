"""In-place writes into Tensors while `jit` traces: returned by the program, written after.

Eager code that runs ``t.add_(1)`` or ``t[0] = v`` on a Tensor it was given changes the
caller's Tensor; so does MindSpore's jit. A trace sees its arguments as new Tensors around
tracers, so a write would stay inside the program. `Tensor._assign` logs each write while a
trace records (`recording`); `written_arguments` turns the writes into the arguments' new
values, which the program returns beside the Parameters' writes (under negative keys) and
the call stores into the caller's Tensors. A write into a Tensor the function did not get
as a positional argument (a global, a closure's, one inside a list) cannot be carried out of
a cached program safely: the trace is undone and the function runs eagerly instead. A
Tensor the trace itself built (``Tensor(np.ones(shape))`` in a helper, then filled in place,
as MindSpore's graph compiler folds such a constant) is the trace's own: its writes stay inside.
"""

from __future__ import annotations

import contextlib

import jax

from .._jax_private import Tracer
from ..common.tensor import TRACE_WRITES, Tensor
from ..common.tensor_view_tree import refresh_views
from .attribute_writes import ATTRIBUTE_KEYS
from .staged_effects import StagedEffect

__all__ = ["CapturedTensorWrite", "recording", "written_arguments", "store_argument_writes"]


class CapturedTensorWrite(StagedEffect):
    """A traced function wrote in place into a Tensor it did not receive as a positional
    argument: it runs eagerly (a compiled program would not see the new value next call)."""


class _WriteLog(list):
    """The (Tensor, old value) writes of one trace; `made`: ids of the Tensors it built."""

    def __init__(self):
        super().__init__()
        self.made = set()


@contextlib.contextmanager
def recording():
    """Log the in-place Tensor writes of the code run inside (a list of (Tensor, old value)).

    Example:
        >>> import msfunc as ms
        >>> t = ms.Tensor([1.0])
        >>> with recording() as log:
        ...     _ = t.add_(1.0)
        >>> log[0][0] is t, log[0][1].tolist()
        (True, [1.0])
    """
    outer = TRACE_WRITES.log
    TRACE_WRITES.log = log = _WriteLog()
    try:
        yield log
    finally:
        TRACE_WRITES.log = outer


def written_arguments(log, args, kwargs):
    """The new values of the positional argument Tensors `log` shows written, keyed
    ``-1 - position``; raises `CapturedTensorWrite` (after restoring what was written)
    when a Tensor from outside the trace was written.

    Example:
        >>> import msfunc as ms
        >>> a, b = ms.Tensor([1.0]), ms.Tensor([2.0])
        >>> with recording() as log:
        ...     _ = b.add_(1.0)
        >>> {k: v.tolist() for k, v in written_arguments(log, (a, b), {}).items()}
        {-2: [3.0]}
    """
    if not log:
        return {}
    before = {}
    for tensor, old in log:
        before.setdefault(id(tensor), (tensor, old))
    positions = {id(a): i for i, a in enumerate(args) if type(a) is Tensor}
    nested = {
        id(leaf)
        for leaf in jax.tree.leaves((args, kwargs), is_leaf=lambda x: isinstance(x, Tensor))
        if isinstance(leaf, Tensor) and id(leaf) not in positions
    }
    made = getattr(log, "made", ())
    writes, outside = {}, []
    for key, (tensor, old) in before.items():
        if key in positions:
            writes[-1 - positions[key]] = tensor._value
        elif key in nested or not (isinstance(old, Tracer) or key in made):
            # a Tensor inside an argument's container, or one the trace did not create
            outside.append((tensor, old))
    if outside:
        for tensor, old in outside:
            tensor._value = old  # (no tracer may outlive the trace)
            refresh_views(tensor)
        raise CapturedTensorWrite(
            f"writes in place into a Tensor of shape {tuple(outside[0][0].shape)} that it "
            "does not take as a positional argument"
        )
    return writes


def store_argument_writes(args, writes):
    """Write the values a program returned for its argument Tensors (keys ``-1 - position``)
    into the caller's Tensors, as the eager in-place write would have.

    Example:
        >>> import jax.numpy as jnp, msfunc as ms
        >>> t = ms.Tensor([1.0])
        >>> store_argument_writes((t,), {-1: jnp.array([5.0])})
        >>> t.tolist()
        [5.0]
    """
    from ..common.tensor_views import write_items

    for key, value in writes.items():
        if ATTRIBUTE_KEYS < key < 0:  # (lower keys are Cell attributes: `attribute_writes`)
            target = args[-1 - key]
            if isinstance(target, Tensor):
                write_items(target, value)
