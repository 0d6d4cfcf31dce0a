"""Gradient hooks as primitives: `HookBackward` and `InsertGradientOf` (identity forward,
a Python function on the gradient in the backward pass, through `jax.custom_vjp`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import Tracer
from ..common.tensor import unwrap, wrap
from ..transforms.dispatch import CONCRETIZATION_ERRORS
from .primitives import Primitive, PrimitiveWithInfer

__all__ = ["HookBackward", "InsertGradientOf", "call_hook"]


def _check_callable(fn, who, arg):
    if not callable(fn):
        raise TypeError(f"{who}: `{arg}` must be a callable, got {type(fn).__name__}")


def _tensor_inputs(inputs, who):
    values = tuple(unwrap(inputs))
    if not values:
        raise TypeError(f"{who}: expected at least one Tensor input")
    out = []
    for i, x in enumerate(values):
        if isinstance(x, np.ndarray):
            x = jnp.asarray(x)
        if not isinstance(x, jax.Array):
            raise TypeError(f"{who}: input {i} must be a Tensor, got {type(x).__name__}")
        out.append(x)
    return out


def call_hook(hook, *args):
    """``hook(*args)``; a hook that branches in Python on a gradient traced under `jit` is
    run again with its control flow converted (MindSpore compiles a hook reached from a
    graph into that graph, so ``if grad[0] < c:`` works there).

    Example:
        >>> call_hook(abs, -2.0)
        2.0
    """
    try:
        return hook(*args)
    except CONCRETIZATION_ERRORS:
        if not any(isinstance(unwrap(a), Tracer) for a in args):
            raise
        from ..transforms import autograph

        converted = autograph.convert(hook)
        if converted is None:
            raise
        return converted(*args)


def _cotangent_for(x):
    return jnp.issubdtype(x.dtype, jnp.inexact)


def _with_grad_hook(xs, on_grad, who):
    """``xs`` unchanged; the backward pass gives the cotangents of `xs` to ``on_grad`` (a
    tuple) and uses what it returns (None keeps them). Integer inputs get zero gradients
    in the hook's view and keep their float0 cotangents."""
    avals = [(x.shape, x.dtype) for x in xs]

    @jax.custom_vjp
    def identity(*values):
        return values

    def fwd(*values):
        return values, None

    def bwd(_, cotangents):
        # The hook sees Tensors, as MindSpore's hooks do (it may print or inspect them).
        shown = tuple(
            wrap(ct if jnp.issubdtype(dtype, jnp.inexact) else jnp.zeros(shape, dtype))
            for ct, (shape, dtype) in zip(cotangents, avals)
        )
        ret = on_grad(shown)
        if ret is None:
            return tuple(cotangents)
        ret = ret if isinstance(ret, (tuple, list)) else (ret,)
        if len(ret) != len(avals):
            raise ValueError(
                f"{who}: the hook must return None or {len(avals)} gradient(s), got {len(ret)}"
            )
        out = []
        for i, (g, ct, (shape, dtype)) in enumerate(zip(ret, cotangents, avals)):
            if not jnp.issubdtype(dtype, jnp.inexact):
                out.append(ct)
                continue
            g = jnp.asarray(unwrap(g))
            if g.shape != tuple(shape):
                raise ValueError(
                    f"{who}: the hook's gradient {i} has shape {g.shape}, expected {tuple(shape)}"
                )
            out.append(g.astype(dtype))
        return tuple(out)

    identity.defvjp(fwd, bwd)
    return identity(*xs)


class HookBackward(PrimitiveWithInfer):
    """Identity on its inputs whose backward pass calls ``hook_fn(grads)`` with the
    gradients of the inputs (a tuple); a non-None result (a tuple, or one Tensor for
    one input) replaces them.

    Works under `msfunc.grad`/`value_and_grad` and JAX's transforms; under `msfunc.jit`,
    GRAPH_MODE or ``jax.jit`` the hook runs while the backward pass is traced (on traced
    values, not on each call). MindSpore runs it in PyNative mode only and ignores
    it in graph mode.

    Args:
        hook_fn (Callable): Called with the tuple of the inputs' gradients; returns None or
            the gradients to use instead.
        cell_id (str): Accepted for MindSpore's signature; unused. Default: ``""``.

    Inputs:
        - **inputs** (Tensor) - One or more tensors.

    Outputs:
        The inputs, unchanged (one Tensor for one input).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> hook = ops.HookBackward(lambda grads: grads[0] * 2)
        >>> ms.grad(lambda x: hook(x * x))(ms.Tensor(3.0)).item()
        12.0
    """

    def __init__(self, hook_fn: Callable[..., Any], cell_id: str = "") -> None:
        super().__init__("HookBackward")
        _check_callable(hook_fn, "HookBackward", "hook_fn")
        if not isinstance(cell_id, str):
            raise TypeError(f"HookBackward: `cell_id` must be a str, got {cell_id!r}")
        self.add_prim_attr("cell_id", cell_id)
        # Part of the primitive's equality: two hooks with different functions differ.
        self.add_prim_attr("hook_fn", hook_fn)

    def __call__(self, *inputs):
        xs = _tensor_inputs(inputs, "HookBackward")
        out = _with_grad_hook(xs, self.hook_fn, "HookBackward")
        return out[0] if len(out) == 1 else tuple(out)


class InsertGradientOf(Primitive):
    """Identity on `input_x` whose gradient passes through ``f(grad)`` in the backward
    pass (gradient clipping, scaling). Works eagerly and under jit (where `f` is traced
    into the backward program, as in MindSpore's graph mode).

    Args:
        f (Callable): Maps the gradient of the input to the gradient to pass on.

    Inputs:
        - **input_x** (Tensor) - The tensor (any other value passes through as it is).

    Outputs:
        Tensor, `input_x` unchanged.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> clip = ops.InsertGradientOf(lambda g: ops.clip_by_value(g, -1.0, 1.0))
        >>> ms.grad(lambda x: (clip(x) * 5.0).sum())(ms.Tensor([1.0, 2.0])).tolist()
        [1.0, 1.0]
    """

    def __init__(self, f: Callable[..., Any]) -> None:
        super().__init__("InsertGradientOf")
        _check_callable(f, "InsertGradientOf", "f")
        self.add_prim_attr("f", f)

    def __call__(self, input_x):
        if not isinstance(unwrap(input_x), (jax.Array, np.ndarray)):
            return input_x  # (a Python number, str or tuple has no gradient: MindSpore's identity)
        (x,) = _tensor_inputs((input_x,), "InsertGradientOf")
        (out,) = _with_grad_hook([x], lambda grads: self.f(grads[0]), "InsertGradientOf")
        return out
