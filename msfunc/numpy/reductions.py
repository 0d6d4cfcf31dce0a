"""Reductions and statistics: sums, extrema, means, variances, cumulative and NaN-aware forms.

`mean` and `average` of integer arrays return float32 (NumPy's rule); MindSpore
returns the integer dtype, truncating the result.
"""

import jax.numpy as jnp

from ..common.args import array_like, cast_result, dtype_arg, to_float

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
    "nancumsum",
    "nanmax",
    "nanmean",
    "nanmin",
    "nanstd",
    "nansum",
    "nanvar",
    "norm",
    "ptp",
    "sometrue",
    "std",
    "sum",
    "trace",
    "var",
]


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


def amax(a, axis=None, keepdims=False, initial=None, where=True):
    """Maximum over `axis` (all axes by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.amax(mnp.array([1.0, 3.0, 2.0])))
        3.0
    """
    return _extremum(jnp.max, a, axis, keepdims, initial, where)


def amin(a, axis=None, keepdims=False, initial=None, where=True):
    """Minimum over `axis` (all axes by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.amin(mnp.array([1.0, 3.0, 2.0])))
        1.0
    """
    return _extremum(jnp.min, a, axis, keepdims, initial, where)


def max(a, axis=None, keepdims=False, initial=None, where=True):  # noqa: A001
    """Maximum over `axis` (alias of `amax`).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.max(mnp.array([[1, 4], [3, 2]]), axis=0).tolist()
        [3, 4]
    """
    return _extremum(jnp.max, a, axis, keepdims, initial, where)


def min(a, axis=None, keepdims=False, initial=None, where=True):  # noqa: A001
    """Minimum over `axis` (alias of `amin`).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.min(mnp.array([[1, 4], [3, 2]]), axis=1).tolist()
        [1, 2]
    """
    return _extremum(jnp.min, a, axis, keepdims, initial, where)


def argmax(a, axis=None):
    """Index of the maximum (of the flattened array when `axis` is None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> int(mnp.argmax(mnp.array([1, 5, 2])))
        1
    """
    return jnp.argmax(array_like(a), axis)


def argmin(a, axis=None):
    """Index of the minimum (of the flattened array when `axis` is None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> int(mnp.argmin(mnp.array([3, 1, 2])))
        1
    """
    return jnp.argmin(array_like(a), axis)


def ptp(x, axis=None, keepdims=False):
    """Range (max - min) over `axis`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> int(mnp.ptp(mnp.array([4, 1, 9])))
        8
    """
    return jnp.ptp(array_like(x), axis, keepdims=keepdims)


def sum(a, axis=None, dtype=None, keepdims=False, initial=None):  # noqa: A001
    """Sum over `axis`, plus `initial` when given.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.sum(mnp.array([1.0, 2.0]), initial=10.0))
        13.0
    """
    return jnp.sum(
        array_like(a), axis, dtype_arg(dtype, "sum"), keepdims=keepdims, initial=array_like(initial)
    )


def mean(a, axis=None, keepdims=False, dtype=None):
    """Arithmetic mean over `axis` (integer input gives float32).

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.mean(mnp.array([1, 2])))
        1.5
    """
    return jnp.mean(array_like(a), axis, dtype_arg(dtype, "mean"), keepdims=keepdims)


def average(x, axis=None, weights=None, returned=False):
    """Weighted mean over `axis`; with `returned`, also the sum of weights.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.average(mnp.array([1.0, 3.0]), weights=mnp.array([3.0, 1.0])))
        1.5
    """
    return jnp.average(array_like(x), axis, array_like(weights), returned)


def var(x, axis=None, ddof=0, keepdims=False):
    """Variance over `axis` with `ddof` delta degrees of freedom.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.var(mnp.array([1.0, 3.0])))
        1.0
    """
    return jnp.var(array_like(x), axis, ddof=ddof, keepdims=keepdims)


def std(x, axis=None, ddof=0, keepdims=False):
    """Standard deviation over `axis` with `ddof` delta degrees of freedom.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.std(mnp.array([1.0, 3.0])))
        1.0
    """
    return jnp.std(array_like(x), axis, ddof=ddof, keepdims=keepdims)


def count_nonzero(x, axis=None, keepdims=False):
    """Number of non-zero elements over `axis`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> int(mnp.count_nonzero(mnp.array([0, 1, 2])))
        2
    """
    return jnp.count_nonzero(array_like(x), axis, keepdims=keepdims)


def sometrue(a, axis=None, keepdims=False):
    """Whether any element over `axis` is true (alias of ``any``).

    Example:
        >>> import msfunc.numpy as mnp
        >>> bool(mnp.sometrue(mnp.array([0, 1])))
        True
    """
    return jnp.any(array_like(a), axis, keepdims=keepdims)


def cumsum(a, axis=None, dtype=None):
    """Cumulative sum along `axis` (of the flattened array when None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.cumsum(mnp.array([1, 2, 3])).tolist()
        [1, 3, 6]
    """
    return jnp.cumsum(array_like(a), axis, dtype_arg(dtype, "cumsum"))


def cumprod(a, axis=None, dtype=None):
    """Cumulative product along `axis` (of the flattened array when None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.cumprod(mnp.array([1, 2, 3])).tolist()
        [1, 2, 6]
    """
    return jnp.cumprod(array_like(a), axis, dtype_arg(dtype, "cumprod"))


def nancumsum(a, axis=None, dtype=None):
    """Cumulative sum treating NaN as zero.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.nancumsum(mnp.array([1.0, float("nan"), 2.0])).tolist()
        [1.0, 1.0, 3.0]
    """
    return jnp.nancumsum(array_like(a), axis, dtype_arg(dtype, "nancumsum"))


def nansum(a, axis=None, dtype=None, keepdims=False):
    """Sum treating NaN as zero.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.nansum(mnp.array([1.0, float("nan")])))
        1.0
    """
    return jnp.nansum(array_like(a), axis, dtype_arg(dtype, "nansum"), keepdims=keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    """Mean ignoring NaN.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.nanmean(mnp.array([1.0, float("nan"), 3.0])))
        2.0
    """
    return jnp.nanmean(array_like(a), axis, dtype_arg(dtype, "nanmean"), keepdims=keepdims)


def nanmax(a, axis=None, dtype=None, keepdims=False):
    """Maximum ignoring NaN.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.nanmax(mnp.array([1.0, float("nan")])))
        1.0
    """
    return cast_result(jnp.nanmax(array_like(a), axis, keepdims=keepdims), dtype, "nanmax")


def nanmin(a, axis=None, dtype=None, keepdims=False):
    """Minimum ignoring NaN.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.nanmin(mnp.array([2.0, float("nan")])))
        2.0
    """
    return cast_result(jnp.nanmin(array_like(a), axis, keepdims=keepdims), dtype, "nanmin")


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """Variance ignoring NaN.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.nanvar(mnp.array([1.0, 3.0, float("nan")])))
        1.0
    """
    return jnp.nanvar(array_like(a), axis, dtype_arg(dtype, "nanvar"), ddof=ddof, keepdims=keepdims)


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """Standard deviation ignoring NaN.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.nanstd(mnp.array([1.0, 3.0, float("nan")])))
        1.0
    """
    return jnp.nanstd(array_like(a), axis, dtype_arg(dtype, "nanstd"), ddof=ddof, keepdims=keepdims)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """Sum along a diagonal.

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.trace(mnp.eye(3)))
        3.0
    """
    return jnp.trace(array_like(a), offset, axis1, axis2, dtype_arg(dtype, "trace"))


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The diagonal selected by `offset`, `axis1`, `axis2`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.diagonal(mnp.array([[1, 2], [3, 4]])).tolist()
        [1, 4]
    """
    return jnp.diagonal(array_like(a), offset, axis1, axis2)


def norm(x, ord=None, axis=None, keepdims=False):  # noqa: A002
    """Vector or matrix norm (as ``numpy.linalg.norm``).

    Example:
        >>> import msfunc.numpy as mnp
        >>> float(mnp.norm(mnp.array([3.0, 4.0])))
        5.0
    """
    return jnp.linalg.norm(to_float(array_like(x)), ord, axis, keepdims)
