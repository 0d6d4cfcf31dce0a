"""Statistics: medians, quantiles, variance and deviation, histograms, counts, covariance."""

from __future__ import annotations

import builtins
import functools
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import Tracer
from ..common import cpu_reduce, cpu_std
from ..common.arg_docs import document_args
from ..common.args import asarray, dtype_arg, norm_axis, reduce_axes, refuse_scalar_axis
from .func_reduce import _AXES, _INDEX, _KEEP_ONE, _keep

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

    from ..common.dtype import Type

# Args entries that sibling statistics word alike (see `document_args`).
_MEDIAN_ARGS = (
    "input (Tensor): The tensor to reduce.",
    "axis (int): The axis to reduce. Default: ``-1``.",
    _KEEP_ONE,
)
_RESULT_DTYPE = "dtype (mindspore.dtype, optional): The dtype of the result. Default: ``None``."
_QUANTILE_ARGS = (
    "input (Tensor): A floating-point tensor.",
    "q (Union[float, Tensor]): Quantiles in ``[0, 1]``; a 1-D tensor adds a leading axis\n"
    "    to the result.",
    "axis (Union[int, None]): The axis to reduce; ``None`` flattens `input`.\n"
    "    Default: ``None``.",
    _KEEP_ONE,
)
_SPREAD_ARGS = (
    "input (Tensor): A floating-point tensor.",
    _AXES,
    "ddof (Union[int, bool]): Delta degrees of freedom (``True`` means 1). Default: ``0``.",
    _keep("keepdims"),
)


def _median(x, axis, keepdims, nan):
    x = asarray(x)
    if axis is None or x.ndim == 0:
        if axis is not None:
            reduce_axes(axis, 0)  # (0 or -1 only: a 0-d input's one element)
        x, axis = x.reshape(-1), 0
    return _median_along(x, norm_axis(axis, jnp.ndim(x)), bool(keepdims), nan)


@functools.partial(jax.jit, static_argnums=(1, 2, 3))  # one compile, not one per primitive
def _median_along(x, ax, keepdims, nan):
    n = x.shape[ax]
    if n == 0:  # no element: NaN for a float, 0 for an integer (MindSpore's kernel), index 0
        shape = tuple(1 if i == ax else d for i, d in enumerate(x.shape))
        shape = shape if keepdims else shape[:ax] + shape[ax + 1 :]
        fill = jnp.nan if jnp.issubdtype(x.dtype, jnp.inexact) else 0
        return jnp.full(shape, fill, x.dtype), jnp.zeros(shape, _INDEX)
    order = jnp.argsort(x, axis=ax, stable=True)
    s = jnp.take_along_axis(x, order, axis=ax)
    if nan:
        valid = jnp.sum(~jnp.isnan(x), axis=ax, keepdims=True)
        k = jnp.maximum((valid - 1) // 2, 0)
    else:
        k = jnp.full([1 if i == ax else d for i, d in enumerate(x.shape)], (n - 1) // 2)
        has_nan = (
            jnp.any(jnp.isnan(x), axis=ax, keepdims=True)
            if jnp.issubdtype(x.dtype, jnp.inexact)
            else False
        )
        first_nan = jnp.argmax(jnp.isnan(s), axis=ax, keepdims=True)
        k = jnp.where(has_nan, first_nan, k)
    vals = jnp.take_along_axis(s, k, axis=ax)
    idx = jnp.take_along_axis(order, k, axis=ax).astype(_INDEX)
    if not keepdims:
        vals, idx = jnp.squeeze(vals, ax), jnp.squeeze(idx, ax)
    return vals, idx


@document_args(*_MEDIAN_ARGS)
def median(input: ArrayLike, axis: int = -1, keepdims: bool = False) -> tuple[Array, Array]:
    """The median of `input` along `axis`, with its index.

    With an even count the lower of the two middle values is taken; a NaN in a row makes that
    row's median NaN.

    Args:
        {args}

    Returns:
        Tuple ``(values, indices)``; the indices (int64) locate each median in `input`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.median(ms.Tensor([[1.0, 3.0, 2.0], [6.0, 4.0, 5.0]]))
        >>> print(values, indices)
        [2. 5.] [2 2]
    """
    return _median(input, axis, keepdims, nan=False)


@document_args(*_MEDIAN_ARGS)
def nanmedian(input: ArrayLike, axis: int = -1, keepdims: bool = False) -> tuple[Array, Array]:
    """The median of `input` along `axis` ignoring NaNs, with its index.

    With an even count the lower of the two middle values is taken.

    Args:
        {args}

    Returns:
        Tuple ``(values, indices)``; the indices (int64) locate each median in `input`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.nanmedian(ms.Tensor([1.0, float("nan"), 3.0, 2.0]))
        >>> print(values, indices)
        2.0 3
    """
    return _median(input, axis, keepdims, nan=True)


@document_args("input (Tensor): A floating-point tensor.", _AXES, _keep("keepdims"), _RESULT_DTYPE)
def nanmean(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    keepdims: bool = False,
    *,
    dtype: Type | None = None,
) -> Array:
    """Mean of `input` over `axis`, ignoring NaNs.

    Args:
        {args}

    Returns:
        Tensor, the means.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.nanmean(ms.Tensor([[1.0, float("nan")], [3.0, 5.0]]), axis=1))
        [1. 4.]
    """
    x = asarray(input)
    # NaN exists only in floats: an integer input is a type error (as in MindSpore).
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        raise TypeError(f"nanmean: `input` must be a floating tensor, got {x.dtype}")
    ax = norm_axis(axis, jnp.ndim(x))
    return jnp.nanmean(x, axis=ax, keepdims=keepdims, dtype=dtype_arg(dtype))


@document_args("input (Tensor): The tensor to sum.", _AXES, _keep("keepdims"), _RESULT_DTYPE)
def nansum(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    keepdims: bool = False,
    *,
    dtype: Type | None = None,
) -> Array:
    """Sum of `input` over `axis`, counting NaNs as zero.

    Args:
        {args}

    Returns:
        Tensor, the sums.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.nansum(ms.Tensor([[1.0, float("nan")], [3.0, 5.0]]), axis=1))
        [1. 8.]
    """
    x = asarray(input)
    ax = reduce_axes(axis, jnp.ndim(x))
    # MindSpore keeps an integer input's dtype here (bools sum as int64)
    kept = _INDEX if x.dtype == jnp.bool_ else x.dtype
    return jnp.nansum(x, axis=ax, keepdims=keepdims, dtype=dtype_arg(dtype) or kept)


@document_args(*_QUANTILE_ARGS)
def quantile(
    input: ArrayLike, q: float | ArrayLike, axis: int | None = None, keepdims: bool = False
) -> Array:
    """The `q`-th quantiles of `input` along `axis`, interpolating linearly between samples.

    Args:
        {args}

    Returns:
        Tensor of `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.quantile(ms.Tensor([1.0, 2.0, 3.0, 4.0]), ms.Tensor([0.25, 0.5])))
        [1.75 2.5 ]
    """
    x = asarray(input)
    return jnp.quantile(x, q, axis=norm_axis(axis, jnp.ndim(x)), keepdims=keepdims)


@document_args(*_QUANTILE_ARGS)
def nanquantile(
    input: ArrayLike, q: float | ArrayLike, axis: int | None = None, keepdims: bool = False
) -> Array:
    """The `q`-th quantiles of `input` along `axis` ignoring NaNs, interpolating linearly.

    Args:
        {args}

    Returns:
        Tensor of `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.nanquantile(ms.Tensor([1.0, float("nan"), 3.0]), 0.5))
        2.0
    """
    x = asarray(input)
    return jnp.nanquantile(x, q, axis=norm_axis(axis, jnp.ndim(x)), keepdims=keepdims)


@document_args(*_SPREAD_ARGS)
def var(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    ddof: int | bool = 0,
    keepdims: bool = False,
) -> Array:
    """Variance of `input` over `axis`: the mean squared deviation, divided by ``N - ddof``.

    Args:
        {args}

    Returns:
        Tensor, the variances.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 3.0], [2.0, 6.0]])
        >>> print(ops.var(x, axis=1), ops.var(x, axis=1, ddof=1))
        [1. 4.] [2. 8.]
    """
    x = asarray(input)
    refuse_scalar_axis(axis, jnp.ndim(x), "var")
    if cpu_std.applies(x, ddof):  # MindSpore's CPU kernel: its std, squared
        std = cpu_std.std_mean(x, axis, ddof, keepdims)[0]
        return std * std
    if cpu_std.composed_applies(x):  # another ddof: MindSpore composes it from kernels
        return cpu_std.composed_var(x, axis, ddof, keepdims)
    return jnp.var(x, axis=norm_axis(axis, jnp.ndim(x)), ddof=int(ddof), keepdims=keepdims)


@document_args(*_SPREAD_ARGS)
def std(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    ddof: int | bool = 0,
    keepdims: bool = False,
) -> Array:
    """Standard deviation of `input` over `axis`: the square root of `var`.

    Args:
        {args}

    Returns:
        Tensor, the standard deviations.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.std(ms.Tensor([[1.0, 3.0], [2.0, 6.0]]), axis=1))
        [1. 2.]
    """
    x = asarray(input)
    refuse_scalar_axis(axis, jnp.ndim(x), "std")
    if cpu_std.applies(x, ddof):
        return cpu_std.std_mean(x, axis, ddof, keepdims)[0]
    if cpu_std.composed_applies(x):
        return jnp.sqrt(cpu_std.composed_var(x, axis, ddof, keepdims))
    return jnp.std(x, axis=norm_axis(axis, jnp.ndim(x)), ddof=int(ddof), keepdims=keepdims)


def _with_mean(spread, input, axis, ddof, keepdims):
    """`spread` (`var` or `std`) of `input` and its mean: `var_mean`'s and `std_mean`'s body."""
    x = asarray(input)
    refuse_scalar_axis(axis, jnp.ndim(x), spread.__name__)
    if cpu_std.applies(x, ddof):  # MindSpore's CPU kernel gives both
        std, mean = cpu_std.std_mean(x, axis, ddof, keepdims)
        return (std * std if spread is var else std), mean
    ax = norm_axis(axis, jnp.ndim(x))
    if cpu_std.composed_applies(x):
        return spread(x, axis, ddof, keepdims), cpu_reduce.reduce_mean(x, ax, keepdims)
    return spread(x, axis, ddof, keepdims), jnp.mean(x, axis=ax, keepdims=keepdims)


@document_args(*_SPREAD_ARGS)
def var_mean(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    ddof: int | bool = 0,
    keepdims: bool = False,
) -> tuple[Array, Array]:
    """The variance and the mean of `input` over `axis`.

    Args:
        {args}

    Returns:
        Tuple ``(variance, mean)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> v, m = ops.var_mean(ms.Tensor([[1.0, 3.0], [2.0, 6.0]]), axis=1)
        >>> print(v, m)
        [1. 4.] [2. 4.]
    """
    return _with_mean(var, input, axis, ddof, keepdims)


@document_args(*_SPREAD_ARGS)
def std_mean(
    input: ArrayLike,
    axis: int | Sequence[int] | None = None,
    ddof: int | bool = 0,
    keepdims: bool = False,
) -> tuple[Array, Array]:
    """The standard deviation and the mean of `input` over `axis`.

    Args:
        {args}

    Returns:
        Tuple ``(std, mean)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> s, m = ops.std_mean(ms.Tensor([[1.0, 3.0], [2.0, 6.0]]), axis=1)
        >>> print(s, m)
        [1. 2.] [2. 4.]
    """
    return _with_mean(std, input, axis, ddof, keepdims)


def histc(input: ArrayLike, bins: int = 100, min: float = 0.0, max: float = 0.0) -> Array:
    """Histogram of `input`: counts in `bins` equal-width bins spanning ``[min, max]``.

    When `min` equals `max` the data's own range is used; elements outside the range are
    not counted.

    Args:
        input (Tensor): The values to count, read as 1-D.
        bins (int): The number of bins. Default: ``100``.
        min (float): The lower end of the range. Default: ``0.0``.
        max (float): The upper end of the range (inclusive). Default: ``0.0``.

    Returns:
        1-D Tensor of length `bins`, of `input`'s dtype for float inputs.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.histc(ms.Tensor([1.0, 2.0, 1.0, 4.0]), bins=4, min=0.0, max=3.0))
        [0. 2. 1. 0.]
    """
    x = asarray(input).reshape(-1)
    return _histc(x, int(bins), jnp.asarray(min, jnp.float32), jnp.asarray(max, jnp.float32))


@functools.partial(jax.jit, static_argnums=1)  # one compile, not one per primitive
def _histc(x, bins, lo, hi):
    same = lo == hi
    lo = jnp.where(same, jnp.min(x).astype(jnp.float32), lo)
    hi = jnp.where(same, jnp.max(x).astype(jnp.float32), hi)
    hi = jnp.where(hi == lo, hi + 1, hi)
    xf = x.astype(jnp.float32)
    pos = jnp.floor((xf - lo) * bins / (hi - lo)).astype(jnp.int32)
    pos = jnp.where(xf == hi, bins - 1, pos)
    inside = (xf >= lo) & (xf <= hi)
    counts = (
        jnp.zeros(bins, jnp.float32).at[jnp.clip(pos, 0, bins - 1)].add(inside.astype(jnp.float32))
    )
    return counts.astype(x.dtype) if jnp.issubdtype(x.dtype, jnp.floating) else counts


def bincount(input: ArrayLike, weights: ArrayLike | None = None, minlength: int = 0) -> Array:
    """How often each non-negative integer occurs in `input` (or the sum of its `weights`).

    The result's length depends on `input`'s values, so `input` must be concrete (not a
    traced value under jit).

    Args:
        input (Tensor): A 1-D tensor of non-negative integers.
        weights (Tensor, optional): One weight per element of `input`. Default: ``None``.
        minlength (int): The least length of the result. Default: ``0``.

    Returns:
        1-D Tensor of length ``max(input.max() + 1, minlength)``: float32 counts, or the
        summed weights.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.bincount(ms.Tensor([0, 1, 1, 3]), minlength=5))
        [1. 2. 0. 1. 0.]
    """
    raw = input
    if isinstance(raw, Tracer):
        # JAX's concretization error: msfunc.jit and graph-mode Cells then run eagerly.
        raise jax.errors.ConcretizationTypeError(
            raw,
            "bincount: the output length depends on the values of `input`; call it "
            "outside jit (or use jnp.bincount with `length=`)",
        )
    # read the length from the concrete values: under jit jnp.asarray would make a tracer
    concrete = np.asarray(raw)
    length = builtins.max(int(concrete.max()) + 1 if concrete.size else 0, int(minlength))
    x = asarray(raw)
    w = weights
    out = jnp.bincount(x, weights=w, length=length)
    return out.astype(jnp.float32) if w is None else out


def cov(
    input: ArrayLike,
    *,
    correction: int = 1,
    fweights: ArrayLike | None = None,
    aweights: ArrayLike | None = None,
) -> Array:
    """Covariance matrix of the rows (variables) of `input`, observed over its columns.

    Args:
        input (Tensor): Shape ``(variables, observations)``, or 1-D for one variable.
        correction (int): Subtracted from the observation count in the divisor (``1``: the
            unbiased estimate). Default: ``1``.
        fweights (Tensor, optional): Integer frequency weight of each observation.
            Default: ``None``.
        aweights (Tensor, optional): Importance weight of each observation. Default: ``None``.

    Returns:
        Tensor of shape ``(variables, variables)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.cov(ms.Tensor([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]])))
        [[ 1. -1.]
         [-1.  1.]]
    """
    return jnp.cov(asarray(input), ddof=correction, fweights=fweights, aweights=aweights)


__all__ = [
    "median",
    "nanmedian",
    "nanmean",
    "nansum",
    "quantile",
    "nanquantile",
    "var",
    "std",
    "var_mean",
    "std_mean",
    "histc",
    "bincount",
    "cov",
]
