"""The state frame: how mutable Parameters meet pure JAX transforms.

A Parameter's value lives in its box. A transform that must see Parameters as
inputs opens a `Frame` inside the function it hands to JAX: the frame maps some
Parameters to traced values (``lifted``) and records every write made while it
is the innermost frame. The transform returns those writes as extra outputs and
commits them to the enclosing frame (or to the boxes) once JAX has returned.

Reads walk the frames from the innermost outwards. A *capturing* frame (jit,
data_sink) must lift every Parameter its function touches, because its trace is
cached: a read or write it has not lifted is recorded in ``missed`` so the
transform can re-trace with the longer list instead of baking a stale constant.
"""

from __future__ import annotations

import jax
from jax.extend.core import get_opaque_trace_state

_MISSING = object()
# The active frames, innermost last. Module-global: transforms trace on the
# calling thread, and a plain list keeps the eager read path a single check.
FRAMES: list[Frame] = []


class Frame:
    """One transform's view of Parameter state (see the module docstring)."""

    __slots__ = ("lifted", "writes", "capturing", "missed", "trace_state", "owner")

    def __init__(self, lifted=None, capturing=False, owner="a transform"):
        self.lifted = lifted if lifted is not None else {}  # id(param) -> value
        self.writes = {}  # id(param) -> (param, value), in write order
        self.capturing = capturing
        self.missed = {}  # id(param) -> param: touched but not lifted
        self.trace_state = get_opaque_trace_state(convention="msfunc")
        self.owner = owner

    def __enter__(self):
        FRAMES.append(self)
        return self

    def __exit__(self, *exc):
        popped = FRAMES.pop()
        assert popped is self, "msfunc state frames closed out of order"
        return False

    def written(self):
        """The writes as a list of (param, value) pairs."""
        return list(self.writes.values())


def read(param):
    """The value of `param` as seen from the innermost frame."""
    if not FRAMES:
        return param._value
    key = id(param)
    for frame in reversed(FRAMES):
        hit = frame.writes.get(key)
        if hit is not None:
            return hit[1]
        value = frame.lifted.get(key, _MISSING)
        if value is not _MISSING:
            return value
        if frame.capturing and not isinstance(param._value, jax.core.Tracer):
            # Not lifted: the cached trace would bake this value as a constant.
            # Record it; the transform re-traces with the Parameter lifted.
            frame.missed[key] = param
    return param._value


def write(param, value):
    """Write `value` to `param` in the innermost frame, or its box if none.

    Raises a ValueError naming the Parameter when the write comes from inside
    a JAX transformation that no msfunc frame carries (a tracer would leak).
    """
    if FRAMES:
        frame = FRAMES[-1]
        if frame.trace_state != get_opaque_trace_state(convention="msfunc"):
            _raise_leak(param, "inside a JAX transformation nested in " + frame.owner)
        if (frame.capturing and id(param) not in frame.lifted
                and not isinstance(param._value, jax.core.Tracer)):
            frame.missed[id(param)] = param
        frame.writes[id(param)] = (param, value)
        return
    if isinstance(value, jax.core.Tracer) and not isinstance(param._value, jax.core.Tracer):
        _raise_leak(param, "inside a JAX transformation (jax.jit, jax.grad, lax.scan ...)")
    param._value = value


def _raise_leak(param, where):
    raise ValueError(
        f"Parameter '{param.name}' was written {where} that does not carry msfunc "
        "state, so the new value would be a leaked tracer. Write Parameters only "
        "inside msfunc transforms (msfunc.jit, msfunc.grad, msfunc.value_and_grad, "
        "msfunc.vmap, msfunc.data_sink), or pass the Cell to the JAX transform as an "
        "argument and return the updated Cell."
    )


def commit(pairs):
    """Commit (param, value) pairs produced by a finished transform."""
    for param, value in pairs:
        write(param, value)


def innermost_capturing():
    """The innermost capturing frame, or None (used to inline nested jits)."""
    for frame in reversed(FRAMES):
        if frame.capturing:
            return frame
    return None
