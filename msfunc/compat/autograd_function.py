"""``mindspore._Function``: a differentiable function with a hand-written backward pass.

Subclass it with static ``forward(ctx, *inputs)`` and ``backward(ctx, *output_grads)``
(one gradient per input, None for an input that gets none) and call ``Cls.apply(...)``;
the pair becomes one ``jax.custom_vjp``, so msfunc's and JAX's transforms use the
backward. ``ctx`` carries Python attributes and ``save_for_backward`` tensors from the
forward to the backward pass and says which inputs need a gradient.

Example:
    >>> import numpy as np
    >>> import msfunc
    >>> from msfunc.compat.autograd_function import Function
    >>> class Cube(Function):
    ...     @staticmethod
    ...     def forward(ctx, x):
    ...         ctx.save_for_backward(x)
    ...         return x ** 3
    ...     @staticmethod
    ...     def backward(ctx, dout):
    ...         (x,) = ctx.saved_tensors
    ...         return 3 * x ** 2 * dout
    >>> x = msfunc.Tensor(np.array([1.0, 2.0], np.float32))
    >>> msfunc.grad(lambda x: Cube.apply(x).sum())(x).tolist()
    [3.0, 12.0]
"""

import jax
import jax.numpy as jnp
from jax.custom_derivatives import SymbolicZero

from ..common.tensor import Tensor, unwrap, wrap
from ..errors import UnsupportedError

__all__ = ["Function", "FunctionCtx"]


def _is_array(value):
    return isinstance(value, (Tensor, jax.Array))


def _is_input_tensor(value):
    return isinstance(value, (Tensor, jax.Array)) and jnp.issubdtype(
        jnp.result_type(unwrap(value)), jnp.inexact
    )


class FunctionCtx:
    """What ``forward`` hands to ``backward``: attributes, saved tensors, gradient needs."""

    def __init__(self, needs_input_grad):
        self.needs_input_grad = needs_input_grad
        self.saved_tensors = ()
        self.materialize_grads = True
        self.non_differentiable = []

    def save_for_backward(self, *tensors):
        """Keep `tensors` for ``backward`` (read there as ``ctx.saved_tensors``)."""
        self.saved_tensors = tensors

    def set_materialize_grads(self, value):
        """Whether missing output gradients reach ``backward`` as zeros (True) or None."""
        if not isinstance(value, bool):
            raise TypeError(
                f"set_materialize_grads: `value` must be a bool, got {type(value).__name__}"
            )
        self.materialize_grads = value

    def mark_non_differentiable(self, *outputs):
        """No gradient flows back through these outputs (``backward`` sees zeros for them)."""
        self.non_differentiable.extend(outputs)

    def mark_dirty(self, *tensors):
        raise UnsupportedError(
            "mindspore._Function ctx.mark_dirty is not supported by msfunc: "
            "JAX arrays are immutable, so forward cannot modify its inputs "
            "in place; return the new value instead"
        )


def _split_outputs(out):
    """(array leaves, rebuild(arrays) -> outputs): non-array outputs (ints ...) stay constant."""
    items = list(out) if isinstance(out, tuple) else [out]
    positions = [i for i, v in enumerate(items) if isinstance(v, (Tensor, jax.Array))]

    def rebuild(arrays):
        filled = list(items)
        for i, a in zip(positions, arrays, strict=True):
            filled[i] = a
        return tuple(filled) if isinstance(out, tuple) else filled[0]

    return [unwrap(items[i]) for i in positions], rebuild, positions, items


def _reduce_to(grad, x):
    """`grad` summed over the axes broadcasting added to `x`, in `x`'s dtype."""
    grad = jnp.asarray(grad)
    extra = grad.ndim - x.ndim
    if extra > 0:
        grad = grad.sum(axis=tuple(range(extra)))
    axes = tuple(
        i for i, (g, n) in enumerate(zip(grad.shape, x.shape, strict=True)) if n == 1 and g != 1
    )
    if axes:
        grad = grad.sum(axis=axes, keepdims=True)
    return jnp.broadcast_to(grad, x.shape).astype(x.dtype)


class Function:
    """Base of a custom differentiable function (see the module docstring)."""

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("a _Function subclass must define a static `forward`")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("a _Function subclass must define a static `backward`")

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run ``forward`` on `args`; gradients flow through ``backward``."""
        diff = [i for i, a in enumerate(args) if _is_input_tensor(a)]
        ctx = FunctionCtx(tuple(i in diff for i in range(len(args))))
        layout = {}

        def forward(values):
            full = list(args)
            for i, v in zip(diff, values, strict=True):
                full[i] = wrap(v)
            arrays, rebuild, positions, items = _split_outputs(cls.forward(ctx, *full, **kwargs))
            frozen = [any(items[i] is o for o in ctx.non_differentiable) for i in positions]
            layout.update(rebuild=rebuild, positions=positions, count=len(items), frozen=frozen)
            return arrays

        @jax.custom_vjp
        def run(*values):
            return forward(values)

        def run_fwd(*values):
            arrays = forward([v.value for v in values])  # CustomVJPPrimal (symbolic zeros)
            saved = tuple(unwrap(t) for t in ctx.saved_tensors)
            # Attributes forward set on a saved Tensor (``x.cache = x * x``) reach backward:
            # Tensor-valued ones as residuals, the others as they are.
            attrs = [
                getattr(t, "__dict__", {}) if isinstance(t, Tensor) else {}
                for t in ctx.saved_tensors
            ]
            layout["attrs"] = [{k: v for k, v in a.items() if not _is_array(v)} for a in attrs]
            carried = tuple({k: unwrap(v) for k, v in a.items() if _is_array(v)} for a in attrs)
            return arrays, (saved, carried)

        def run_bwd(residuals, cotangents):
            saved, carried = residuals
            ctx.saved_tensors = tuple(wrap(s) for s in saved)
            for t, static, arrays in zip(ctx.saved_tensors, layout["attrs"], carried, strict=True):
                if isinstance(t, Tensor):
                    t.__dict__.update(static)
                    t.__dict__.update({k: wrap(v) for k, v in arrays.items()})
            grads_out = [None] * layout["count"]
            for i, c, frozen in zip(layout["positions"], cotangents, layout["frozen"], strict=True):
                if isinstance(c, SymbolicZero) or frozen:
                    # an output nothing depends on: zeros, or None without materialize_grads
                    c = jnp.zeros(c.shape, c.dtype) if ctx.materialize_grads or frozen else None
                grads_out[i] = wrap(c)
            grads = cls.backward(ctx, *grads_out)
            grads = tuple(grads) if isinstance(grads, (tuple, list)) else (grads,)
            if len(grads) != len(args):
                raise RuntimeError(
                    f"Function backward return a wrong number of gradients: "
                    f"{cls.__name__}.backward gave {len(grads)} for "
                    f"{len(args)} inputs"
                )
            result = []
            for i, (arg, g) in enumerate(zip(args, grads, strict=True)):
                if g is not None and not isinstance(g, (Tensor, jax.Array)):
                    raise RuntimeError(
                        f"Gradient should be none or tensor: {cls.__name__}."
                        f"backward gave {type(g).__name__} for input {i}"
                    )
                if i not in diff:
                    if g is not None and not isinstance(arg, (Tensor, jax.Array)):
                        raise RuntimeError(
                            f"Input is not tensor, but gradient is not none: "
                            f"input {i} of {cls.__name__}"
                        )
                    continue
                x = unwrap(arg)
                result.append(jnp.zeros_like(x) if g is None else _reduce_to(unwrap(g), x))
            return tuple(result)

        run.defvjp(run_fwd, run_bwd, symbolic_zeros=True)
        arrays = run(*[unwrap(args[i]) for i in diff])
        return layout["rebuild"]([wrap(a) for a in arrays])
