"""Statistics (median, quantiles, variance), histograms, differences, n-ary sums and segment
reductions."""

import builtins
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.args import asarray, dtype_arg, norm_axis
from .func_reduce import _INDEX


def _median(x, axis, keepdims, nan):
    x = asarray(x)
    if axis is None:
        x, axis = x.reshape(-1), 0
    return _median_along(x, norm_axis(axis, jnp.ndim(x)), bool(keepdims), nan)


@functools.partial(jax.jit, static_argnums=(1, 2, 3))  # one compile, not one per primitive
def _median_along(x, ax, keepdims, nan):
    n = x.shape[ax]
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


def median(input, axis=-1, keepdims=False):
    """The lower median along `axis`: ``(values, indices)``.

    Example:
        >>> [t.tolist() for t in median(jnp.array([1.0, 3.0, 2.0, 4.0]))]
        [2.0, 2]
    """
    return _median(input, axis, keepdims, nan=False)


def nanmedian(input, axis=-1, keepdims=False):
    """`median` ignoring NaNs: ``(values, indices)``.

    Example:
        >>> nanmedian(jnp.array([1.0, jnp.nan, 3.0]))[0].tolist()
        1.0
    """
    return _median(input, axis, keepdims, nan=True)


def nanmean(input, axis=None, keepdims=False, *, dtype=None):
    """Mean ignoring NaNs.

    Example:
        >>> nanmean(jnp.array([1.0, jnp.nan, 3.0])).tolist()
        2.0
    """
    x = asarray(input)
    # NaN exists only in floats: an integer input is a type error (as in MindSpore).
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        raise TypeError(f"nanmean: `input` must be a floating tensor, got {x.dtype}")
    ax = norm_axis(axis, jnp.ndim(x))
    return jnp.nanmean(x, axis=ax, keepdims=keepdims, dtype=dtype_arg(dtype))


def nansum(input, axis=None, keepdims=False, *, dtype=None):
    """Sum treating NaNs as zero.

    Example:
        >>> nansum(jnp.array([1.0, jnp.nan, 3.0])).tolist()
        4.0
    """
    x = asarray(input)
    ax = norm_axis(axis, jnp.ndim(x))
    return jnp.nansum(x, axis=ax, keepdims=keepdims, dtype=dtype_arg(dtype))


def quantile(input, q, axis=None, keepdims=False):
    """The `q`-th quantiles with linear interpolation (a 1-D `q` adds a leading axis).

    Example:
        >>> quantile(jnp.array([1.0, 2.0, 3.0, 4.0]), 0.5).tolist()
        2.5
    """
    x = asarray(input)
    return jnp.quantile(x, q, axis=norm_axis(axis, jnp.ndim(x)), keepdims=keepdims)


def nanquantile(input, q, axis=None, keepdims=False):
    """`quantile` ignoring NaNs.

    Example:
        >>> nanquantile(jnp.array([1.0, jnp.nan, 3.0]), 0.5).tolist()
        2.0
    """
    x = asarray(input)
    return jnp.nanquantile(x, q, axis=norm_axis(axis, jnp.ndim(x)), keepdims=keepdims)


def var(input, axis=None, ddof=0, keepdims=False):
    """Variance with `ddof` delta degrees of freedom (a bool `ddof` means 1 or 0).

    Example:
        >>> var(jnp.array([1.0, 3.0])).tolist()
        1.0
    """
    x = asarray(input)
    return jnp.var(x, axis=norm_axis(axis, jnp.ndim(x)), ddof=int(ddof), keepdims=keepdims)


def std(input, axis=None, ddof=0, keepdims=False):
    """Standard deviation with `ddof` delta degrees of freedom.

    Example:
        >>> std(jnp.array([1.0, 3.0])).tolist()
        1.0
    """
    x = asarray(input)
    return jnp.std(x, axis=norm_axis(axis, jnp.ndim(x)), ddof=int(ddof), keepdims=keepdims)


def var_mean(input, axis=None, ddof=0, keepdims=False):
    """``(variance, mean)``.

    Example:
        >>> [t.tolist() for t in var_mean(jnp.array([1.0, 3.0]))]
        [1.0, 2.0]
    """
    x = asarray(input)
    ax = norm_axis(axis, jnp.ndim(x))
    return var(x, axis, ddof, keepdims), jnp.mean(x, axis=ax, keepdims=keepdims)


def std_mean(input, axis=None, ddof=0, keepdims=False):
    """``(standard deviation, mean)``.

    Example:
        >>> [t.tolist() for t in std_mean(jnp.array([1.0, 3.0]))]
        [1.0, 2.0]
    """
    x = asarray(input)
    ax = norm_axis(axis, jnp.ndim(x))
    return std(x, axis, ddof, keepdims), jnp.mean(x, axis=ax, keepdims=keepdims)


def histc(input, bins=100, min=0.0, max=0.0):
    """Histogram with `bins` equal bins over ``[min, max]`` (data range when they are equal).

    Example:
        >>> histc(jnp.array([1.0, 2.0, 1.0]), bins=2, min=0.0, max=3.0).tolist()
        [2.0, 1.0]
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


def bincount(input, weights=None, minlength=0):
    """Count occurrences of each non-negative int as float32 (weighted by `weights`).

    The output length depends on the data, so this needs concrete input (not under jit).

    Example:
        >>> bincount(jnp.array([0, 1, 1, 3])).tolist()
        [1.0, 2.0, 0.0, 1.0]
    """
    raw = input
    if isinstance(raw, jax.core.Tracer):
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


def cov(input, *, correction=1, fweights=None, aweights=None):
    """Covariance of the rows (variables) of `input` over its columns (observations).

    Example:
        >>> cov(jnp.array([[0.0, 2.0], [1.0, 3.0]])).tolist()
        [[2.0, 2.0], [2.0, 2.0]]
    """
    return jnp.cov(asarray(input), ddof=correction, fweights=fweights, aweights=aweights)


def diff(x, n=1, axis=-1, prepend=None, append=None):
    """`n`-th forward difference along `axis`.

    Example:
        >>> diff(jnp.array([1, 4, 9])).tolist()
        [3, 5]
    """
    return jnp.diff(asarray(x), n=n, axis=axis, prepend=prepend, append=append)


def diff_ext(input, n=1, dim=-1, prepend=None, append=None):
    """`diff` with `dim` naming.

    Example:
        >>> diff_ext(jnp.array([1, 4, 9])).tolist()
        [3, 5]
    """
    return diff(input, n, dim, prepend, append)


def trapz(y, x=None, *, dx=1.0, dim=-1):
    """Trapezoid-rule integral of `y` along `dim` (sample points `x` or spacing `dx`).

    Example:
        >>> trapz(jnp.array([1.0, 2.0, 3.0])).tolist()
        4.0
    """
    return jnp.trapezoid(asarray(y), x, dx=dx, axis=dim)


def addn(x):
    """Elementwise sum of a list of tensors.

    Example:
        >>> addn([jnp.ones(2), jnp.ones(2)]).tolist()
        [2.0, 2.0]
    """
    if not isinstance(x, (list, tuple)) or len(x) == 0:
        raise TypeError("addn: `x` must be a non-empty list or tuple of tensors")
    out = asarray(x[0])
    for t in x[1:]:
        out = out + t
    return out


def accumulate_n(x):
    """Alias of `addn`.

    Example:
        >>> accumulate_n([jnp.ones(2), jnp.ones(2)]).tolist()
        [2.0, 2.0]
    """
    return addn(x)


def _segment(op, name):
    def fn(x, segment_ids, num_segments):
        data, ids = asarray(x), asarray(segment_ids)
        return _segment_body(data, ids, num_segments)

    def fn_input_x(input_x, segment_ids, num_segments):
        return _segment_body(asarray(input_x), asarray(segment_ids), num_segments)

    def _segment_body(data, ids, num_segments):
        if ids.ndim > data.ndim or data.shape[: ids.ndim] != ids.shape:
            raise ValueError(
                f"{name}: `segment_ids` shape {ids.shape} must be a prefix of "
                f"the input shape {data.shape}"
            )
        return _segment_flat(
            data.reshape((-1,) + data.shape[ids.ndim :]), ids.reshape(-1), int(num_segments)
        )

    @functools.partial(jax.jit, static_argnums=2)  # one compile, not one per primitive
    def _segment_flat(data, ids, n):
        out = op(data, ids, num_segments=n)
        if op in (jax.ops.segment_max, jax.ops.segment_min):
            # MindSpore fills empty segments with the dtype's lowest/highest value.
            counts = jax.ops.segment_sum(jnp.ones_like(ids), ids, num_segments=n)
            info = (jnp.finfo if jnp.issubdtype(data.dtype, jnp.floating) else jnp.iinfo)(
                data.dtype
            )
            fill = info.min if op is jax.ops.segment_max else info.max
            out = jnp.where((counts > 0).reshape((-1,) + (1,) * (out.ndim - 1)), out, fill)
        return out

    if name == "unsorted_segment_sum":
        fn = fn_input_x
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (
        f"Segment reduction ``{op.__name__}`` of `x` by `segment_ids` into "
        f"`num_segments` rows.\n\nExample:\n    >>> {name}(jnp.array([1.0, 2.0, 3.0]),"
        " jnp.array([0, 0, 1]), 2).shape\n    (2,)\n"
    )
    return fn


@functools.partial(jax.jit, static_argnums=2)  # one compile, not one per scan primitive
def _segment_prod(data, ids, num_segments):
    """Per-segment product by a segmented scan in the ids' sorted order: JAX's multiplicative
    scatter (jax.ops.segment_prod) has no gradient when ids repeat."""
    shape = (num_segments,) + data.shape[1:]
    if data.shape[0] == 0:
        return jnp.ones(shape, data.dtype)
    order = jnp.argsort(ids, stable=True)
    sid, vals = ids[order], data[order]
    change = sid[1:] != sid[:-1]
    column = (-1,) + (1,) * (data.ndim - 1)
    starts = jnp.broadcast_to(
        jnp.concatenate([jnp.ones(1, bool), change]).reshape(column), vals.shape
    )

    def combine(a, b):  # restart the running product where a segment starts
        (fa, va), (fb, vb) = a, b
        return fa | fb, jnp.where(fb, vb, va * vb)

    _, running = lax.associative_scan(combine, (starts, vals), axis=0)
    last = jnp.concatenate([change, jnp.ones(1, bool)]).reshape(column)
    total = jax.ops.segment_sum(jnp.where(last, running, 0), sid, num_segments)
    count = jax.ops.segment_sum(jnp.ones_like(sid), sid, num_segments)
    return jnp.where((count > 0).reshape(column), total, 1).astype(data.dtype)


_segment_prod.__name__ = "segment_prod"


unsorted_segment_sum = _segment(jax.ops.segment_sum, "unsorted_segment_sum")


unsorted_segment_max = _segment(jax.ops.segment_max, "unsorted_segment_max")


unsorted_segment_min = _segment(jax.ops.segment_min, "unsorted_segment_min")


unsorted_segment_prod = _segment(_segment_prod, "unsorted_segment_prod")


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
    "diff",
    "diff_ext",
    "trapz",
    "addn",
    "accumulate_n",
    "unsorted_segment_sum",
    "unsorted_segment_max",
    "unsorted_segment_min",
    "unsorted_segment_prod",
]
