"""User backward rules: Cells with ``bprop(self, *inputs, out, dout)`` and `custom_bprop`.

Both become a `jax.custom_vjp`. A Cell's Parameters enter the custom_vjp as
explicit arguments (a custom_vjp must not close over traced values) and get
zero gradients, as in MindSpore: a bprop may return ``(input_grads, {param: grad})``
and MindSpore 2.10 accepts the dict but does not use it, so msfunc does the same.
State that `construct` writes without needing gradients (the random key of a
dropout) leaves the custom_vjp as extra outputs and is committed after the call.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .. import context
from .._state import Frame, commit, graph_semantics, read, run_collecting
from ..common.parameter import Parameter
from ..common.tensor import unwrap, wrap
from ..errors import BpropResultError
from ._common import strip_parameters

__all__ = ["custom_bprop", "custom_vjp", "call_with_cell_bprop"]


def _zero_cotangent(x):
    x = jnp.asarray(x)
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return jnp.zeros_like(x)
    return np.zeros(x.shape, dtype=jax.dtypes.float0)


def _input_grads_of(grads, who):
    """The input-gradient part of a bprop result ``(input_grads, {param: grad})``.

    MindSpore accepts Parameter gradients by dict after the input gradients, keyed
    by Parameter or name, and gives the Parameters zero gradients all the same.
    """
    if isinstance(grads, dict):
        raise ValueError(
            f"{who}: bprop must return the input gradients as a tuple; a dict of "
            "Parameter gradients may only follow them: ((dx, ...), {param: dparam})"
        )
    if not (isinstance(grads, (tuple, list)) and grads and isinstance(grads[-1], dict)):
        return grads
    for key in grads[-1]:
        if not isinstance(key, (Parameter, str)):
            raise TypeError(
                f"{who}: the Parameter-gradient dict of bprop must be keyed by "
                f"Parameter or Parameter name, got a {type(key).__name__} key"
            )
    rest = tuple(grads[:-1])
    if len(rest) == 1 and isinstance(rest[0], (tuple, list)):
        return tuple(rest[0])
    return rest


def _fit_shape(g, shape, who, i):
    """A bprop gradient brought to its input's shape, as MindSpore does: summed over the
    axes the input was broadcast along in the forward, or broadcast up to it."""
    try:
        broadcast = np.broadcast_shapes(tuple(g.shape), tuple(shape))
    except ValueError:
        broadcast = None
    if broadcast == tuple(g.shape):  # the input was broadcast to the gradient's shape
        lead = g.ndim - len(shape)
        g = jnp.sum(g, axis=tuple(range(lead))) if lead else g
        axes = tuple(a for a, (n, m) in enumerate(zip(shape, g.shape)) if n == 1 and m != 1)
        return jnp.sum(g, axis=axes, keepdims=True) if axes else g
    if broadcast == tuple(shape):
        return jnp.broadcast_to(g, shape)
    raise ValueError(
        f"{who}: bprop gradient {i} has shape {tuple(g.shape)}, which does not "
        f"broadcast with its input's shape {tuple(shape)}"
    )


class BpropCountError(BpropResultError, ValueError, RuntimeError):
    """A bprop returned fewer gradients than its function has inputs (MindSpore raises
    RuntimeError; a ValueError too, as msfunc's other bad-bprop errors)."""


class BpropTypeError(BpropResultError, TypeError):
    """A bprop returned gradients of the wrong kind (not a tuple in graph mode, a bad
    Parameter-gradient dict)."""


def _check_grads(grads, inputs, who):
    """Validate a user bprop's result and shape it as JAX's cotangents."""
    grads = _input_grads_of(grads, who)
    if not isinstance(grads, (tuple, list)) and (context.is_graph_mode() or graph_semantics()):
        # (PyNative takes a lone gradient for a one-input function; graph mode does not)
        raise BpropTypeError(
            f"{who}: bprop must return a tuple of gradients in graph mode, got "
            f"{'a single Tensor' if hasattr(grads, 'shape') else type(grads).__name__}"
        )
    if not isinstance(grads, (tuple, list)):
        grads = (grads,) if len(inputs) == 1 else grads
    if not isinstance(grads, (tuple, list)) or len(grads) < len(inputs):
        got = len(grads) if isinstance(grads, (tuple, list)) else type(grads).__name__
        raise BpropCountError(
            f"{who}: bprop must return a tuple with one gradient per input "
            f"({len(inputs)}), got {got}"
        )
    grads = grads[: len(inputs)]  # entries past the inputs are ignored, as in MindSpore
    out = []
    for i, (g, x) in enumerate(zip(grads, inputs)):
        x = jnp.asarray(x)
        if not jnp.issubdtype(x.dtype, jnp.inexact):
            out.append(np.zeros(x.shape, dtype=jax.dtypes.float0))
            continue
        if g is None:  # as in MindSpore: no gradient for this input
            out.append(jnp.zeros(x.shape, x.dtype))
            continue
        g = jnp.asarray(unwrap(g))
        if g.shape != x.shape:
            g = _fit_shape(g, x.shape, who, i)
        out.append(g.astype(x.dtype))
    return tuple(out)


def _as_array(x):
    return jnp.asarray(x) if isinstance(x, (int, float, bool, np.ndarray)) else x


class _BpropCache:
    """A Cell's custom_vjp, kept in the Cell's ``__dict__``.

    The custom_vjp closes over its Cell, so a copy of the Cell (``copy.copy``,
    ``copy.deepcopy``, pickling) gets an empty cache and builds its own.
    """

    __slots__ = ("cell", "call", "written")

    def __init__(self, cell=None, call=None):
        self.cell = cell
        self.call = call
        self.written = []  # Parameters the latest trace of construct wrote, in order

    def __copy__(self):
        return _BpropCache()

    def __deepcopy__(self, memo):
        return _BpropCache()

    def __reduce__(self):
        return (_BpropCache, ())


def _refuse_jit_bprop(cell, who):
    """RuntimeError for a MindSpore program's PyNative gradient through a ``bprop`` decorated
    with ``jit``, which MindSpore refuses (graph mode compiles it with the rest)."""
    rule = inspect.getattr_static(type(cell), "bprop", None)
    if type(rule).__name__ == "Jitted" and not (graph_semantics() or context.is_graph_mode()):
        if context.mindspore_dtype_checks():
            raise RuntimeError(
                f"{who}: a bprop decorated with jit cannot give a PyNative gradient; "
                "remove the decorator (GRAPH_MODE compiles bprop with the network)"
            )


def _cell_vjp(cell):
    """The custom_vjp function for `cell` (built once per Cell) and its cache."""
    cached = cell.__dict__.get("_msfunc_bprop_fn")
    if isinstance(cached, _BpropCache) and cached.cell is cell:
        return cached
    who = f"{type(cell).__name__}.bprop"
    cache = _BpropCache(cell)

    def lifted(values):
        return {id(p): v for p, v in zip(cell.get_parameters(), values)}

    @jax.custom_vjp
    def call(param_values, *inputs):
        out, pairs = run_collecting(cell.construct, inputs, lifted(param_values), owner=who)
        # Integer state (random keys, counters) needs no gradient and is carried out;
        # a float write would need a gradient the user's bprop cannot give.
        floats = [p.name for p, v in pairs if jnp.issubdtype(jnp.result_type(v), jnp.inexact)]
        if floats:
            raise ValueError(
                f"{who}: a Cell with a custom bprop may not write floating-point "
                f"Parameters in construct (wrote {', '.join(floats)}): their "
                "gradients would bypass bprop; only integer state such as random "
                "keys may be written"
            )
        cache.written = [p for p, _ in pairs]
        return out, tuple(v for _, v in pairs)

    def fwd(param_values, *inputs):
        out, writes = call(param_values, *inputs)
        return (out, writes), (param_values, inputs, out)

    def bwd(residuals, cotangents):
        param_values, inputs, out = residuals
        dout = cotangents[0]  # the written state is integer: it has no cotangent
        _refuse_jit_bprop(cell, who)
        with Frame(lifted(param_values), owner=who):
            # (bprop sees Tensors, as construct does: it may call asnumpy or Tensor methods)
            grads = cell.bprop(*wrap(tuple(inputs)), wrap(out), wrap(dout))
        input_grads = _check_grads(grads, inputs, who)
        return (tuple(_zero_cotangent(v) for v in param_values), *input_grads)

    call.defvjp(fwd, bwd)
    cache.call = call
    object.__setattr__(cell, "_msfunc_bprop_fn", cache)
    return cache


def call_with_cell_bprop(cell, args, kwargs):
    """Call `cell` so that its user-defined bprop gives the input gradients."""
    if kwargs:
        raise TypeError(f"{type(cell).__name__}: a Cell with bprop takes positional inputs only")
    args = tuple(unwrap(args))
    values = tuple(read(p) for p in cell.get_parameters())
    cache = _cell_vjp(cell)
    out, writes = cache.call(values, *(_as_array(a) for a in args))
    commit(zip(cache.written, writes))
    return out


def custom_bprop(
    bprop: Callable[..., Any],
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator giving a plain function a backward rule of the user's, as a Cell's ``bprop``.

    Args:
        bprop (Callable[..., Any]): Called as ``bprop(*inputs, out, dout)`` in the backward
            pass; returns a tuple with one gradient per input.

    Returns:
        Callable, the decorator: it turns a function into one whose gradient is `bprop`'s.

    Example:
        >>> import msfunc as ms
        >>> def double_grad(x, out, dout):
        ...     return (2 * dout,)
        >>> @ms.custom_bprop(double_grad)
        ... def identity(x):
        ...     return x
        >>> print(identity(ms.Tensor(3.0)), ms.grad(identity)(ms.Tensor(3.0)))
        3.0 2.0
    """
    if not callable(bprop):
        raise TypeError(f"custom_bprop: `bprop` must be callable, got {type(bprop).__name__}")

    def decorate(fn):
        who = f"{getattr(fn, '__name__', 'function')} bprop"

        @jax.custom_vjp
        def call(*inputs):
            return strip_parameters(fn(*inputs))

        def fwd(*inputs):
            out = call(*inputs)
            return out, (inputs, out)

        def bwd(residuals, dout):
            inputs, out = residuals
            return _check_grads(bprop(*inputs, out, dout), inputs, who)

        call.defvjp(fwd, bwd)

        @functools.wraps(fn)
        def wrapper(*args):
            args = unwrap(args)
            return call(*(_as_array(a) for a in args))

        return wrapper

    return decorate


class _CustomVjp:
    """A function whose backward rule is given later with ``defbwd`` (see `custom_vjp`)."""

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self._fn, self._with_bwd = fn, None

    def defbwd(self, bwd):
        """Give the backward rule: ``bwd(*inputs, out, dout)`` returns one gradient per input."""
        self._with_bwd = custom_bprop(bwd)(self._fn)

    def __call__(self, *args):
        if self._with_bwd is None:
            raise TypeError(
                f"custom_vjp: {getattr(self._fn, '__name__', 'the function')} has no backward "
                "rule; give it one with .defbwd(bprop) before calling it"
            )
        return self._with_bwd(*args)


def custom_vjp(fn=None):
    """Decorator (MindSpore's ``ops.function.grad.grad_func.custom_vjp``): a function whose
    gradient is the rule given afterwards with ``.defbwd(bprop)``, ``bprop(*inputs, out,
    dout)`` returning one gradient per input.

    Example:
        >>> import msfunc as ms
        >>> @custom_vjp
        ... def scale(x):
        ...     return 3 * x
        >>> scale.defbwd(lambda x, out, dout: (10 * dout,))
        >>> print(scale(ms.Tensor(2.0)), ms.grad(scale)(ms.Tensor(2.0)))
        6.0 10.0
    """
    if fn is None:
        return custom_vjp
    if not callable(fn):
        raise TypeError(f"custom_vjp: `fn` must be callable, got {type(fn).__name__}")
    return _CustomVjp(fn)
