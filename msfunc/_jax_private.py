"""msfunc's one home for JAX's private API (``jax._src``) and for "where are we" questions.

Nothing else in msfunc imports ``jax._src``: a JAX release that moves an internal changes
this file only. It re-exports the internals msfunc needs under plain names, and answers the
questions every transform asks about the calling thread's position, in one vocabulary:

- `at_top_level`: eager code, no JAX trace and no msfunc transform running;
- `jax_is_eager`: JAX evaluates eagerly (msfunc frames may be open);
- `is_staging`: the current JAX trace builds a jaxpr (``jax.jit``, a ``lax.scan`` body ...);
- `under_vmap`: the call is being batched (``msfunc.vmap`` or ``jax.vmap``);
- `no_grad_active`: inside a ``_no_grad`` block.

The position also includes msfunc's own thread-local stacks (`thread_state`), kept here so
that the queries need no import of the state frame (`msfunc._state`, which builds on this).
The hottest checks (a compiled call's dispatch) may inline a query's expression, reading
``thread_state.frames``, ``trace_ctx.trace`` and `EVAL_TRACE` as module attributes.
"""

from __future__ import annotations

import os
import sys
import threading

import jax
from jax import lax
from jax._src import api as _api
from jax._src import config as _jax_config
from jax._src import core, source_info_util
from jax._src import dispatch as _dispatch
from jax._src import dtypes as _dtypes
from jax._src import traceback_util as _traceback_util
from jax._src.array import ArrayImpl
from jax._src.interpreters.ad import JVPTracer, LinearizeTracer
from jax._src.interpreters.batching import BatchTrace
from jax._src.interpreters.partial_eval import DynamicJaxprTrace as StagingTrace
from jax._src.interpreters.partial_eval import DynamicJaxprTracer as StagingTracer
from jax._src.interpreters.partial_eval import JaxprTracer as PartialTracer

__all__ = [
    "ArrayImpl",
    "jaxprs_in_params",
    "source_info_util",
    "BatchTrace",
    "EVAL_TRACE",
    "GRAD_OUTPUT_HINT",
    "JVPTracer",
    "LinearizeTracer",
    "NoGradTrace",
    "PartialTracer",
    "Primitive",
    "StagingTrace",
    "StagingTracer",
    "Tracer",
    "at_top_level",
    "bound_axis_names",
    "core",
    "counting_eager_ops",
    "geqrf",
    "initialized_platforms",
    "is_staging",
    "jax_is_eager",
    "line_search",
    "no_grad_active",
    "primitive_program",
    "runs_alone",
    "register_array_type",
    "set_current_trace",
    "thread_state",
    "user_boundary",
    "to_concrete_value",
    "trace_context_option",
    "jit_context_option",
    "trace_ctx",
    "under_vmap",
]

Tracer = core.Tracer
trace_ctx = core.trace_ctx  # `.trace` is the current JAX trace
EVAL_TRACE = core.eval_trace  # the current trace when JAX evaluates eagerly
set_current_trace = core.set_current_trace
# JAX's eager dispatch of one primitive: the compiled program `apply_primitive` runs for it
# (cached by primitive and parameters), and whether a primitive is dispatched that way.
primitive_program = _dispatch.xla_primitive_callable


def runs_alone(primitive):
    """Whether JAX runs `primitive` eagerly as its own compiled program (`primitive_program`),
    not by an implementation of its own (``pjit``, ``custom_jvp_call`` ...)."""
    impl = primitive.impl
    return getattr(impl, "func", None) is _dispatch.apply_primitive


# What ``jax.extend.core.Primitive`` names, without importing all of ``jax.extend``.
Primitive = core.Primitive
# A traced value's concrete value where JAX still has one (eager autodiff), else None.
to_concrete_value = getattr(core, "to_concrete_value", lambda value: None)


class _ThreadState(threading.local):
    def __init__(self):
        self.frames = []  # msfunc's active state frames, innermost last (see msfunc._state)
        self.axes = []  # names of the msfunc vmap axes being traced, outermost first
        self.freezing = 0  # inside `msfunc._state.freezing()`: staged reads bake values
        self.no_grad = 0  # depth of `_no_grad` blocks


thread_state = _ThreadState()


def trace_context_option(name, default):
    """A JAX configuration value that is part of JAX's trace-cache key (not of jit's key).

    Set it with ``.set_local(value)``, read it with ``.value``; msfunc keys the caches of
    traces made inside a state frame with it (see `msfunc._state`).
    """
    return _jax_config.config_ext.Config(
        name, default, include_in_jit_key=False, include_in_trace_context=True
    )


def jit_context_option(name, default):
    """A JAX configuration value that keys both jit's caches and JAX's trace caches, so a
    program compiled under one value is never reused under another (mixed precision's
    "auto" level). Set it with ``.set_local(value)``, read it with ``.value``.
    """
    return _jax_config.config_ext.Config(
        name, default, include_in_jit_key=True, include_in_trace_context=True
    )


# -- where are we ----------------------------------------------------------------------------
def at_top_level():
    """No JAX trace and no msfunc transform is running on this thread (plain eager code).

    JAX has no public test for this; the current trace being JAX's eval trace is what
    ``jax.jit`` itself checks.

    Example:
        >>> import jax, msfunc as ms
        >>> from msfunc._jax_private import at_top_level
        >>> at_top_level()
        True
        >>> _ = jax.jit(lambda x: (print(at_top_level()), x)[1])(1.0)
        False
    """
    return not thread_state.frames and trace_ctx.trace is EVAL_TRACE


def jax_is_eager():
    """JAX evaluates eagerly: no JAX trace and no named mapped axis (msfunc frames may be open).

    Example:
        >>> import jax
        >>> from msfunc._jax_private import jax_is_eager
        >>> jax_is_eager()
        True
        >>> _ = jax.vmap(lambda x: (print(jax_is_eager()), x)[1])(jax.numpy.ones(2))
        False
    """
    return trace_ctx.is_top_level()


def is_staging():
    """The current JAX trace builds a jaxpr (``jax.jit``, a ``lax.scan``/``cond``/``while_loop``
    body, ``jax.checkpoint``): a concrete value read now becomes a constant of a cached program.

    Example:
        >>> import jax
        >>> from msfunc._jax_private import is_staging
        >>> is_staging()
        False
        >>> _ = jax.jit(lambda x: (print(is_staging()), x)[1])(1.0)
        True
    """
    return type(trace_ctx.trace) is StagingTrace


def under_vmap():
    """The call is being batched: ``msfunc.vmap`` traces it, or ``jax.vmap``'s trace is current.

    Example:
        >>> import jax
        >>> from msfunc._jax_private import under_vmap
        >>> under_vmap()
        False
        >>> _ = jax.vmap(lambda x: (print(under_vmap()), x)[1])(jax.numpy.ones(2))
        True
    """
    return bool(thread_state.axes) or type(trace_ctx.trace) is BatchTrace


def no_grad_active():
    """Whether the calling thread runs inside a `msfunc._no_grad` block.

    Example:
        >>> import msfunc as ms
        >>> from msfunc._jax_private import no_grad_active
        >>> with ms._no_grad():
        ...     print(no_grad_active())
        True
        >>> no_grad_active()
        False
    """
    return thread_state.no_grad > 0


def bound_axis_names():
    """The names of the mapped axes bound around the current trace (``jax.shard_map``,
    ``jax.vmap(axis_name=...)``); () also where JAX's internals no longer tell.

    Example:
        >>> import jax
        >>> from msfunc._jax_private import bound_axis_names
        >>> bound_axis_names()
        ()
        >>> _ = jax.vmap(lambda x: (print(bound_axis_names()), x)[1], axis_name="i")(
        ...     jax.numpy.ones(2))
        ('i',)
    """
    try:
        return tuple(core.get_axis_env().axis_names())
    except Exception:  # pragma: no cover - JAX internals moved
        return ()


# -- a trace under which nothing is differentiated (``_no_grad``) ----------------------------
def _stopped(values):
    return [lax.stop_gradient(v) if isinstance(v, (jax.Array, Tracer)) else v for v in values]


class NoGradTrace(core.Trace):
    """Binds each primitive in the enclosing trace with gradient-stopped inputs.

    Enter it with ``set_current_trace(NoGradTrace(trace_ctx.trace))``.
    """

    __slots__ = ("parent",)

    def __init__(self, parent):
        super().__init__()
        self.parent = parent
        self.requires_low = parent.requires_low

    def stage_value(self, value):  # (array construction: nothing to differentiate)
        return lax.stop_gradient(self.parent.stage_value(value))

    def process_primitive(self, primitive, tracers, params):
        with set_current_trace(self.parent):
            return primitive.bind(*_stopped(tracers), **params)

    # Call-like and custom-derivative primitives: no derivative is wanted, so the plain
    # function runs in the enclosing trace.
    def process_call(self, primitive, fun, tracers, params):
        with set_current_trace(self.parent):
            return fun.call_wrapped(*_stopped(tracers))

    def process_custom_jvp_call(self, primitive, fun, jvp, tracers, *, symbolic_zeros):
        with set_current_trace(self.parent):
            return fun.call_wrapped(*_stopped(tracers))

    def process_custom_vjp_call(
        self, primitive, fun, fwd, bwd, tracers, *, out_trees, symbolic_zeros
    ):
        with set_current_trace(self.parent):
            return fun.call_wrapped(*_stopped(tracers))


# -- private numerical routines JAX's public API lacks (imported on first use) ---------------
def geqrf(a):
    """LAPACK's geqrf (Householder QR in compact form): ``(a_factored, taus)``.

    Public ``jax.lax.linalg`` lacks it in jax 0.10.

    Example:
        >>> import jax.numpy as jnp
        >>> from msfunc._jax_private import geqrf
        >>> [x.shape for x in geqrf(jnp.eye(3))]
        [(3, 3), (3,)]
    """
    from jax._src.lax.linalg import geqrf as jax_geqrf

    return jax_geqrf(a)


def line_search(*args, **kwargs):
    """JAX's BFGS line search (``jax._src.scipy.optimize.line_search``), same arguments.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> from msfunc._jax_private import line_search
        >>> f = lambda x: jnp.sum((x - 1.0) ** 2)
        >>> float(line_search(f, jnp.zeros(2), -jax.grad(f)(jnp.zeros(2))).a_k) > 0
        True
    """
    from jax._src.scipy.optimize.line_search import line_search as jax_line_search

    return jax_line_search(*args, **kwargs)


# -- JAX's internals reading an msfunc Tensor as the array it holds ---------------------------
# A Tensor is a pytree node, so JAX's transforms see its array as a leaf. What the pytree does
# not cover is a Tensor handed *unflattened* to JAX's internals: a `jax.lax` primitive
# argument, `jax.typeof(t)`, and the output `jax.grad` checks for being a scalar. JAX 0.10
# no longer calls ``__jax_array__`` there (JEP 28661: only `jax.numpy` does), and its two
# registries for array-like types are private: ``core.pytype_aval_mappings`` (the abstract
# value JAX's typeof/get_aval read; JAX registers its PRNG key arrays there) and the
# canonicalize-value handlers (``Primitive.bind`` passes every argument through them, so a
# handler returning the Tensor's array makes every primitive take it). Both are looked up
# by type and consulted only for a Tensor that was not flattened: msfunc's own ops pass
# arrays to JAX and never reach them.
#
# `jax.grad` of a function returning a Tensor: JAX builds the output's cotangent as an array,
# whose tree (a leaf) differs from the output's (a Tensor node). When JAX's scalar check asks
# for the Tensor's abstract value, the pullback JAX is about to call is told that output is
# the leaf it is (one scalar either way). If JAX's internals ever differ from what this
# expects, a ValueError says what to write instead, before JAX's own message.
GRAD_OUTPUT_HINT = (
    "jax.grad/jax.value_and_grad: the function returned an msfunc Tensor, and this JAX "
    "version's pullback only takes an array there; return `jnp.asarray(loss)` (or "
    "differentiate with msfunc.value_and_grad)"
)

_CHECK_SCALAR = _api._check_scalar.__code__  # jax.grad's "is the output a scalar" check
_PULLBACK = _api.VJP  # what value_and_grad holds as `vjp_py`
_LEAF = jax.tree_util.tree_structure(0.0)


def register_array_type(cls, to_array):
    """Make JAX's internals read an instance of `cls` as the array ``to_array(obj)`` returns.

    Example:
        >>> import jax, msfunc as ms
        >>> jax.typeof(ms.Tensor([1.0, 2.0]))
        ShapedArray(float32[2])
        >>> jax.lax.sin(ms.Tensor(0.0)).tolist()
        0.0
    """

    def aval(obj):
        caller = sys._getframe(2)  # typeof(obj) <- its caller
        if caller.f_code is _CHECK_SCALAR:
            _scalar_output_is_a_leaf(caller.f_back)
        return core.typeof(to_array(obj))

    core.pytype_aval_mappings[cls] = aval
    _dtypes.register_canonicalize_value_handler(
        cls, lambda obj: _dtypes.canonicalize_value(to_array(obj))
    )


def _scalar_output_is_a_leaf(grad_frame):
    """In `jax.value_and_grad`'s frame, tell its pullback that the scalar output it was
    given as a one-leaf Tensor is that leaf, so the array cotangent JAX builds fits."""
    pullback = grad_frame.f_locals.get("vjp_py") if grad_frame is not None else None
    out_tree = getattr(pullback, "out_tree", None)
    if not isinstance(pullback, _PULLBACK) or out_tree is None or out_tree.num_leaves != 1:
        raise ValueError(GRAD_OUTPUT_HINT)  # (a TypeError would become JAX's own message)
    pullback.out_tree = _LEAF


# -- msfunc's frames hidden from user tracebacks, as JAX hides its own ------------------------
# A user's error under ``ms.grad`` passed through a dozen msfunc frames (the transform, the
# state frame, the compiler). JAX filters the frames of registered paths from tracebacks that
# leave its API boundaries (``JAX_TRACEBACK_FILTERING=off`` shows them all); msfunc's package
# is registered, and its transforms' entry points are boundaries (`user_boundary`).
_traceback_util.register_exclusion(os.path.dirname(os.path.abspath(__file__)) + os.sep)
user_boundary = _traceback_util.api_boundary


def jaxprs_in_params(params):
    """The jaxprs among an equation's parameters (a loop's body, a branch ...), for walks
    over a whole program (`graph_locations`)."""
    return core.jaxprs_in_params(params)


def initialized_platforms() -> frozenset:
    """The platforms ("cpu", "cuda", ...) whose JAX runtime client has started in this process.

    JAX starts a backend's client on its first use (a computation, ``jax.devices``), and this
    asks without starting one.
    """
    from jax._src import xla_bridge

    return frozenset(getattr(xla_bridge, "_backends", {}))


# -- how many primitives JAX evaluates eagerly --------------------------------------------
# PyNative weighs compiling a function against running it eagerly: XLA's compile time grows
# with the program's size, which an eager run's count of evaluated primitives measures
# (its wall time does not: a nested grad under vmap is slow eagerly for few primitives).
_EAGER_OPS = [0]
_COUNTING = [0]
_COUNTING_LOCK = threading.Lock()
_EVAL_PROCESS = core.EvalTrace.process_primitive


def _counted_process(self, primitive, tracers, params):
    _EAGER_OPS[0] += 1
    return _EVAL_PROCESS(self, primitive, tracers, params)


class counting_eager_ops:  # noqa: N801 - used as a context manager, like a function
    """Count the primitives JAX evaluates eagerly inside the block (nested blocks share one
    counter; code outside any block runs uncounted, at no cost).

    Example:
        >>> import jax.numpy as jnp
        >>> with counting_eager_ops() as ops:
        ...     _ = jnp.sin(jnp.ones(2)) * 2.0
        >>> ops() >= 2
        True
    """

    def __enter__(self):
        with _COUNTING_LOCK:
            if _COUNTING[0] == 0:
                core.EvalTrace.process_primitive = _counted_process
            _COUNTING[0] += 1
        self._start = _EAGER_OPS[0]
        self._end = None
        return self

    def __exit__(self, *exc):
        self._end = _EAGER_OPS[0]
        with _COUNTING_LOCK:
            _COUNTING[0] -= 1
            if _COUNTING[0] == 0:
                core.EvalTrace.process_primitive = _EVAL_PROCESS
        return False

    def __call__(self):
        return (_EAGER_OPS[0] if self._end is None else self._end) - self._start
