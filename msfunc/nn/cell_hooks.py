"""Cell hooks: forward (pre-)hooks around construct, backward (pre-)hooks via `jax.custom_vjp`.

A Cell's hooks live in one immutable `CellHooks` attribute (``_cell_hooks``);
registering or removing a hook assigns a new one, so the Cell's fingerprint
changes and compiled programs that called the Cell are traced again. Hooks
are Python functions: eagerly they run on every call (backward hooks on
concrete gradients); under `msfunc.jit`, GRAPH_MODE or ``jax.jit`` they run
while the program is traced (on traced values, not on each call), as
MindSpore's graph mode runs them while compiling.

Backward hooks wrap the Cell's inputs and outputs in identity functions whose
`jax.custom_vjp` backward rule calls the hooks: the output side sees (and a
backward pre-hook may replace) the gradient flowing into the Cell, the input
side sees the gradients of the Cell's floating-point Tensor inputs and may
replace them. Parameter gradients are computed inside and are not hooked.
"""

from __future__ import annotations

import itertools
import warnings
import weakref
from collections.abc import Callable
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from .._graph_forbidden import forbidden_in_graph
from .._jax_private import Tracer
from ..common.tensor import Tensor, unwrap, wrap
from ..transforms.jit_compile import Jitted

__all__ = ["CellHooks", "HookHandle", "HookMethods", "register_hook", "call_with_hooks"]

FORWARD_PRE, FORWARD, BACKWARD_PRE, BACKWARD = (
    "forward_pre",
    "forward",
    "backward_pre",
    "backward",
)
_handle_ids = itertools.count()


class _Hook(NamedTuple):
    kind: str
    handle_id: int
    fn: Callable
    with_kwargs: bool = False
    always_call: bool = False


class CellHooks:
    """The hooks of one Cell, in call order; never changed in place.

    Compared by identity: every registration or removal makes a new one, which is
    what tells compiled programs that the Cell changed.
    """

    __slots__ = ("entries",)

    def __init__(self, entries):
        self.entries = tuple(entries)

    def of(self, kind):
        return [h for h in self.entries if h.kind == kind]

    def __repr__(self):
        return f"CellHooks({', '.join(h.kind for h in self.entries)})"


class HookHandle:
    """What ``register_*_hook`` returns: ``remove()`` unregisters the hook (idempotent).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> handle = net.register_forward_hook(lambda cell, inputs, out: out * 10)
        >>> net(ms.Tensor([[1.0, 2.0]])).tolist()
        [[30.0]]
        >>> handle.remove()
        >>> net(ms.Tensor([[1.0, 2.0]])).tolist()
        [[3.0]]
    """

    def __init__(self, cell=None, handle_id=None):
        self._cell = weakref.ref(cell) if cell is not None else None
        self.handle_id = handle_id

    def remove(self):
        """Unregister the hook from its Cell; a second call does nothing."""
        cell = self._cell() if self._cell is not None else None
        if cell is None:
            return
        hooks = cell.__dict__.get("_cell_hooks")
        if hooks is None:
            return
        entries = tuple(h for h in hooks.entries if h.handle_id != self.handle_id)
        if len(entries) == len(hooks.entries):
            return
        if entries:
            cell._cell_hooks = CellHooks(entries)
        else:
            del cell._cell_hooks  # back to the class default: the hook-free fingerprint


def register_hook(cell, kind, hook_fn, prepend=False, with_kwargs=False, always_call=False):
    """Add `hook_fn` as a `kind` hook of `cell`; returns its `HookHandle`."""
    if not callable(hook_fn):
        raise TypeError(
            f"{type(cell).__name__}.register_{kind}_hook: `hook_fn` must be a "
            f"callable, got {type(hook_fn).__name__}"
        )
    if isinstance(hook_fn, Jitted):
        # MindSpore runs a Cell's hooks as Python around the compiled call and refuses a
        # compiled one
        raise TypeError(
            f"{type(cell).__name__}.register_{kind}_hook: `hook_fn` must be a plain function, "
            "not one decorated with jit"
        )
    for name, flag in (
        ("prepend", prepend),
        ("with_kwargs", with_kwargs),
        ("always_call", always_call),
    ):
        if not isinstance(flag, bool):
            raise TypeError(
                f"{type(cell).__name__}.register_{kind}_hook: `{name}` must be a bool, got {flag!r}"
            )
    entry = _Hook(kind, next(_handle_ids), hook_fn, with_kwargs, always_call)
    hooks = cell.__dict__.get("_cell_hooks")
    current = hooks.entries if hooks is not None else ()
    cell._cell_hooks = CellHooks((entry,) + current if prepend else current + (entry,))
    return HookHandle(cell, entry.handle_id)


class HookMethods:
    """The hook registration methods of `Cell` (a base class of it)."""

    @forbidden_in_graph("the method 'Cell.register_forward_pre_hook'")
    def register_forward_pre_hook(self, hook_fn, *, prepend=False, with_kwargs=False):
        """Call ``hook_fn(cell, args)`` before `construct`; a non-None result replaces the
        positional inputs (a single value is wrapped into a tuple). With
        ``with_kwargs=True`` it is ``hook_fn(cell, args, kwargs)`` returning None or
        ``(new_args, new_kwargs)``. Returns a handle whose ``remove()`` unregisters it.

        Hooks are Python: under `msfunc.jit`, GRAPH_MODE or ``jax.jit`` they run while
        the program is traced (on traced values, not on each call), as in MindSpore's
        graph mode; registering or removing one makes the next compiled call re-trace.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
            >>> handle = net.register_forward_pre_hook(lambda cell, args: args[0] * 2)
            >>> net(ms.Tensor([[1.0, 2.0]])).tolist()
            [[6.0]]
        """
        return register_hook(self, FORWARD_PRE, hook_fn, prepend, with_kwargs)

    @forbidden_in_graph("the method 'Cell.register_forward_hook'")
    def register_forward_hook(
        self, hook_fn, *, prepend=False, with_kwargs=False, always_call=False
    ):
        """Call ``hook_fn(cell, args, output)`` (``hook_fn(cell, args, kwargs, output)``
        with ``with_kwargs=True``) after `construct`; a non-None result replaces the
        output. ``always_call=True`` also calls it when construct raises. Returns a handle
        with ``remove()``; under jit the hook runs at trace time (see
        `register_forward_pre_hook`).

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> relu, shapes = nn.ReLU(), []
            >>> handle = relu.register_forward_hook(lambda c, a, out: shapes.append(out.shape))
            >>> _ = relu(ms.numpy.ones((2, 3)))
            >>> shapes
            [(2, 3)]
        """
        return register_hook(self, FORWARD, hook_fn, prepend, with_kwargs, always_call)

    @forbidden_in_graph("the method 'Cell.register_backward_pre_hook'")
    def register_backward_pre_hook(self, hook_fn):
        """Call ``hook_fn(cell, grad_output)`` in the backward pass, with the gradients of
        the Cell's floating-point outputs (a tuple) before they flow into the Cell; a
        non-None result replaces them. Works under `msfunc.grad`/`value_and_grad` and JAX's
        transforms (a `jax.custom_vjp`); under jit it runs while the backward pass is
        traced. Returns a handle with ``remove()``.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.Dense(1, 1, weight_init="ones", bias_init="zeros")
            >>> handle = net.register_backward_pre_hook(lambda cell, g: (g[0] * 3,))
            >>> ms.grad(lambda x: net(x).sum())(ms.Tensor([[2.0]])).tolist()
            [[3.0]]
        """
        return register_hook(self, BACKWARD_PRE, hook_fn)

    @forbidden_in_graph("the method 'Cell.register_backward_hook'")
    def register_backward_hook(self, hook_fn):
        """Call ``hook_fn(cell, grad_input, grad_output)`` in the backward pass:
        `grad_input` holds the gradients of the Cell's floating-point Tensor positional
        inputs, `grad_output` those of its outputs (tuples); a non-None result replaces
        `grad_input`. Parameter gradients are not affected. Returns a handle with
        ``remove()``; see `register_backward_pre_hook` for jit.

        Example:
            >>> import msfunc as ms
            >>> from msfunc import nn
            >>> net = nn.Dense(1, 1, weight_init="ones", bias_init="zeros")
            >>> handle = net.register_backward_hook(lambda cell, gin, gout: (gin[0] * 10,))
            >>> ms.grad(lambda x: net(x).sum())(ms.Tensor([[2.0]])).tolist()
            [[10.0]]
        """
        return register_hook(self, BACKWARD, hook_fn)


# -- calling -------------------------------------------------------------------
def call_with_hooks(cell, args, kwargs):
    """Call ``cell._call_construct`` with `cell`'s hooks around it, in MindSpore's order:
    forward pre-hooks, backward hooks' input side, construct, forward hooks, backward
    hooks' output side, backward pre-hooks."""
    entries = cell._cell_hooks.entries
    who = type(cell).__name__
    for hook in entries:
        if hook.kind == FORWARD_PRE:
            args, kwargs = _run_forward_pre(cell, hook, args, kwargs, who)
    backward = [h for h in entries if h.kind == BACKWARD]
    backward_pre = [h for h in entries if h.kind == BACKWARD_PRE]
    link = _GradOutputLink() if backward else None
    if backward:
        args = _hook_input_grads(cell, backward, args, link, who)
    forward = [h for h in entries if h.kind == FORWARD]
    called = set()
    out = None
    try:
        out = cell._call_construct(args, kwargs)
        if forward and cell._msfunc_returns_tensors:
            out = wrap(out)  # (a hook sees Tensors, as in MindSpore, not raw arrays)
        for hook in forward:
            called.add(hook.handle_id)
            ret = hook.fn(cell, args, kwargs, out) if hook.with_kwargs else hook.fn(cell, args, out)
            if ret is not None:
                out = ret
    except Exception:
        _run_always_called(cell, forward, called, args, kwargs, out)
        raise
    if backward:
        out = _hook_output_grads(out, link)
    if backward_pre:
        out = _hook_backward_pre(cell, backward_pre, out, who)
    return out


def _run_forward_pre(cell, hook, args, kwargs, who):
    if hook.with_kwargs:
        ret = hook.fn(cell, args, kwargs)
        if ret is None:
            return args, kwargs
        if not (isinstance(ret, tuple) and len(ret) == 2):
            raise RuntimeError(
                f"{who}: a forward pre-hook registered with_kwargs=True must "
                f"return None or (new_args, new_kwargs), got {ret!r}"
            )
        new_args, new_kwargs = ret
        return (new_args if isinstance(new_args, tuple) else (new_args,)), dict(new_kwargs)
    ret = hook.fn(cell, args)
    if ret is None:
        return args, kwargs
    return (ret if isinstance(ret, tuple) else (ret,)), kwargs


def _run_always_called(cell, forward, called, args, kwargs, out):
    """After construct or a hook raised: run the ``always_call`` forward hooks not yet run."""
    for hook in forward:
        if hook.always_call and hook.handle_id not in called:
            try:
                if hook.with_kwargs:
                    hook.fn(cell, args, kwargs, out)
                else:
                    hook.fn(cell, args, out)
            except Exception as exc:  # noqa: BLE001 - the forward error is the one to raise
                warnings.warn(
                    f"{type(cell).__name__}: a forward hook with always_call=True "
                    f"raised while another error was raised in forward: {exc}",
                    stacklevel=3,
                )


# -- gradients -------------------------------------------------------------------
class _GradOutputLink:
    """Carries one call's output gradient from the output side's backward rule to the
    input side's (JAX runs them in reverse order of the forward pass)."""

    __slots__ = ("grads", "avals", "on_output")

    def __init__(self):
        self.grads = None
        self.avals = ()
        self.on_output = None  # the hooks to run from the output side (no input gradient)


def _is_float_tensor(x):
    return isinstance(x, (Tensor, jax.Array, np.ndarray)) and jnp.issubdtype(x.dtype, jnp.inexact)


def _identity_with_grad_hook(xs, on_grad):
    """``xs`` unchanged; in the backward pass ``on_grad(cotangents)`` may replace the
    cotangents of `xs` (a fresh custom_vjp per call: `on_grad` is this call's)."""

    @jax.custom_vjp
    def identity(*values):
        return values

    def fwd(*values):
        return values, None

    def bwd(_, cotangents):
        return tuple(on_grad(tuple(cotangents)))

    identity.defvjp(fwd, bwd)
    return identity(*xs)


def _as_grads(ret, avals, who, what):
    """A hook's replacement gradients, checked against the values they belong to."""
    grads = ret if isinstance(ret, (tuple, list)) else (ret,)
    if len(grads) != len(avals):
        raise ValueError(
            f"{who}: a {what} hook must return None or {len(avals)} gradient(s), got {len(grads)}"
        )
    out = []
    for i, (g, (shape, dtype)) in enumerate(zip(grads, avals)):
        g = jnp.asarray(g)
        if g.shape != shape:
            raise ValueError(
                f"{who}: gradient {i} returned by a {what} hook has shape "
                f"{g.shape}, expected {shape}"
            )
        out.append(g.astype(dtype))
    return tuple(out)


def _avals(xs):
    return tuple((tuple(x.shape), x.dtype) for x in xs)


def _hook_input_grads(cell, hooks, args, link, who):
    positions = [i for i, a in enumerate(args) if _is_float_tensor(a)]
    if not positions:
        return args
    avals = _avals(args[i] for i in positions)
    if not any(isinstance(unwrap(args[i]), Tracer) for i in positions):
        # No input is differentiated, so JAX never asks for their gradients: the hooks run
        # when the output's gradient arrives, with None for each input's gradient (what
        # MindSpore passes), and what they return has nothing to replace.
        def on_output(grad_output):
            for hook in hooks:
                hook.fn(cell, (None,) * len(positions), wrap(grad_output))

        link.on_output = on_output
        return args

    def on_grad(grad_input):
        grad_output = link.grads
        if grad_output is None:  # the output side got no gradient: it is zero
            grad_output = tuple(jnp.zeros(shape, dtype) for shape, dtype in link.avals)
        for hook in hooks:
            ret = hook.fn(cell, wrap(grad_input), wrap(grad_output))
            if ret is not None:
                grad_input = _as_grads(ret, avals, who, "backward")
        return grad_input

    hooked = _identity_with_grad_hook(tuple(args[i] for i in positions), on_grad)
    args = list(args)
    for i, value in zip(positions, hooked):
        args[i] = value
    return tuple(args)


def _split_output(out):
    """The floating-point Tensors of a Cell's output and how to put them back."""
    items = list(out) if isinstance(out, (tuple, list)) else [out]
    positions = [i for i, item in enumerate(items) if _is_float_tensor(item)]

    def rebuild(values):
        for i, value in zip(positions, values):
            items[i] = value
        if isinstance(out, (tuple, list)):
            return type(out)(items) if type(out) in (tuple, list) else type(out)(*items)
        return items[0]

    return [items[i] for i in positions], rebuild


def _hook_output_grads(out, link):
    xs, rebuild = _split_output(out)
    if not xs:
        return out
    link.avals = _avals(xs)

    def on_grad(grad_output):
        link.grads = grad_output
        if link.on_output is not None:
            link.on_output(grad_output)
        return grad_output

    return rebuild(_identity_with_grad_hook(tuple(xs), on_grad))


def _hook_backward_pre(cell, hooks, out, who):
    xs, rebuild = _split_output(out)
    if not xs:
        return out
    avals = _avals(xs)

    def on_grad(grad_output):
        for hook in hooks:
            ret = hook.fn(cell, wrap(grad_output))
            if ret is not None:
                grad_output = _as_grads(ret, avals, who, "backward pre")
        return grad_output

    return rebuild(_identity_with_grad_hook(tuple(xs), on_grad))
