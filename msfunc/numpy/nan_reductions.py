"""NaN-aware reductions: sums, means, extrema and spreads that skip (or zero) NaN elements."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common.arg_docs import document_args
from ..common.args import array_like, dtype_arg
from ._reduction_args import AXES, KEEPDIMS, NAN_DDOF, SCAN_AXIS, A, dtype_entry
from .ufuncs import _cast  # nanmax's and nanmin's dtype= casts the result, as a ufunc's does

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

__all__ = [
    "nancumsum",
    "nanmax",
    "nanmean",
    "nanmin",
    "nanstd",
    "nansum",
    "nanvar",
]


@document_args(A, SCAN_AXIS, dtype_entry("Dtype to accumulate in."))
def nancumsum(a: ArrayLike, axis: int | None = None, dtype: DTypeLike | None = None) -> Array:
    """Cumulative sum treating NaN as zero.

    Args:
        {args}

    Returns:
        Tensor, of `a`'s shape (1-D when `axis` is None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.nancumsum(mnp.array([1.0, float("nan"), 2.0])))
        [1. 1. 3.]
    """
    return jnp.nancumsum(array_like(a), axis, dtype_arg(dtype, "nancumsum"))


@document_args(A, AXES, dtype_entry("Dtype to sum in."), KEEPDIMS)
def nansum(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: bool = False,
) -> Array:
    """Sum treating NaN as zero.

    Args:
        {args}

    Returns:
        Tensor, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.nansum(mnp.array([1.0, float("nan")])))
        1.0
    """
    return jnp.nansum(array_like(a), axis, dtype_arg(dtype, "nansum"), keepdims=keepdims)


@document_args(A, AXES, dtype_entry("Dtype to compute in."), KEEPDIMS)
def nanmean(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: bool = False,
) -> Array:
    """Mean ignoring NaN.

    Args:
        {args}

    Returns:
        Tensor of floats, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.nanmean(mnp.array([1.0, float("nan"), 3.0])))
        2.0
    """
    return jnp.nanmean(array_like(a), axis, dtype_arg(dtype, "nanmean"), keepdims=keepdims)


@document_args(A, AXES, dtype_entry("Dtype the result is cast to."), KEEPDIMS)
def nanmax(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: bool = False,
) -> Array:
    """Maximum ignoring NaN.

    Args:
        {args}

    Returns:
        Tensor, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.nanmax(mnp.array([1.0, float("nan")])))
        1.0
    """
    return _cast(jnp.nanmax(array_like(a), axis, keepdims=keepdims), dtype, "nanmax")


@document_args(A, AXES, dtype_entry("Dtype the result is cast to."), KEEPDIMS)
def nanmin(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: bool = False,
) -> Array:
    """Minimum ignoring NaN.

    Args:
        {args}

    Returns:
        Tensor, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.nanmin(mnp.array([2.0, float("nan")])))
        2.0
    """
    return _cast(jnp.nanmin(array_like(a), axis, keepdims=keepdims), dtype, "nanmin")


@document_args(A, AXES, dtype_entry("Dtype to compute in."), NAN_DDOF, KEEPDIMS)
def nanvar(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    ddof: int = 0,
    keepdims: bool = False,
) -> Array:
    """Variance ignoring NaN.

    Args:
        {args}

    Returns:
        Tensor of floats, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.nanvar(mnp.array([1.0, 3.0, float("nan")])))
        1.0
    """
    return jnp.nanvar(array_like(a), axis, dtype_arg(dtype, "nanvar"), ddof=ddof, keepdims=keepdims)


@document_args(A, AXES, dtype_entry("Dtype to compute in."), NAN_DDOF, KEEPDIMS)
def nanstd(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    ddof: int = 0,
    keepdims: bool = False,
) -> Array:
    """Standard deviation ignoring NaN.

    Args:
        {args}

    Returns:
        Tensor of floats, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.nanstd(mnp.array([1.0, 3.0, float("nan")])))
        1.0
    """
    return jnp.nanstd(array_like(a), axis, dtype_arg(dtype, "nanstd"), ddof=ddof, keepdims=keepdims)
