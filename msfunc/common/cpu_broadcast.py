"""Broadcasting whose gradient sums as MindSpore's CPU ReduceSum does (float32 programs).

In ``a - b`` with ``a`` (10, 1) and ``b`` (10,), the gradient of ``a`` sums over the broadcast
axis. JAX transposes the broadcast into XLA's reduction; MindSpore's bprop sums with its
ReduceSum kernel, in another order: the same training step's weights parted after a few
steps. The primitive here broadcasts like ``jnp.broadcast_to`` and transposes to
`cpu_reduce.reduce_sum` over the broadcast axes; it composes with jvp, vmap and jit.
"""

from __future__ import annotations

import jax.numpy as jnp
from jax.interpreters import ad, batching, mlir

from .._jax_private import Primitive, core
from . import cpu_reduce
from .cpu_reduce import float32_kernel_numerics

__all__ = ["broadcast_operands", "broadcast_to"]

_broadcast_p = Primitive("msfunc_cpu_broadcast")
_broadcast_p.def_impl(lambda x, *, shape: jnp.broadcast_to(x, shape))
_broadcast_p.def_abstract_eval(lambda x, *, shape: core.ShapedArray(shape, x.dtype))
mlir.register_lowering(
    _broadcast_p,
    mlir.lower_fun(lambda x, *, shape: jnp.broadcast_to(x, shape), multiple_results=False),
)


def broadcast_to(x, shape):
    """`x` broadcast to `shape`; the gradient sums over the broadcast axes with MindSpore's
    ReduceSum (`cpu_reduce.reduce_sum`), not XLA's reduction.

    Example:
        >>> broadcast_to(jnp.ones((2, 1), jnp.float32), (2, 3)).shape
        (2, 3)
    """
    shape = tuple(int(s) for s in shape)
    return x if jnp.shape(x) == shape else _broadcast_p.bind(x, shape=shape)


def _summed_axes(small, shape):
    """The axes of `shape` a broadcast from `small` repeats: new leading ones, and those where
    `small` has length 1 and `shape` does not (MindSpore's BroadcastGradientArgs)."""
    lead = len(shape) - len(small)
    return tuple(range(lead)) + tuple(
        lead + i for i, n in enumerate(small) if n == 1 and shape[lead + i] != 1
    )


def _jvp(primals, tangents, *, shape):
    (x,), (t,) = primals, tangents
    out = _broadcast_p.bind(x, shape=shape)
    if type(t) is ad.Zero:
        return out, ad.Zero(core.ShapedArray(shape, x.dtype))
    return out, _broadcast_p.bind(t, shape=shape)


def _transpose(ct, x, *, shape):
    small = x.aval.shape
    if type(ct) is ad.Zero:
        return (ad.Zero(x.aval),)
    axes = _summed_axes(small, shape)
    total = cpu_reduce.reduce_sum(ct, axes) if axes else ct
    return (jnp.reshape(total, small),)


def _batch(args, dims, *, shape):
    (x,), (d,) = args, dims
    x = jnp.moveaxis(x, d, 0)
    # (align the unbatched dims with `shape`'s trailing ones, as broadcasting does)
    x = x.reshape((x.shape[0],) + (1,) * (len(shape) - (x.ndim - 1)) + x.shape[1:])
    return _broadcast_p.bind(x, shape=(x.shape[0],) + shape), 0


ad.primitive_jvps[_broadcast_p] = _jvp
ad.primitive_transposes[_broadcast_p] = _transpose
batching.primitive_batchers[_broadcast_p] = _batch


def broadcast_operands(a, b):
    """`a` and `b` brought to one shape by `broadcast_to` when both are float32 arrays of other
    shapes in a MindSpore program (so their gradients sum as MindSpore's); else unchanged.

    Example:
        >>> a, b = broadcast_operands(jnp.ones((2, 1), jnp.float32), jnp.ones(3, jnp.float32))
        >>> a.shape, b.shape  # outside a MindSpore program: as given
        ((2, 1), (3,))
    """
    # (the common case first, cheapest: equal shapes, or a Python operand, which has none;
    # this sits on every eager add of a MindSpore program)
    sa, sb = getattr(a, "shape", None), getattr(b, "shape", None)
    if sa is None or sb is None or sa == sb or not float32_kernel_numerics(a, b):
        return a, b
    try:
        shape = jnp.broadcast_shapes(sa, sb)
    except ValueError:
        return a, b  # the operator itself reports the mismatch
    return broadcast_to(a, shape), broadcast_to(b, shape)
