"""Reductions and statistics: sums, extrema, means, variances, cumulative sums, diagonals.

`mean` and `average` of integer arrays return float32 (NumPy's rule); MindSpore
returns the integer dtype, truncating the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common.arg_docs import document_args
from ..common.args import array_like, dtype_arg, to_float
from ._reduction_args import (
    AXES,
    DDOF,
    KEEPDIMS,
    SCAN_AXIS,
    WHERE,
    A,
    X,
    dtype_entry,
    initial_entry,
)

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

__all__ = [
    "amax",
    "amin",
    "argmax",
    "argmin",
    "average",
    "count_nonzero",
    "cumprod",
    "cumsum",
    "diagonal",
    "max",
    "mean",
    "min",
    "norm",
    "ptp",
    "sometrue",
    "std",
    "sum",
    "trace",
    "var",
]


_SUM_INITIAL = "initial (Union[int, float, None]): A scalar added to the sum. Default: ``None``."
# trace and diagonal pick their diagonal alike
_DIAGONAL = (
    "a (Tensor): Input, at least 2-D.",
    "offset (int): Diagonal above (positive) or below (negative) the main one.\n"
    "    Default: ``0``.",
    "axis1 (int): First axis of the 2-D planes. Default: ``0``.",
    "axis2 (int): Second axis of the 2-D planes. Default: ``1``.",
)


def _where(where):
    return None if where is True else array_like(where)


def _extremum(jfn, a, axis, keepdims, initial, where):
    if initial is not None and jnp.ndim(array_like(initial)) != 0:
        raise TypeError(
            f"{jfn.__name__}: `initial` must be a scalar, got shape "
            f"{jnp.shape(array_like(initial))}"
        )
    return jfn(
        array_like(a),
        axis=axis,
        keepdims=keepdims,
        initial=array_like(initial),
        where=_where(where),
    )


@document_args(A, AXES, KEEPDIMS, initial_entry("maximum"), WHERE)
def amax(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    initial: ArrayLike | None = None,
    where: ArrayLike = True,
) -> Array:
    """Maximum over `axis` (all axes by default).

    Args:
        {args}

    Returns:
        Tensor, of `a`'s dtype, with the reduced axes removed (or kept as 1).

    Raises:
        TypeError: `initial` is not a scalar.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.amax(mnp.array([1.0, 3.0, 2.0])))
        3.0
    """
    return _extremum(jnp.max, a, axis, keepdims, initial, where)


@document_args(A, AXES, KEEPDIMS, initial_entry("minimum"), WHERE)
def amin(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    initial: ArrayLike | None = None,
    where: ArrayLike = True,
) -> Array:
    """Minimum over `axis` (all axes by default).

    Args:
        {args}

    Returns:
        Tensor, of `a`'s dtype, with the reduced axes removed (or kept as 1).

    Raises:
        TypeError: `initial` is not a scalar.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.amin(mnp.array([1.0, 3.0, 2.0])))
        1.0
    """
    return _extremum(jnp.min, a, axis, keepdims, initial, where)


@document_args(A, AXES, KEEPDIMS, initial_entry("maximum"), WHERE)
def max(  # noqa: A001
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    initial: ArrayLike | None = None,
    where: ArrayLike = True,
) -> Array:
    """Maximum over `axis` (the same function as `amax`).

    Args:
        {args}

    Returns:
        Tensor, of `a`'s dtype, with the reduced axes removed (or kept as 1).

    Raises:
        TypeError: `initial` is not a scalar.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.max(mnp.array([[1, 4], [3, 2]]), axis=0))
        [3 4]
    """
    return _extremum(jnp.max, a, axis, keepdims, initial, where)


@document_args(A, AXES, KEEPDIMS, initial_entry("minimum"), WHERE)
def min(  # noqa: A001
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    initial: ArrayLike | None = None,
    where: ArrayLike = True,
) -> Array:
    """Minimum over `axis` (the same function as `amin`).

    Args:
        {args}

    Returns:
        Tensor, of `a`'s dtype, with the reduced axes removed (or kept as 1).

    Raises:
        TypeError: `initial` is not a scalar.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.min(mnp.array([[1, 4], [3, 2]]), axis=1))
        [1 2]
    """
    return _extremum(jnp.min, a, axis, keepdims, initial, where)


def argmax(a: ArrayLike, axis: int | None = None) -> Array:
    """Index of the maximum (of the flattened array when `axis` is None).

    Args:
        a (Tensor): Input.
        axis (Union[int, None]): Axis to search along. Default: ``None``.

    Returns:
        Tensor of int64 indices (as MindSpore), `a`'s shape without `axis`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.argmax(mnp.array([1, 5, 2])))
        1
    """
    return jnp.argmax(array_like(a), axis)


def argmin(a: ArrayLike, axis: int | None = None) -> Array:
    """Index of the minimum (of the flattened array when `axis` is None).

    Args:
        a (Tensor): Input.
        axis (Union[int, None]): Axis to search along. Default: ``None``.

    Returns:
        Tensor of int64 indices (as MindSpore), `a`'s shape without `axis`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.argmin(mnp.array([3, 1, 2])))
        1
    """
    return jnp.argmin(array_like(a), axis)


@document_args(X, AXES, KEEPDIMS)
def ptp(x: ArrayLike, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Array:
    """Range (max - min) over `axis`.

    Args:
        {args}

    Returns:
        Tensor, of `x`'s dtype.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.ptp(mnp.array([4, 1, 9])))
        8
    """
    return jnp.ptp(array_like(x), axis, keepdims=keepdims)


@document_args(A, AXES, dtype_entry("Dtype to sum in."), KEEPDIMS, _SUM_INITIAL)
def sum(  # noqa: A001
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    dtype: DTypeLike | None = None,
    keepdims: bool = False,
    initial: ArrayLike | None = None,
) -> Array:
    """Sum over `axis`, plus `initial` when given.

    Sums of integers are 64-bit, as numpy's.

    Args:
        {args}

    Returns:
        Tensor, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.sum(mnp.array([1.0, 2.0]), initial=10.0))
        13.0
    """
    return jnp.sum(
        array_like(a), axis, dtype_arg(dtype, "sum"), keepdims=keepdims, initial=array_like(initial)
    )


@document_args(A, AXES, KEEPDIMS, dtype_entry("Dtype to compute in."))
def mean(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    dtype: DTypeLike | None = None,
) -> Array:
    """Arithmetic mean over `axis` (integer input gives float32).

    Args:
        {args}

    Returns:
        Tensor of floats, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.mean(mnp.array([1, 2])))
        1.5
    """
    return jnp.mean(array_like(a), axis, dtype_arg(dtype, "mean"), keepdims=keepdims)


def average(
    x: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    weights: ArrayLike | None = None,
    returned: bool = False,
) -> Array | tuple[Array, Array]:
    """Weighted mean over `axis`; with `returned`, also the sum of weights.

    Args:
        x (Tensor): Input.
        axis (Union[int, tuple[int, ...], None]): Axes to average; ``None`` averages all.
            Default: ``None``.
        weights (Union[Tensor, None]): A weight per element (or per element along `axis`);
            ``None`` weighs all equally. Default: ``None``.
        returned (bool): Also return the sum of the weights. Default: ``False``.

    Returns:
        Tensor, the average; with `returned`, a tuple of it and the weights' sum.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.average(mnp.array([1.0, 3.0]), weights=mnp.array([3.0, 1.0])))
        1.5
    """
    return jnp.average(array_like(x), axis, array_like(weights), returned)


@document_args(X, AXES, DDOF, KEEPDIMS)
def var(
    x: ArrayLike, axis: int | tuple[int, ...] | None = None, ddof: int = 0, keepdims: bool = False
) -> Array:
    """Variance over `axis` with `ddof` delta degrees of freedom.

    Args:
        {args}

    Returns:
        Tensor of floats, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.var(mnp.array([1.0, 3.0])))
        1.0
    """
    return jnp.var(array_like(x), axis, ddof=ddof, keepdims=keepdims)


@document_args(X, AXES, DDOF, KEEPDIMS)
def std(
    x: ArrayLike, axis: int | tuple[int, ...] | None = None, ddof: int = 0, keepdims: bool = False
) -> Array:
    """Standard deviation over `axis` with `ddof` delta degrees of freedom.

    Args:
        {args}

    Returns:
        Tensor of floats, with the reduced axes removed (or kept as 1).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.std(mnp.array([1.0, 3.0])))
        1.0
    """
    return jnp.std(array_like(x), axis, ddof=ddof, keepdims=keepdims)


def count_nonzero(
    x: ArrayLike, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Number of non-zero elements over `axis`.

    Args:
        x (Tensor): Input.
        axis (Union[int, tuple[int, ...], None]): Axes to count along; ``None`` counts all.
            Default: ``None``.
        keepdims (bool): Keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of ints.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.count_nonzero(mnp.array([0, 1, 2])))
        2
    """
    return jnp.count_nonzero(array_like(x), axis, keepdims=keepdims)


@document_args(A, AXES, KEEPDIMS)
def sometrue(
    a: ArrayLike, axis: int | tuple[int, ...] | None = None, keepdims: bool = False
) -> Array:
    """Whether any element over `axis` is true (numpy's ``any``).

    Args:
        {args}

    Returns:
        Tensor of bool.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.sometrue(mnp.array([0, 1])))
        True
    """
    return jnp.any(array_like(a), axis, keepdims=keepdims)


@document_args(A, SCAN_AXIS, dtype_entry("Dtype to accumulate in."))
def cumsum(a: ArrayLike, axis: int | None = None, dtype: DTypeLike | None = None) -> Array:
    """Cumulative sum along `axis` (of the flattened array when None).

    Args:
        {args}

    Returns:
        Tensor, of `a`'s shape (1-D when `axis` is None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.cumsum(mnp.array([1, 2, 3])))
        [1 3 6]
    """
    return jnp.cumsum(array_like(a), axis, dtype_arg(dtype, "cumsum"))


@document_args(A, SCAN_AXIS, dtype_entry("Dtype to accumulate in."))
def cumprod(a: ArrayLike, axis: int | None = None, dtype: DTypeLike | None = None) -> Array:
    """Cumulative product along `axis` (of the flattened array when None).

    Args:
        {args}

    Returns:
        Tensor, of `a`'s shape (1-D when `axis` is None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.cumprod(mnp.array([1, 2, 3])))
        [1 2 6]
    """
    return jnp.cumprod(array_like(a), axis, dtype_arg(dtype, "cumprod"))


@document_args(*_DIAGONAL, dtype_entry("Dtype to sum in."))
def trace(
    a: ArrayLike,
    offset: int = 0,
    axis1: int = 0,
    axis2: int = 1,
    dtype: DTypeLike | None = None,
) -> Array:
    """Sum along a diagonal.

    Args:
        {args}

    Returns:
        Tensor, `a`'s shape without `axis1` and `axis2`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.trace(mnp.eye(3)))
        3.0
    """
    return jnp.trace(array_like(a), offset, axis1, axis2, dtype_arg(dtype, "trace"))


@document_args(*_DIAGONAL)
def diagonal(a: ArrayLike, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
    """The diagonal selected by `offset`, `axis1`, `axis2`.

    Args:
        {args}

    Returns:
        Tensor, `a`'s shape without `axis1` and `axis2`, plus the diagonal as last axis.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.diagonal(mnp.array([[1, 2], [3, 4]])))
        [1 4]
    """
    return jnp.diagonal(array_like(a), offset, axis1, axis2)


def norm(
    x: ArrayLike,
    ord: int | float | str | None = None,  # noqa: A002
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
) -> Array:
    """Vector or matrix norm (as ``numpy.linalg.norm``); ints are taken as float32.

    Args:
        x (Tensor): Input.
        ord (Union[int, float, str, None]): Order of the norm (``'fro'``, ``'nuc'``,
            ``inf``, ...); ``None`` is the 2-norm (Frobenius for matrices). Default: ``None``.
        axis (Union[int, tuple[int, int], None]): Vector axis or matrix axes; ``None`` takes
            the whole of a 1-D or 2-D `x`. Default: ``None``.
        keepdims (bool): Keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of floats.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.norm(mnp.array([3.0, 4.0])))
        5.0
    """
    return jnp.linalg.norm(to_float(array_like(x)), ord, axis, keepdims)
