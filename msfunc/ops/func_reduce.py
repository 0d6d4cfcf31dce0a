"""Reductions, arg-extremes, scans and log-sum-exp with MindSpore's return conventions."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common import cpu_reduce, cpu_softmax, kernel_chain
from ..common.arg_docs import document_args
from ..common.args import asarray, dtype_arg, norm_axis, reduce_axes, refuse_scalar_axis
from ..common.promotion import INDEX, sum_dtype
from ..context import mindspore_dtype_checks

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

    from ..common.dtype import Type

_INDEX = INDEX  # MindSpore returns int64 indices (int32 when 64-bit types are off)

# Args entries that several reductions word alike (see `document_args`).
_AXES = "axis (Union[int, tuple[int], None]): Axes to reduce, ``None`` for all. Default: ``None``."
_ONE_AXIS = (
    "axis (Union[int, None]): The axis to reduce; ``None`` reduces the flattened tensor.\n"
    "    Default: ``None``."
)
_KEEP_ONE = "keepdims (bool): Keep the reduced axis with length 1. Default: ``False``."
_REDUCED = "input (Tensor): The tensor to reduce."
_TESTED = "input (Tensor): The tensor to test."
_WHERE = "where (Tensor, optional): A bool mask of the elements to include. Default: ``None``."
_SCANNED = ("input (Tensor): The tensor to scan.", "axis (int): The axis to scan along.")


def _keep(name: str) -> str:
    """The entry of the keep-the-reduced-axes flag, spelt `name` (keepdims or keep_dims)."""
    return f"{name} (bool): Keep the reduced axes with length 1. Default: ``False``."


def _initial(extremum: str) -> str:
    """The ``initial`` entry of a maximum or minimum (`extremum`)."""
    return (
        f"initial (Union[int, float, None]): A value the {extremum} starts from. Default: ``None``."
    )


def sum(
    input: ArrayLike,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    dtype: Type | None = None,
) -> Array:
    """Sum of the elements of `input` over `dim`.

    Args:
        input (Tensor): The tensor to sum.
        dim (Union[int, tuple[int], None]): Axes to reduce, ``None`` for all. Default: ``None``.
        keepdim (bool): Keep the reduced axes with length 1. Default: ``False``.
        dtype (mindspore.dtype, optional): The dtype to sum in and return. Default: ``None``.

    Returns:
        Tensor, the sums.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.sum(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), 1))
        [3. 7.]
    """
    if not isinstance(input, (jax.Array, np.ndarray)):
        raise TypeError(f"sum: `input` must be a Tensor, got {type(input).__name__}")
    if not isinstance(keepdim, (bool, np.bool_)):
        raise TypeError(f"sum: `keepdim` must be a bool, got {type(keepdim).__name__}")
    x = asarray(input)
    ax = reduce_axes(dim, jnp.ndim(x), "dim")
    if dtype is None and kernel_chain.applies(x):  # (a float32-only kernel on CPU)
        return kernel_chain.to16(cpu_reduce.reduce_sum(kernel_chain.to32(x), ax, keepdim))
    out_dtype = dtype_arg(dtype) or sum_dtype(x.dtype)
    if out_dtype is None and jnp.issubdtype(x.dtype, jnp.floating):
        return cpu_reduce.reduce_sum(x, ax, keepdim)
    return jnp.sum(x, axis=ax, keepdims=keepdim, dtype=out_dtype)


@document_args("x (Tensor): The tensor to average.", _AXES, _keep("keep_dims"))
def mean(x: ArrayLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Array:
    """Mean of the elements of `x` over `axis`.

    An integer tensor gives an integer mean (truncated), as in MindSpore.

    Args:
        {args}

    Returns:
        Tensor, the means, of `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.mean(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), 0))
        [2. 3.]
    """
    x = asarray(x)
    if x.dtype == jnp.bool_ and mindspore_dtype_checks():
        # (MindSpore's CPU kernel has no bool mean; a program must cast first)
        raise RuntimeError("mean: a bool tensor has no mean; cast it to a number dtype first")
    axes = reduce_axes(axis, jnp.ndim(x))
    if kernel_chain.applies(x):  # (a float32-only kernel on CPU)
        return kernel_chain.to16(cpu_reduce.reduce_mean(kernel_chain.to32(x), axes, keep_dims))
    out = cpu_reduce.reduce_mean(x, axes, keep_dims)
    return out.astype(x.dtype) if not jnp.issubdtype(x.dtype, jnp.inexact) else out


@document_args(
    "input (Tensor): The tensor to multiply out.",
    _AXES,
    _keep("keep_dims"),
    "dtype (mindspore.dtype, optional): The dtype of the result. Default: ``None``.",
)
def prod(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    keep_dims: bool = False,
    dtype: Type | None = None,
) -> Array:
    """Product of the elements of `input` over `axis`.

    Args:
        {args}

    Returns:
        Tensor, the products.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.prod(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), 1))
        [ 2. 12.]
    """
    x = asarray(input)
    ax = reduce_axes(axis, jnp.ndim(x))
    out_dtype = dtype_arg(dtype) or sum_dtype(x.dtype)
    return jnp.prod(x, axis=ax, keepdims=keep_dims, dtype=out_dtype)


@document_args(_TESTED, _AXES, _keep("keep_dims"))
def all(
    input: ArrayLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False
) -> Array:
    """Logical AND of the elements of `input` over `axis` (non-zero counts as True).

    Args:
        {args}

    Returns:
        Tensor of bool.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.all(ms.Tensor([[True, False], [True, True]]), 1))
        [False  True]
    """
    x = asarray(input)
    return jnp.all(x, axis=reduce_axes(axis, jnp.ndim(x)), keepdims=keep_dims)


@document_args(_TESTED, _AXES, _keep("keep_dims"))
def any(
    input: ArrayLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False
) -> Array:
    """Logical OR of the elements of `input` over `axis` (non-zero counts as True).

    Args:
        {args}

    Returns:
        Tensor of bool.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.any(ms.Tensor([[False, False], [True, False]]), 1))
        [False  True]
    """
    x = asarray(input)
    return jnp.any(x, axis=reduce_axes(axis, jnp.ndim(x)), keepdims=keep_dims)


@document_args(_REDUCED, _AXES, _keep("keepdims"), _initial("maximum"), _WHERE)
def amax(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    keepdims: bool = False,
    *,
    initial: float | None = None,
    where: ArrayLike | None = None,
) -> Array:
    """Maximum of the elements of `input` over `axis` (values only; see `max` for indices).

    Args:
        {args}

    Returns:
        Tensor, the maxima.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.amax(ms.Tensor([[1, 5], [3, 2]]), 1))
        [5 3]
    """
    x = asarray(input)
    ax = reduce_axes(axis, jnp.ndim(x))
    return jnp.max(x, axis=ax, keepdims=keepdims, initial=initial, where=where)


@document_args(_REDUCED, _AXES, _keep("keepdims"), _initial("minimum"), _WHERE)
def amin(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    keepdims: bool = False,
    *,
    initial: float | None = None,
    where: ArrayLike | None = None,
) -> Array:
    """Minimum of the elements of `input` over `axis` (values only; see `min` for indices).

    Args:
        {args}

    Returns:
        Tensor, the minima.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.amin(ms.Tensor([[1, 5], [3, 2]]), 1))
        [1 2]
    """
    x = asarray(input)
    ax = reduce_axes(axis, jnp.ndim(x))
    return jnp.min(x, axis=ax, keepdims=keepdims, initial=initial, where=where)


def _value_index(x, axis, keepdims, reduce, arg):
    ax = reduce_axes(axis, jnp.ndim(x))
    if isinstance(ax, tuple):
        raise ValueError("`axis` must be a single int when indices are returned")
    values = reduce(x, axis=ax, keepdims=keepdims)
    idx = arg(x, axis=ax, keepdims=keepdims).astype(_INDEX)
    return values, idx


class _Extremum(NamedTuple):
    """What tells `max` from `min`: the value and index reductions, the elementwise pick
    that lifts values to `initial`, and the value masked-out elements take otherwise."""

    reduce: Callable[..., Array]
    arg: Callable[..., Array]
    pick: Callable[..., Array]
    masked: float


_MAX = _Extremum(jnp.max, jnp.argmax, jnp.maximum, -float("inf"))
_MIN = _Extremum(jnp.min, jnp.argmin, jnp.minimum, float("inf"))


def _extremum_with_index(kind, input, axis, keepdims, initial, where):
    """`max`'s and `min`'s values and indices: one body, `kind` choosing which."""
    x = asarray(input)
    if axis is None:
        value = kind.reduce(x, keepdims=keepdims, initial=initial, where=where)
        return value, kind.arg(x, keepdims=keepdims).astype(_INDEX)
    if initial is not None or where is not None:
        x = jnp.where(
            where if where is not None else True, x, initial if initial is not None else kind.masked
        )
        if initial is not None:
            x = kind.pick(x, initial)
    return _value_index(x, axis, keepdims, kind.reduce, kind.arg)


@document_args(_REDUCED, _ONE_AXIS, _KEEP_ONE, _initial("maximum"), _WHERE)
def max(
    input: ArrayLike,
    axis: int | None = None,
    keepdims: bool = False,
    *,
    initial: float | None = None,
    where: ArrayLike | None = None,
) -> tuple[Array, Array]:
    """The maximum along `axis` and its index.

    Args:
        {args}

    Returns:
        Tuple ``(values, indices)``; the indices are int64.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.max(ms.Tensor([[1.0, 5.0], [3.0, 2.0]]), axis=1)
        >>> print(values, indices)
        [5. 3.] [1 0]
    """
    return _extremum_with_index(_MAX, input, axis, keepdims, initial, where)


@document_args(_REDUCED, _ONE_AXIS, _KEEP_ONE, _initial("minimum"), _WHERE)
def min(
    input: ArrayLike,
    axis: int | None = None,
    keepdims: bool = False,
    *,
    initial: float | None = None,
    where: ArrayLike | None = None,
) -> tuple[Array, Array]:
    """The minimum along `axis` and its index.

    Args:
        {args}

    Returns:
        Tuple ``(values, indices)``; the indices are int64.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.min(ms.Tensor([[1.0, 5.0], [3.0, 2.0]]), axis=1)
        >>> print(values, indices)
        [1. 2.] [0 1]
    """
    return _extremum_with_index(_MIN, input, axis, keepdims, initial, where)


def aminmax(
    input: ArrayLike, *, axis: int | None = 0, keepdims: bool = False
) -> tuple[Array, Array]:
    """The minimum and the maximum of `input` along `axis`.

    Args:
        input (Tensor): The tensor to reduce.
        axis (Union[int, None]): The axis to reduce; ``None`` reduces all. Default: ``0``.
        keepdims (bool): Keep the reduced axis with length 1. Default: ``False``.

    Returns:
        Tuple ``(min, max)`` of tensors.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> low, high = ops.aminmax(ms.Tensor([[1.0, 3.0], [2.0, 0.0]]))
        >>> print(low, high)
        [1. 0.] [2. 3.]
    """
    x = asarray(input)
    if jnp.ndim(x) == 0:
        # MindSpore reads a 0-d input as its one element (axis 0 or -1), shape kept at ()
        if axis is not None:
            norm_axis(axis, 1)
        return x, x
    # axis None reduces over every axis (keepdims: all of them kept at length 1)
    ax = None if axis is None else reduce_axes(axis, jnp.ndim(x))
    return jnp.min(x, axis=ax, keepdims=keepdims), jnp.max(x, axis=ax, keepdims=keepdims)


def argmax(input: ArrayLike, dim: int | None = None, keepdim: bool = False) -> Array:
    """Index of the maximum of `input` along `dim`.

    Args:
        input (Tensor): The tensor to search.
        dim (Union[int, None]): The axis; ``None`` searches the flattened tensor. Default: ``None``.
        keepdim (bool): Keep the reduced axis with length 1. Default: ``False``.

    Returns:
        Tensor of int64 indices.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.argmax(ms.Tensor([[1.0, 5.0], [3.0, 2.0]]), 1))
        [1 0]
    """
    x = asarray(input)
    ax: Any = reduce_axes(dim, jnp.ndim(x), "dim")  # (one int, or None: a 0-d input)
    return jnp.argmax(x, axis=ax, keepdims=keepdim).astype(_INDEX)


def argmin(input: ArrayLike, axis: int | None = None, keepdims: bool = False) -> Array:
    """Index of the minimum of `input` along `axis`.

    Args:
        input (Tensor): The tensor to search.
        axis (Union[int, None]): The axis; ``None`` searches the flattened tensor.
            Default: ``None``.
        keepdims (bool): Keep the reduced axis with length 1. Default: ``False``.

    Returns:
        Tensor of int32 indices (MindSpore's `argmin` differs from `argmax` here).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.argmin(ms.Tensor([[1.0, 5.0], [3.0, 2.0]]), 1))
        [0 1]
    """
    x = asarray(input)
    # MindSpore's argmin returns int32 where argmax returns int64 (int64 too for a 0-d input)
    index = jnp.int32 if jnp.ndim(x) else _INDEX
    ax: Any = reduce_axes(axis, jnp.ndim(x))  # (one int, or None: a 0-d input)
    return jnp.argmin(x, axis=ax, keepdims=keepdims).astype(index)


def count_nonzero(
    x: ArrayLike,
    axis: int | Sequence[int] = (),
    keep_dims: bool = False,
    dtype: Type | DTypeLike = jnp.int32,
) -> Array:
    """Number of non-zero elements of `x` over `axis`.

    Args:
        x (Tensor): The tensor to count in.
        axis (Union[int, tuple[int]]): Axes to reduce; ``()`` counts over all. Default: ``()``.
        keep_dims (bool): Keep the reduced axes with length 1. Default: ``False``.
        dtype (mindspore.dtype): The dtype of the counts. Default: ``mindspore.int32``.

    Returns:
        Tensor, the counts.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.count_nonzero(ms.Tensor([[0, 1], [2, 3]]), axis=1))
        [1 2]
    """
    x = asarray(x)
    ax = reduce_axes(axis, jnp.ndim(x))
    return jnp.count_nonzero(x, axis=ax, keepdims=keep_dims).astype(dtype_arg(dtype))


def _cum_extreme(x, axis, better):
    x = asarray(x)
    refuse_scalar_axis(axis, jnp.ndim(x), "cummax" if better is jnp.greater else "cummin")
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


@document_args(*_SCANNED)
def cummax(input: ArrayLike, axis: int) -> tuple[Array, Array]:
    """Running maximum of `input` along `axis`, with the index where each was found.

    Ties take the later index.

    Args:
        {args}

    Returns:
        Tuple ``(values, indices)``; the indices are int64.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.cummax(ms.Tensor([1.0, 3.0, 2.0, 3.0]), 0)
        >>> print(values, indices)
        [1. 3. 3. 3.] [0 1 1 3]
    """
    return _cum_extreme(input, axis, jnp.greater)


@document_args(*_SCANNED)
def cummin(input: ArrayLike, axis: int) -> tuple[Array, Array]:
    """Running minimum of `input` along `axis`, with the index where each was found.

    Ties take the later index.

    Args:
        {args}

    Returns:
        Tuple ``(values, indices)``; the indices are int32.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.cummin(ms.Tensor([3.0, 1.0, 2.0, 1.0]), 0)
        >>> print(values, indices)
        [3. 1. 1. 1.] [0 1 1 3]
    """
    values, indices = _cum_extreme(input, axis, jnp.less)
    return values, indices.astype(jnp.int32)  # MindSpore: int32 (cummax's are int64)


def cumsum(x: ArrayLike, axis: int, dtype: Type | None = None) -> Array:
    """Running sum of `x` along `axis`.

    Args:
        x (Tensor): The tensor to scan.
        axis (int): The axis to scan along.
        dtype (mindspore.dtype, optional): The dtype to sum in and return. Default: ``None``.

    Returns:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.cumsum(ms.Tensor([1, 2, 3]), 0))
        [1 3 6]
    """
    x = asarray(x)
    if x.dtype == jnp.bool_ and mindspore_dtype_checks():
        raise TypeError("cumsum: `x` must be a number tensor, got bool")
    return jnp.cumsum(x, axis=norm_axis(axis, jnp.ndim(x)), dtype=dtype_arg(dtype))


def cumprod(input: ArrayLike, dim: int, dtype: Type | None = None) -> Array:
    """Running product of `input` along `dim`.

    Args:
        input (Tensor): The tensor to scan.
        dim (int): The axis to scan along.
        dtype (mindspore.dtype, optional): The dtype to multiply in and return. Default: ``None``.

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.cumprod(ms.Tensor([1, 2, 3]), 0))
        [1 2 6]
    """
    x = asarray(input)
    return jnp.cumprod(x, axis=norm_axis(dim, jnp.ndim(x), "dim"), dtype=dtype_arg(dtype))


def logcumsumexp(input: ArrayLike, axis: int) -> Array:
    """Running ``log(sum(exp(x)))`` of `input` along `axis`, computed without overflow.

    Args:
        input (Tensor): A floating-point tensor.
        axis (int): The axis to scan along.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.logcumsumexp(ms.Tensor([0.0, 0.0, 0.0]), 0))
        [0.        0.6931472 1.0986123]
    """
    x = asarray(input)
    return lax.cumlogsumexp(x, axis=norm_axis(axis, jnp.ndim(x)))


def logsumexp(input: ArrayLike, dim: int | Sequence[int], keepdim: bool = False) -> Array:
    """``log(sum(exp(x)))`` of `input` over `dim`, computed without overflow.

    Args:
        input (Tensor): A floating-point tensor.
        dim (Union[int, tuple[int]]): Axes to reduce.
        keepdim (bool): Keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor, the reduced values.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.logsumexp(ms.Tensor([[0.0, 0.0], [1.0, 1.0]]), 1))
        [0.6931472 1.6931472]
    """
    x = asarray(input)
    return cpu_softmax.logsumexp(x, reduce_axes(dim, jnp.ndim(x), "dim"), keepdim)


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
