"""The state frame: how mutable Parameters meet pure JAX transforms (the package's bottom layer).

A Parameter's value lives in its box (a `Box` subclass). A transform that must
see Parameters as inputs opens a `Frame` inside the function it hands to JAX:
the frame maps some Parameters to traced values (``lifted``) and records every
write made while it is the innermost frame. The transform returns those writes
as extra outputs and commits them to the enclosing frame (or to the boxes) once
JAX has returned. `run_collecting` is that whole pattern, written once.

Reads walk the frames from the innermost outwards. A *capturing* frame (jit,
data_sink) must lift every Parameter its function touches, because its trace is
cached: a read or write it has not lifted is recorded in ``missed`` so the
transform re-traces with the longer list instead of baking a stale constant.

JAX caches the traces of nested functions (a `lax.scan` body, a `jax.jit`
helper, a `jax.checkpoint`-ed function) by the function and its argument
shapes. Such a trace made inside a frame may close over the frame's traced
values, which die with the frame. So frames *isolate*: while one is open, JAX's
trace caches are keyed by a value unique to it, and nothing traced under it is
reused after it closes. Capturing frames always isolate (they trace once per
signature); eager frames (grad, vjp ...) start without it and are re-run
isolated by `run_collecting` when a nested cached trace reads their values,
which is rare and would otherwise cost a re-trace of every jitted op per call.

A read of a Parameter's stored (concrete) value inside a JAX trace that stages
code (``jax.jit``, a `lax.scan`/`cond`/`while_loop` body, ``jax.checkpoint``)
with no msfunc frame open would bake the value into a cached program, so later
updates would be silently ignored: it raises `StateError` naming the Parameter.

All frame stacks are thread-local: each thread traces and runs its own steps.
"""

from __future__ import annotations

import itertools

from ._jax_private import EVAL_TRACE as _EVAL_TRACE
from ._jax_private import StagingTrace as _StagingTrace
from ._jax_private import Tracer as _Tracer
from ._jax_private import thread_state, trace_context_option, trace_ctx
from .errors import StateError

__all__ = [
    "Box",
    "Frame",
    "StateError",
    "read",
    "write",
    "commit",
    "run_collecting",
    "innermost_capturing",
    "staged_above",
    "frames",
    "vmap_axes",
    "note_cell",
    "note_created",
    "note_constant",
    "refuse_constant_writes",
    "bump_epoch",
    "epoch",
    "isolated",
    "strip_boxes",
    "run_isolating",
    "advance_rng",
    "new_isolation",
    "on_rng_pending",
    "freezing",
    "thread_state",
    "EPOCH",
]

_MISSING = object()


class Box:
    """Base class of msfunc's mutable state cells: a subclass stores ``_value`` and ``name``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc._state import Box
        >>> isinstance(ms.Parameter(ms.Tensor(1.0), name="p"), Box)
        True
    """

    __slots__ = ()


# The calling thread's frames (``.frames``, innermost last), msfunc vmap axes (``.axes``)
# and `freezing` depth, kept with the trace-position queries in `msfunc._jax_private`.
# Hot paths read ``thread_state.frames`` directly (an attribute read, no call).
_tls = thread_state

# Part of JAX's trace-cache key (see the module docstring); 0 outside isolating frames.
_ISOLATION = trace_context_option("msfunc_trace_isolation", 0)
_isolation_ids = itertools.count(1)

# Bumped when a Cell that a compiled function depends on changes (see note_cell). Hot paths
# compare ``EPOCH[0]`` (a list read, no call); `epoch()` is the same value.
EPOCH = [0]


def frames():
    """The calling thread's active frames, innermost last."""
    return _tls.frames


def vmap_axes():
    """The calling thread's stack of msfunc vmap axis names (outermost first)."""
    return _tls.axes


def epoch():
    """A counter that changes whenever a Cell watched by a compiled function changes."""
    return EPOCH[0]


def bump_epoch():
    EPOCH[0] += 1


class _NeedsIsolation(Exception):
    """Raised out of a non-isolating frame whose values a nested cached trace read."""

    def __init__(self, frame):
        super().__init__("re-run the transform with an isolating frame")
        self.frame = frame


class Frame:
    """One transform's view of Parameter state (see the module docstring).

    Args:
        lifted: id(Parameter) -> the value the transform traces it with.
        capturing: record reads and writes of Parameters that are not lifted
            (in ``missed``), for transforms whose traces are cached.
        isolate: key JAX's trace caches by this frame while it is open (capturing
            frames always do). Never isolate a frame opened outside a JAX trace:
            JAX's eager op cache is keyed the same way, so every op would recompile.
        restartable: the frame is run by `run_isolating`, which re-runs it isolated
            when a nested cached trace reads its values; other frames raise then.
        owner: how error messages name the transform.
        graph: the capturing frame compiles with graph mode's semantics (GRAPH_MODE, an
            explicit `msfunc.jit`), not a PyNative program that must give the eager result.
    """

    __slots__ = (
        "graph",
        "lifted",
        "writes",
        "capturing",
        "missed",
        "trace",
        "owner",
        "isolate",
        "cells",
        "created",
        "used",
        "rng_pending",
        "random_nodes",
        "random_engines",
        "random_inputs",
        "restartable",
        "_previous_isolation",
    )

    def __init__(
        self,
        lifted=None,
        capturing=False,
        owner="a transform",
        isolate=False,
        restartable=False,
        graph=False,
    ):
        self.graph = graph
        self.lifted = lifted if lifted is not None else {}  # id(param) -> value
        self.writes = {}  # id(param) -> (param, value), in write order
        self.capturing = capturing
        self.isolate = isolate or capturing
        self.restartable = restartable  # run by run_isolating, which re-runs it isolated
        self.missed = {}  # id(param) -> param: touched but not lifted
        self.cells = {}  # id(cell) -> cell: Cells called while this frame captured
        self.created = {}  # id(param) -> param: Parameters created from traced values
        self.used = {}  # id(param) -> param: lifted Parameters this trace read (capturing)
        self.rng_pending = False  # a nested trace drew from the global random key
        # a graph's random call sites (seeded_draws), made on a graph's first draw: a frame
        # opens on every transform call, and few of them draw
        self.random_nodes = None  # call site -> values drawn in this trace
        self.random_engines = None  # call site -> its kernel's engine (kept across traces)
        self.random_inputs = None  # id(array) -> (order of first use, array)
        self.owner = owner
        self.trace = None

    def __enter__(self):
        self.trace = trace_ctx.trace
        if self.isolate:
            self._previous_isolation = _ISOLATION.value
            _ISOLATION.set_local(next(_isolation_ids))
        _tls.frames.append(self)
        return self

    def __exit__(self, *exc):
        popped = _tls.frames.pop()
        if self.isolate:
            _ISOLATION.set_local(self._previous_isolation)
        if popped is not self:
            raise RuntimeError("msfunc state frames closed out of order")
        return False

    def written(self):
        """The writes as a list of (param, value) pairs."""
        return list(self.writes.values())


def _is_staging(trace):
    return type(trace) is _StagingTrace


def read(param):
    """The value of `param` as seen from the innermost frame of the calling thread."""
    stack = _tls.frames
    if not stack:
        value = param._value
        if not isinstance(value, _Tracer):
            trace = trace_ctx.trace
            # Eager (the common case) costs one identity check; below, a rare walk.
            if trace is not _EVAL_TRACE and not _tls.freezing and _staged_above(trace, None):
                _raise_baked(param)
        return value
    key = id(param)
    discarded = False  # a capturing frame missed it: this trace will not be kept
    source = None
    for frame in reversed(stack):
        hit = frame.writes.get(key)
        if hit is not None:
            value, source = hit[1], frame
            break
        value = frame.lifted.get(key, _MISSING)
        if value is not _MISSING:
            source = frame
            if frame.capturing:
                frame.used[key] = param
            break
        if frame.capturing and not isinstance(param._value, _Tracer):
            # (A box holding a tracer was rebuilt by a JAX transform: its value is live.)
            frame.missed[key] = param
            discarded = True
    else:
        value = param._value
    if discarded:
        return value
    current = trace_ctx.trace
    if source is not None:
        if current is not source.trace and not source.isolate and _is_staging(current):
            _needs_isolation(source, param)
    elif not isinstance(value, _Tracer) and current is not _EVAL_TRACE:
        where = _staged_above(current, stack[0].trace)
        if where == "outside" and not _tls.freezing:
            _raise_baked(param)  # staged by a raw JAX transform around every msfunc frame
        if where == "inside" and not any(frame.isolate for frame in stack):
            _needs_isolation(_frame_around_staging(stack, current), param)
    return value


def _frame_around_staging(stack, trace):
    """The innermost frame that encloses the staging trace `trace` is inside: lifted there,
    a value enters the staged (cached) code as a traced argument, not as a constant."""
    for frame in reversed(stack):
        if _staged_above(trace, frame.trace) == "inside":
            return frame
    return stack[-1]


def staged_above():
    """A trace that stages code is the current one or encloses it (``jax.jit`` of
    ``jax.grad``): a value computed on the host now becomes a constant of a cached program.

    Example:
        >>> import jax
        >>> staged_above()
        False
        >>> _ = jax.jit(jax.grad(lambda x: (print(staged_above()), x)[1]))(1.0)
        True
    """
    return _staged_above(trace_ctx.trace, None) is not None


def _staged_above(trace, outermost):
    """Whether `trace` or a trace it is nested in stages code (so a concrete value read now
    is baked into a cached program): "inside" when that staging trace was entered inside the
    frame whose trace is `outermost`, "outside" when it encloses it, else None."""
    inside = outermost is not None
    found = None
    while trace is not None and trace is not _EVAL_TRACE:
        if trace is outermost:
            inside = False
        elif type(trace) is _StagingTrace:
            if not inside:
                return "outside"
            found = "inside"
        trace = getattr(trace, "parent_trace", None)
    return found


def _needs_isolation(frame, param):
    if frame.restartable:
        raise _NeedsIsolation(frame)
    raise StateError(
        f"Parameter '{param.name}' was read inside a JAX function traced within "
        f"{frame.owner} (a jax.jit helper, a lax.scan/cond body ...) whose trace JAX caches; "
        "that cached trace would keep this call's value. Pass the value to that function "
        "as an argument."
    )


def write(param, value):
    """Write `value` to `param` in the innermost frame, or its box if none.

    Raises `StateError` naming the Parameter when the write comes from inside
    a JAX transformation that no msfunc frame carries (a tracer would leak).
    """
    stack = _tls.frames
    if stack:
        frame = stack[-1]
        if trace_ctx.trace is not frame.trace:
            _raise_leak(param, "inside a JAX transformation nested in " + frame.owner)
        key = id(param)
        if frame.capturing and key not in frame.lifted and not isinstance(param._value, _Tracer):
            frame.missed[key] = param
        frame.writes[key] = (param, value)
        return
    if isinstance(value, _Tracer) and not isinstance(param._value, _Tracer):
        _raise_leak(param, "inside a JAX transformation (jax.jit, jax.grad, lax.scan ...)")
    param._value = value


def note_created(param, concrete=False):
    """Record a Parameter created from a traced value while a capturing frame traces (or,
    with `concrete`, any state box made during the trace: a random op's engine).

    Its initial value is carried out of the trace like a write, so the compiled
    call commits a concrete value to it.
    """
    stack = _tls.frames
    if not stack or not (concrete or isinstance(param._value, _Tracer)):
        return
    frame = stack[-1]
    if frame.capturing and trace_ctx.trace is frame.trace:
        frame.created[id(param)] = param
        frame.missed[id(param)] = param
        frame.writes[id(param)] = (param, param._value)


def note_constant(param):
    """Record a Parameter made from a concrete value while a capturing frame traces (a Cell
    built inside the compiled code): the trace reads it as the constant it holds, as
    MindSpore's graph compiler builds such an object once, in Python.
    """
    for frame in reversed(_tls.frames):
        if frame.capturing:
            frame.lifted[id(param)] = param._value
            return


def refuse_constant_writes(frame, inputs, owner):
    """StateError when the trace of `frame` wrote a Parameter that is none of its `inputs`
    (ids): one `note_constant` made from a constant inside the trace, whose state cannot
    outlive the call of the compiled function `owner`.
    """
    for key, (param, _) in frame.writes.items():
        if key not in inputs:
            raise StateError(
                f"Parameter '{param.name}' was created inside the compiled function {owner} "
                "(by an object built there) and written there; its state cannot outlive the "
                "call. Build that object in __init__ instead"
            )


def note_cell(cell):
    """Record that `cell` was called while a capturing frame traces (its compiled
    function then depends on the Cell's attributes: see `msfunc.jit`)."""
    for frame in reversed(_tls.frames):
        if frame.capturing:
            frame.cells[id(cell)] = cell
            return


class freezing:
    """Context manager: inside it, tracing bakes Parameters' current values on purpose
    (exporting a network with frozen weights), instead of raising `StateError`.

    Example:
        >>> import jax, msfunc as ms
        >>> from msfunc._state import freezing
        >>> w = ms.Parameter(ms.Tensor(2.0), name="frozen_w")
        >>> with freezing():
        ...     float(jax.jit(lambda x: x * w)(3.0))
        6.0
    """

    def __enter__(self):
        _tls.freezing += 1
        return self

    def __exit__(self, *exc):
        _tls.freezing -= 1
        return False


def exporting():
    """Whether a network is being traced for `msfunc.export` (inside `freezing`).

    Example:
        >>> exporting()
        False
    """
    return _tls.freezing > 0


def commit(pairs):
    """Commit (param, value) pairs produced by a finished transform."""
    for param, value in pairs:
        write(param, value)


def innermost_capturing():
    """The innermost capturing frame, or None (used to inline nested jits)."""
    for frame in reversed(_tls.frames):
        if frame.capturing:
            return frame
    return None


def graph_semantics():
    """Whether the innermost compiled function follows graph mode's semantics: it was compiled
    by GRAPH_MODE or an explicit `msfunc.jit` (False in eager code and in the programs PyNative
    compiles for itself, which must give the eager result).

    Example:
        >>> import msfunc as ms
        >>> graph_semantics()
        False
        >>> ms.jit(lambda x: x * graph_semantics())(ms.Tensor(2.0)).item()  # True while traced
        2.0
    """
    frame = innermost_capturing()
    return frame is not None and frame.graph


def isolated():
    """True while the calling thread traces inside an isolating frame."""
    return any(frame.isolate for frame in _tls.frames)


def strip_boxes(tree):
    """Replace every Parameter in `tree` by its current value (outputs must be arrays)."""
    import jax

    return jax.tree.map(
        lambda x: read(x) if isinstance(x, Box) else x, tree, is_leaf=lambda x: isinstance(x, Box)
    )


def run_collecting(
    fn, args, lifted=None, owner="a transform", isolate=False, on_frame=None, capturing=False
):
    """Run ``fn(*args)`` in a fresh frame lifting `lifted`; returns (output, writes).

    The output has its Parameters replaced by their values; `writes` is the
    list of (param, value) pairs the call made. Call it inside the function a
    JAX transform traces, and pass the written values out of the transform.
    `on_frame(frame)` may inspect the frame before it is dropped. `capturing`:
    compiled functions called inside trace inline, into the caller's transform.
    """
    with Frame(
        lifted, owner=owner, isolate=isolate, restartable=True, capturing=capturing
    ) as frame:
        out = strip_boxes(fn(*args))
        advance_rng(frame)
    if on_frame is not None:
        on_frame(frame)
    return out, frame.written()


def run_isolating(attempt, sticky=None):
    """Run ``attempt(isolate)``; re-run it with ``isolate=True`` if a nested cached JAX
    trace read values of a frame it opened (see the module docstring).

    `sticky` is a one-element list remembering that isolation was needed, so later
    calls of the same transform go straight to it.
    """
    if sticky is not None and sticky[0]:
        return attempt(True)
    depth = len(_tls.frames)
    try:
        return attempt(False)
    except _NeedsIsolation as exc:
        if exc.frame in _tls.frames[:depth]:
            raise  # an enclosing transform's frame: its own run_isolating re-runs it
    if sticky is not None:
        sticky[0] = True
    return attempt(True)


_RNG_ADVANCE = []  # set by the seed module: advances the global key at the frame's level


def on_rng_pending(advance):
    """Register how a frame advances the global random key after nested draws."""
    _RNG_ADVANCE[:] = [advance]


def advance_rng(frame):
    """Advance the global key at `frame`'s level if a nested trace drew from it."""
    if frame.rng_pending and _RNG_ADVANCE:
        frame.rng_pending = False
        _RNG_ADVANCE[0]()


def new_isolation():
    """Give the rest of this isolating frame a fresh trace-cache key."""
    if _ISOLATION.value:
        _ISOLATION.set_local(next(_isolation_ids))


def _raise_leak(param, where):
    raise StateError(
        f"Parameter '{param.name}' was written {where} that does not carry msfunc "
        "state, so the new value would be a leaked tracer. Write Parameters only "
        "inside msfunc transforms (msfunc.jit, msfunc.grad, msfunc.value_and_grad, "
        "msfunc.vmap, msfunc.data_sink), or pass the Cell to the JAX transform as an "
        "argument and return the updated Cell."
    )


def _raise_baked(param):
    where = "a JAX transformation that compiles or caches its trace"
    trace_frame = getattr(trace_ctx.trace, "frame", None)
    traced_for = getattr(getattr(trace_frame, "debug_info", None), "traced_for", None)
    if traced_for:
        where = f"a function traced for {traced_for}"
    raise StateError(
        f"Parameter '{param.name}' was read inside {where} with no msfunc transform "
        "carrying it: its current value would be baked into the cached program and later "
        "updates (set_data, optimizer steps) silently ignored. Pass the Parameter (or its "
        "Cell) to the JAX function as an argument, read it outside the traced function "
        "and pass the value in, or run the whole computation under msfunc.jit / "
        "msfunc.grad / msfunc.data_sink, which carry Parameters."
    )
