"""User backward rules: Cells with ``bprop(self, *inputs, out, dout)`` and `custom_bprop`.

Both become a `jax.custom_vjp`. A Cell's Parameters enter the custom_vjp as
explicit arguments (a custom_vjp must not close over traced values) and get
zero gradients, as in MindSpore.
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .._state import Frame, read
from ..common.parameter import unwrap_args
from ._common import strip_parameters

__all__ = ["custom_bprop", "call_with_cell_bprop"]


def _zero_cotangent(x):
    x = jnp.asarray(x)
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return jnp.zeros_like(x)
    return np.zeros(x.shape, dtype=jax.dtypes.float0)


def _check_grads(grads, inputs, who):
    """Validate a user bprop's result and shape it as JAX's cotangents."""
    if not isinstance(grads, (tuple, list)):
        grads = (grads,) if len(inputs) == 1 else grads
    if not isinstance(grads, (tuple, list)) or len(grads) != len(inputs):
        got = len(grads) if isinstance(grads, (tuple, list)) else type(grads).__name__
        raise ValueError(f"{who}: bprop must return a tuple with one gradient per input "
                         f"({len(inputs)}), got {got}")
    out = []
    for i, (g, x) in enumerate(zip(grads, inputs)):
        x = jnp.asarray(x)
        if not jnp.issubdtype(x.dtype, jnp.inexact):
            out.append(np.zeros(x.shape, dtype=jax.dtypes.float0))
            continue
        g = jnp.asarray(unwrap_args((g,), {})[0][0])
        if g.shape != x.shape:
            try:
                g = jnp.broadcast_to(g, x.shape)
            except ValueError:
                raise ValueError(f"{who}: bprop gradient {i} has shape {g.shape}, but input {i} "
                                 f"has shape {x.shape}") from None
        out.append(g.astype(x.dtype))
    return tuple(out)


def _as_array(x):
    return jnp.asarray(x) if isinstance(x, (int, float, bool, np.ndarray)) else x


def _cell_vjp(cell):
    """The custom_vjp function for `cell`, built once per Cell."""
    cached = cell.__dict__.get("_msfunc_bprop_fn")
    if cached is not None:
        return cached
    who = f"{type(cell).__name__}.bprop"

    def lifted(values):
        return {id(p): v for p, v in zip(cell.get_parameters(), values)}

    @jax.custom_vjp
    def call(param_values, *inputs):
        with Frame(lifted(param_values), owner=who) as frame:
            out = strip_parameters(cell.construct(*inputs))
        if frame.writes:
            names = ", ".join(p.name for p, _ in frame.written())
            raise ValueError(f"{who}: a Cell with a custom bprop may not write Parameters in "
                             f"construct (wrote {names})")
        return out

    def fwd(param_values, *inputs):
        out = call(param_values, *inputs)
        return out, (param_values, inputs, out)

    def bwd(residuals, dout):
        param_values, inputs, out = residuals
        with Frame(lifted(param_values), owner=who):
            grads = cell.bprop(*inputs, out, dout)
        input_grads = _check_grads(grads, inputs, who)
        return (tuple(_zero_cotangent(v) for v in param_values), *input_grads)

    call.defvjp(fwd, bwd)
    object.__setattr__(cell, "_msfunc_bprop_fn", call)
    return call


def call_with_cell_bprop(cell, args, kwargs):
    """Call `cell` so that its user-defined bprop gives the input gradients."""
    if kwargs:
        raise TypeError(f"{type(cell).__name__}: a Cell with bprop takes positional inputs only")
    args, _ = unwrap_args(args, {})
    values = tuple(read(p) for p in cell.get_parameters())
    return _cell_vjp(cell)(values, *(_as_array(a) for a in args))


def custom_bprop(bprop):
    """Decorator giving a plain function a user backward rule ``bprop(*inputs, out, dout)``.

    `bprop` returns one gradient per input, as a tuple.

    Example:
        >>> import msfunc as ms
        >>> def double_grad(x, out, dout):
        ...     return (2 * dout,)
        >>> @ms.custom_bprop(double_grad)
        ... def identity(x):
        ...     return x
        >>> float(ms.grad(identity)(ms.Tensor(3.0)))
        2.0
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
            args, _ = unwrap_args(args, {})
            return call(*(_as_array(a) for a in args))

        return wrapper

    return decorate
