"""MindSpore's float32 CPU ReduceSum and ReduceMean: the orders and precisions of their sums."""

import jax.numpy as jnp
import numpy as np
from jax import lax

from .. import context
from . import cpu_matmul

_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)

# MindSpore 2.10's CPU ReduceSum over every axis of a float32 tensor, and its ReduceMean over
# every axis or over axes that leave the last one, equal the float64 sum rounded once to
# float32 (a mean: that sum divided by the count in float32), at every size tried (1 to 16,384
# values; compared bit for bit). XLA sums in float32 in its own order, so a loss (a mean over a
# batch) differed from MindSpore's in its last bits about half the time. Its ReduceSum over
# axes that leave the last one is the double sum as well, except over the leading axis alone:
# that one adds the rows one after another in float32 (every shape tried, ranks 2 to 4).
# Reductions along the last axis take other (vectorised) orders there and are left to XLA.


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
    return tuple(sorted(int(a) % ndim for a in axes)) if ndim else ()


def float32_kernel_numerics(*values):
    """Whether `values` take MindSpore's float32 CPU kernel numerics: all float32, in a
    MindSpore program (`context.mindspore_cpu_numerics`), on JAX's CPU backend with 64-bit
    types (the flag is read first: this sits on every sum's path).

    Example:
        >>> float32_kernel_numerics(jnp.ones(2, jnp.int32))
        False
    """
    return (
        context._MINDSPORE_CPU_NUMERICS[0]
        and all(getattr(v, "dtype", None) == _F32 for v in values)
        and cpu_matmul._on_cpu()
    )


def _applies(x, axis, mean):
    """The reduced axes where MindSpore's kernel takes the double sum, else None."""
    if not float32_kernel_numerics(x) or not jnp.ndim(x):
        return None
    axes = _axes(axis, jnp.ndim(x))
    if len(axes) == jnp.ndim(x) or (jnp.ndim(x) - 1 not in axes and (mean or axes != (0,))):
        return axes
    return None


def _by_rows(x, axis):
    """Whether MindSpore's kernel sums `x` over `axis` row after row: float32 over the leading
    axis alone, of a tensor of rank 2 or more."""
    return (
        float32_kernel_numerics(x)
        and jnp.ndim(x) >= 2
        and jnp.shape(x)[0] > 0
        and _axes(axis, jnp.ndim(x)) == (0,)
    )


def _leading_rows(x):
    step = lambda acc, row: (acc + row, None)
    return lax.scan(step, x[0], x[1:], unroll=8)[0]


# compiled once per shape: eagerly, the scan's step would be traced and compiled on every call
_leading_rows_compiled = cpu_matmul.compiled(_leading_rows)


def reduce_sum(x, axis=None, keepdims=False):
    """``jnp.sum(x, axis)``; in a MindSpore program a float32 sum is MindSpore's CPU kernel's:
    over the leading axis alone row after row in float32, over every axis or over other axes
    that leave the last one in double, rounded once.

    Example:
        >>> import jax.numpy as jnp
        >>> float(reduce_sum(jnp.asarray([1.0, 2.0, 3.5], jnp.float32)))
        6.5
    """
    axes = _applies(x, axis, mean=False)
    if axes is not None:
        return jnp.sum(x.astype(_F64), axis=axes, keepdims=keepdims).astype(_F32)
    if _by_rows(x, axis):
        total = _leading_rows_compiled(x)
        return total[None] if keepdims else total
    return jnp.sum(x, axis=axis, keepdims=keepdims)


def reduce_mean(x, axis=None, keepdims=False):
    """``jnp.mean(x, axis)``; in a MindSpore program a float32 mean over every axis, or over
    axes that leave the last, is MindSpore's CPU kernel's: the double sum rounded, divided by
    the count in float32.

    Example:
        >>> import jax.numpy as jnp
        >>> float(reduce_mean(jnp.asarray([[1.0, 2.0], [3.0, 5.0]], jnp.float32)))
        2.75
    """
    axes = _applies(x, axis, mean=True)
    if axes is not None:
        count = int(np.prod([jnp.shape(x)[a] for a in axes], dtype=np.int64))
        total = jnp.sum(x.astype(_F64), axis=axes, keepdims=keepdims)
        # rounded to float32, then divided in float64 and rounded again: the float32 quotient
        # (XLA turns a float32 division by a constant into a product with its reciprocal)
        total = lax.reduce_precision(total, exponent_bits=8, mantissa_bits=23)
        return (total / count).astype(_F32)
    return jnp.mean(x, axis=axis, keepdims=keepdims)
