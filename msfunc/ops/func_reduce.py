"""Reductions, arg-extremes, scans and log-sum-exp with MindSpore's return conventions."""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.args import asarray, dtype_arg, norm_axis
from ..common.promotion import INDEX

_INDEX = INDEX  # MindSpore returns int64 indices (int32 when 64-bit types are off)


def sum(input, dim=None, keepdim=False, *, dtype=None):
    """Sum over `dim` (all axes when None).

    Example:
        >>> sum(jnp.array([[1, 2], [3, 4]]), 1).tolist()
        [3, 7]
    """
    if not isinstance(input, (jax.Array, np.ndarray)):
        raise TypeError(f"sum: `input` must be a Tensor, got {type(input).__name__}")
    if not isinstance(keepdim, (bool, np.bool_)):
        raise TypeError(f"sum: `keepdim` must be a bool, got {type(keepdim).__name__}")
    x = asarray(input)
    ax = norm_axis(dim, jnp.ndim(x), "dim")
    return jnp.sum(x, axis=ax, keepdims=keepdim, dtype=dtype_arg(dtype))


def mean(x, axis=None, keep_dims=False):
    """Mean over `axis`; an integer tensor gives an integer mean, as in MindSpore.

    Example:
        >>> mean(jnp.array([[1.0, 2.0], [3.0, 4.0]]), 0).tolist()
        [2.0, 3.0]
    """
    x = asarray(x)
    out = jnp.mean(x, axis=norm_axis(axis, jnp.ndim(x)), keepdims=keep_dims)
    return out.astype(x.dtype) if not jnp.issubdtype(x.dtype, jnp.inexact) else out


def prod(input, axis=None, keep_dims=False, dtype=None):
    """Product over `axis`.

    Example:
        >>> prod(jnp.array([2.0, 3.0])).tolist()
        6.0
    """
    x = asarray(input)
    ax = norm_axis(axis, jnp.ndim(x))
    return jnp.prod(x, axis=ax, keepdims=keep_dims, dtype=dtype_arg(dtype))


def all(input, axis=None, keep_dims=False):
    """Logical AND over `axis`.

    Example:
        >>> all(jnp.array([True, False])).tolist()
        False
    """
    x = asarray(input)
    return jnp.all(x, axis=norm_axis(axis, jnp.ndim(x)), keepdims=keep_dims)


def any(input, axis=None, keep_dims=False):
    """Logical OR over `axis`.

    Example:
        >>> any(jnp.array([True, False])).tolist()
        True
    """
    x = asarray(input)
    return jnp.any(x, axis=norm_axis(axis, jnp.ndim(x)), keepdims=keep_dims)


def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    """Maximum over `axis` (values only).

    Example:
        >>> amax(jnp.array([[1, 5], [3, 2]]), 1).tolist()
        [5, 3]
    """
    x = asarray(input)
    ax = norm_axis(axis, jnp.ndim(x))
    return jnp.max(x, axis=ax, keepdims=keepdims, initial=initial, where=where)


def amin(input, axis=None, keepdims=False, *, initial=None, where=None):
    """Minimum over `axis` (values only).

    Example:
        >>> amin(jnp.array([[1, 5], [3, 2]]), 1).tolist()
        [1, 2]
    """
    x = asarray(input)
    ax = norm_axis(axis, jnp.ndim(x))
    return jnp.min(x, axis=ax, keepdims=keepdims, initial=initial, where=where)


def _value_index(x, axis, keepdims, reduce, arg):
    ax = norm_axis(axis, jnp.ndim(x))
    if isinstance(ax, tuple):
        raise ValueError("`axis` must be a single int when indices are returned")
    values = reduce(x, axis=ax, keepdims=keepdims)
    idx = arg(x, axis=ax, keepdims=keepdims).astype(_INDEX)
    return values, idx


def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """The maximum and its index: ``(values, indices)`` along `axis` (flattened when None).

    Example:
        >>> v, i = max(jnp.array([[1.0, 5.0], [3.0, 2.0]]), axis=1)
        >>> v.tolist(), i.tolist()
        ([5.0, 3.0], [1, 0])
    """
    x = asarray(input)
    if axis is None:
        value = jnp.max(x, keepdims=keepdims, initial=initial, where=where)
        return value, jnp.argmax(x, keepdims=keepdims).astype(_INDEX)
    if initial is not None or where is not None:
        x = jnp.where(
            where if where is not None else True, x, initial if initial is not None else -jnp.inf
        )
        if initial is not None:
            x = jnp.maximum(x, initial)
    return _value_index(x, axis, keepdims, jnp.max, jnp.argmax)


def min(input, axis=None, keepdims=False, *, initial=None, where=None):
    """The minimum and its index: ``(values, indices)`` along `axis` (flattened when None).

    Example:
        >>> v, i = min(jnp.array([[1.0, 5.0], [3.0, 2.0]]), axis=1)
        >>> v.tolist(), i.tolist()
        ([1.0, 2.0], [0, 1])
    """
    x = asarray(input)
    if axis is None:
        value = jnp.min(x, keepdims=keepdims, initial=initial, where=where)
        return value, jnp.argmin(x, keepdims=keepdims).astype(_INDEX)
    if initial is not None or where is not None:
        x = jnp.where(
            where if where is not None else True, x, initial if initial is not None else jnp.inf
        )
        if initial is not None:
            x = jnp.minimum(x, initial)
    return _value_index(x, axis, keepdims, jnp.min, jnp.argmin)


def aminmax(input, *, axis=0, keepdims=False):
    """``(min, max)`` along `axis`.

    Example:
        >>> [t.tolist() for t in aminmax(jnp.array([[1.0, 3.0], [2.0, 0.0]]))]
        [[1.0, 0.0], [2.0, 3.0]]
    """
    x = asarray(input)
    if jnp.ndim(x) == 0:
        # MindSpore reads a 0-d input as its one element (axis 0 or -1), shape kept at ()
        if axis is not None:
            norm_axis(axis, 1)
        return x, x
    # axis None reduces over every axis (keepdims: all of them kept at length 1)
    ax = None if axis is None else norm_axis(axis, jnp.ndim(x))
    return jnp.min(x, axis=ax, keepdims=keepdims), jnp.max(x, axis=ax, keepdims=keepdims)


def argmax(input, dim=None, keepdim=False):
    """Index of the maximum along `dim` (of the flattened tensor when None).

    Example:
        >>> argmax(jnp.array([[1.0, 5.0], [3.0, 2.0]]), 1).tolist()
        [1, 0]
    """
    x = asarray(input)
    return jnp.argmax(x, axis=norm_axis(dim, jnp.ndim(x), "dim"), keepdims=keepdim).astype(_INDEX)


def argmin(input, axis=None, keepdims=False):
    """Index of the minimum along `axis` (of the flattened tensor when None).

    Example:
        >>> argmin(jnp.array([[1.0, 5.0], [3.0, 2.0]]), 1).tolist()
        [0, 1]
    """
    x = asarray(input)
    # MindSpore's argmin returns int32 where argmax returns int64.
    return jnp.argmin(x, axis=norm_axis(axis, jnp.ndim(x)), keepdims=keepdims).astype(jnp.int32)


def count_nonzero(x, axis=(), keep_dims=False, dtype=jnp.int32):
    """Number of non-zero entries over `axis` (``()`` counts all).

    Example:
        >>> count_nonzero(jnp.array([[0, 1], [2, 0]])).tolist()
        2
    """
    x = asarray(x)
    ax = norm_axis(axis, jnp.ndim(x))
    return jnp.count_nonzero(x, axis=ax, keepdims=keep_dims).astype(dtype_arg(dtype))


def _cum_extreme(x, axis, better):
    x = asarray(x)
    return _cum_scan(x, norm_axis(axis, jnp.ndim(x)), better)


@functools.partial(jax.jit, static_argnums=(1, 2))
def _cum_scan(x, ax, better):
    n = x.shape[ax]
    idx = lax.broadcasted_iota(_INDEX, x.shape, ax)

    def combine(a, b):
        (va, ia), (vb, ib) = a, b
        take_b = better(vb, va) | (vb == va) | jnp.isnan(vb)
        take_b = take_b & ~jnp.isnan(va) | jnp.isnan(vb)
        return jnp.where(take_b, vb, va), jnp.where(take_b, ib, ia)

    if n == 0:
        return x, idx
    return lax.associative_scan(combine, (x, idx), axis=ax)


def cummax(input, axis):
    """Running maximum along `axis`: ``(values, indices)`` (ties take the later index).

    Example:
        >>> [t.tolist() for t in cummax(jnp.array([1.0, 3.0, 2.0]), 0)]
        [[1.0, 3.0, 3.0], [0, 1, 1]]
    """
    return _cum_extreme(input, axis, jnp.greater)


def cummin(input, axis):
    """Running minimum along `axis`: ``(values, indices)`` (ties take the later index).

    Example:
        >>> [t.tolist() for t in cummin(jnp.array([3.0, 1.0, 2.0]), 0)]
        [[3.0, 1.0, 1.0], [0, 1, 1]]
    """
    values, indices = _cum_extreme(input, axis, jnp.less)
    return values, indices.astype(jnp.int32)  # MindSpore: int32 (cummax's are int64)


def cumsum(x, axis, dtype=None):
    """Running sum along `axis`.

    Example:
        >>> cumsum(jnp.array([1, 2, 3]), 0).tolist()
        [1, 3, 6]
    """
    x = asarray(x)
    return jnp.cumsum(x, axis=norm_axis(axis, jnp.ndim(x)), dtype=dtype_arg(dtype))


def cumprod(input, dim, dtype=None):
    """Running product along `dim`.

    Example:
        >>> cumprod(jnp.array([1, 2, 3]), 0).tolist()
        [1, 2, 6]
    """
    x = asarray(input)
    return jnp.cumprod(x, axis=norm_axis(dim, jnp.ndim(x), "dim"), dtype=dtype_arg(dtype))


def logcumsumexp(input, axis):
    """Running ``log(sum(exp(x)))`` along `axis`.

    Example:
        >>> logcumsumexp(jnp.array([0.0, 0.0]), 0).shape
        (2,)
    """
    x = asarray(input)
    return lax.cumlogsumexp(x, axis=norm_axis(axis, jnp.ndim(x)))


def logsumexp(input, dim, keepdim=False):
    """``log(sum(exp(x)))`` over `dim`, computed stably.

    Example:
        >>> round(float(logsumexp(jnp.zeros(2), 0)), 4)
        0.6931
    """
    x = asarray(input)
    return jax.nn.logsumexp(x, axis=norm_axis(dim, jnp.ndim(x), "dim"), keepdims=keepdim)


__all__ = [
    "sum",
    "mean",
    "prod",
    "all",
    "any",
    "amax",
    "amin",
    "max",
    "min",
    "aminmax",
    "argmax",
    "argmin",
    "count_nonzero",
    "cummax",
    "cummin",
    "cumsum",
    "cumprod",
    "logcumsumexp",
    "logsumexp",
]
