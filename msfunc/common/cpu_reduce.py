"""MindSpore's float32 CPU ReduceSum and ReduceMean: the sums they take in double."""

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
# batch) differed from MindSpore's in its last bits about half the time. Reductions along the
# last axis take other (vectorised) orders there and are left to XLA.


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
    if len(axes) == jnp.ndim(x) or (mean and jnp.ndim(x) - 1 not in axes):
        return axes
    return None


def reduce_sum(x, axis=None, keepdims=False):
    """``jnp.sum(x, axis)``, taken in double as MindSpore's CPU kernel takes a float32 sum over
    every axis in a MindSpore program.

    Example:
        >>> import jax.numpy as jnp
        >>> float(reduce_sum(jnp.asarray([1.0, 2.0, 3.5], jnp.float32)))
        6.5
    """
    axes = _applies(x, axis, mean=False)
    if axes is not None:
        return jnp.sum(x.astype(_F64), axis=axes, keepdims=keepdims).astype(_F32)
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
