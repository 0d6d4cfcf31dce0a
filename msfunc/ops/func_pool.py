"""Pooling functional ops: average, max, adaptive, Lp, fractional pooling and max-unpooling."""

import math

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import int_tuple, tensor_arg
from ..common.seed import next_key
from .func_conv import _DN


# --------------------------------------------------------------------------- pooling
def _pool_pads(size, k, s, p, d, ceil_mode):
    """(lo, hi) padding per dim so reduce_window produces torch-style output lengths."""
    pads, outs = [], []
    for n, kk, ss, pp, dd in zip(size, k, s, p, d, strict=False):
        eff = dd * (kk - 1) + 1
        num = n + 2 * pp - eff
        out = (-(-num // ss) if ceil_mode else num // ss) + 1
        if ceil_mode and (out - 1) * ss >= n + pp:
            out -= 1
        hi = max((out - 1) * ss + eff - n - pp, pp)
        pads.append((pp, hi))
        outs.append(out)
    return pads, outs


def _avg_pool(nd, x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    x = tensor_arg(x, "input_x")
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    p = int_tuple(padding, nd, "padding")
    pads, _ = _pool_pads(x.shape[2:], k, s, p, (1,) * nd, ceil_mode)
    win, strides = (1, 1) + k, (1, 1) + s
    full = [(0, 0), (0, 0)] + pads
    total = jax.lax.reduce_window(x, np.zeros((), x.dtype), jax.lax.add, win, strides, full)
    if divisor_override:
        return total / divisor_override
    ones = jnp.ones((1, 1) + x.shape[2:], x.dtype)
    if count_include_pad:  # padded cells count; cells past the padding (ceil mode) do not
        ones = jnp.pad(ones, [(0, 0), (0, 0)] + [(pp, pp) for pp in p], constant_values=1)
        full = [(0, 0), (0, 0)] + [(0, hi - pp) for (_, hi), pp in zip(pads, p, strict=False)]
    cnt = jax.lax.reduce_window(ones, np.zeros((), x.dtype), jax.lax.add, win, strides, full)
    return total / cnt


def avg_pool1d(
    input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True
):
    """Average pooling of (N, C, L).

    Example:
        >>> avg_pool1d(jnp.array([[[1.0, 3.0, 5.0, 7.0]]]), 2, 2).tolist()
        [[[2.0, 6.0]]]
    """
    return _avg_pool(1, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad, 0)


def avg_pool2d(
    input_x,
    kernel_size=1,
    stride=1,
    padding=0,
    ceil_mode=False,
    count_include_pad=True,
    divisor_override=0,
):
    """Average pooling of NCHW.

    Example:
        >>> x = jnp.arange(16.0).reshape(1, 1, 4, 4)
        >>> avg_pool2d(x, 2, 2).tolist()
        [[[[2.5, 4.5], [10.5, 12.5]]]]
    """
    return _avg_pool(
        2, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
    )


def avg_pool3d(
    input_x,
    kernel_size=1,
    stride=1,
    padding=0,
    ceil_mode=False,
    count_include_pad=True,
    divisor_override=0,
):
    """Average pooling of NCDHW.

    Example:
        >>> x = jnp.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> avg_pool3d(x, 2, 2).tolist()
        [[[[[3.5]]]]]
    """
    return _avg_pool(
        3, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
    )


def _max_pool(nd, x, kernel_size, stride, padding, dilation, return_indices, ceil_mode):
    x = tensor_arg(x, "x")
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    p, d = int_tuple(padding, nd, "padding"), int_tuple(dilation, nd, "dilation")
    pads, outs = _pool_pads(x.shape[2:], k, s, p, d, ceil_mode)
    neg = np.asarray(
        -jnp.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min, x.dtype
    )
    full = [(0, 0), (0, 0)] + pads
    if not return_indices:
        return jax.lax.reduce_window(
            x, neg, jax.lax.max, (1, 1) + k, (1, 1) + s, full, window_dilation=(1, 1) + d
        )
    n, c = x.shape[:2]
    low = jnp.finfo(x.dtype).min if jnp.issubdtype(x.dtype, jnp.floating) else neg
    xp = jnp.pad(x, full, constant_values=low).reshape(
        (n * c, 1) + tuple(sz + lo + hi for sz, (lo, hi) in zip(x.shape[2:], pads, strict=False))
    )
    patches = jax.lax.conv_general_dilated_patches(
        xp,
        k,
        s,
        "VALID",
        rhs_dilation=d,
        dimension_numbers=_DN[nd],
        precision=jax.lax.Precision.HIGHEST,
    )
    vals = jnp.max(patches, axis=1)
    arg = jnp.argmax(patches, axis=1)
    offs = jnp.unravel_index(arg, k)
    flat = jnp.zeros(arg.shape, jnp.int32)
    for i in range(nd):
        grid = jnp.arange(outs[i]).reshape((1,) * (i + 1) + (-1,) + (1,) * (nd - i - 1))
        coord = grid * s[i] - p[i] + offs[i] * d[i]
        flat = flat * x.shape[2 + i] + coord
    shape = (n, c) + tuple(outs)
    return vals.reshape(shape).astype(x.dtype), flat.reshape(shape)


def max_pool2d(
    x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False
):
    """Max pooling of NCHW; with `return_indices` also the flat H*W index of each max.

    Example:
        >>> x = jnp.arange(16.0).reshape(1, 1, 4, 4)
        >>> y, idx = max_pool2d(x, 2, 2, return_indices=True)
        >>> y.tolist(), idx.tolist()
        ([[[[5.0, 7.0], [13.0, 15.0]]]], [[[[5, 7], [13, 15]]]])
    """
    return _max_pool(2, x, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


def max_pool3d(
    x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False
):
    """Max pooling of NCDHW; with `return_indices` also flat D*H*W indices.

    Example:
        >>> x = jnp.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> y, idx = max_pool3d(x, 2, 2, return_indices=True)
        >>> y.tolist(), idx.tolist()
        ([[[[[7.0]]]]], [[[[[7]]]]])
    """
    return _max_pool(3, x, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


def _adaptive_bounds(n, out):
    starts = [(i * n) // out for i in range(out)]
    ends = [-(-((i + 1) * n) // out) for i in range(out)]
    return starts, ends


def _adaptive_sizes(x, output_size, nd):
    if isinstance(output_size, int) or output_size is None:
        output_size = (output_size,) * nd
    output_size = tuple(output_size)
    if len(output_size) != nd:
        raise ValueError(f"`output_size` must be an int or a tuple of {nd}, got {output_size!r}")
    return tuple(
        x.shape[x.ndim - nd + i] if o is None else int(o) for i, o in enumerate(output_size)
    )


def _adaptive_avg(nd, input, output_size):
    x = tensor_arg(input)
    outs = _adaptive_sizes(x, output_size, nd)
    for i, out in enumerate(outs):
        axis = x.ndim - nd + i
        n = x.shape[axis]
        st, en = _adaptive_bounds(n, out)
        m = np.zeros((out, n), np.float32)
        for j in range(out):
            m[j, st[j] : en[j]] = 1.0 / (en[j] - st[j])
        x = jnp.moveaxis(jnp.tensordot(jnp.asarray(m, x.dtype), x, axes=([1], [axis])), 0, axis)
    return x


def adaptive_avg_pool1d(input, output_size):
    """Adaptive average pooling over the last axis.

    Example:
        >>> adaptive_avg_pool1d(jnp.array([[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]]), 3).tolist()
        [[[1.5, 3.5, 5.5]]]
    """
    return _adaptive_avg(1, input, output_size)


def adaptive_avg_pool2d(input, output_size):
    """Adaptive average pooling over the last two axes (None keeps a size).

    Example:
        >>> x = jnp.arange(16.0).reshape(1, 1, 4, 4)
        >>> adaptive_avg_pool2d(x, 2).tolist()
        [[[[2.5, 4.5], [10.5, 12.5]]]]
        >>> adaptive_avg_pool2d(x, (1, None)).shape
        (1, 1, 1, 4)
    """
    return _adaptive_avg(2, input, output_size)


adaptive_avg_pool2d_ext = adaptive_avg_pool2d


def adaptive_avg_pool3d(input, output_size):
    """Adaptive average pooling over the last three axes.

    Example:
        >>> x = jnp.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> adaptive_avg_pool3d(x, 1).tolist()
        [[[[[3.5]]]]]
    """
    return _adaptive_avg(3, input, output_size)


# MindSpore's accepted ranks of the input (batched or not) and its dtype of the indices.
_ADAPTIVE_MAX_RANKS = {1: (3,), 2: (3, 4), 3: (4, 5)}
_ADAPTIVE_MAX_INDEX = {1: jnp.int64, 2: jnp.int64, 3: jnp.int32}


def _adaptive_max(nd, input, output_size, return_indices):
    x = tensor_arg(input)
    ranks = _ADAPTIVE_MAX_RANKS[nd]
    if x.ndim not in ranks:
        raise ValueError(
            f"adaptive_max_pool{nd}d: `input` must have "
            f"{' or '.join(map(str, ranks))} dimensions, got shape {x.shape}"
        )
    outs = _adaptive_sizes(x, output_size, nd)
    sizes = x.shape[x.ndim - nd :]
    lead = x.shape[: x.ndim - nd]
    masks = []
    for n, out in zip(sizes, outs, strict=False):
        st, en = _adaptive_bounds(n, out)
        m = np.zeros((out, n), bool)
        for j in range(out):
            m[j, st[j] : en[j]] = True
        masks.append(m)
    full = np.ones(tuple(outs) + tuple(sizes), bool)
    for i, m in enumerate(masks):
        shape = [1] * (2 * nd)
        shape[i], shape[nd + i] = m.shape
        full = full & m.reshape(shape)
    window = int(np.prod(sizes))  # explicit: -1 cannot be inferred for an empty batch
    full = full.reshape(tuple(outs) + (window,))
    flat = x.reshape(lead + (1,) * nd + (window,))
    neg = jnp.array(-jnp.inf, x.dtype)
    cand = jnp.where(jnp.asarray(full), flat, neg)
    vals = jnp.max(cand, axis=-1)
    if return_indices:
        return vals, jnp.argmax(cand, axis=-1).astype(_ADAPTIVE_MAX_INDEX[nd])
    return vals


def adaptive_max_pool1d(input, output_size):
    """Adaptive max pooling over the last axis.

    Example:
        >>> adaptive_max_pool1d(jnp.array([[[1.0, 5.0, 2.0, 4.0]]]), 2).tolist()
        [[[5.0, 4.0]]]
    """
    return _adaptive_max(1, input, output_size, False)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Adaptive max pooling over the last two axes (optionally with flat argmax indices).

    Example:
        >>> x = jnp.arange(16.0).reshape(1, 1, 4, 4)
        >>> y, idx = adaptive_max_pool2d(x, 2, return_indices=True)
        >>> y.tolist(), idx.tolist()
        ([[[[5.0, 7.0], [13.0, 15.0]]]], [[[[5, 7], [13, 15]]]])
    """
    return _adaptive_max(2, input, output_size, return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """Adaptive max pooling over the last three axes.

    Example:
        >>> x = jnp.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> adaptive_max_pool3d(x, (1, 1, 2)).tolist()
        [[[[[6.0, 7.0]]]]]
    """
    return _adaptive_max(3, input, output_size, return_indices)


def _lp_pool(nd, x, norm_type, kernel_size, stride, ceil_mode):
    x = tensor_arg(x, "x")
    if nd == 1 and x.ndim == 2:
        # unbatched (C, L) input pools as a batch of one
        return _lp_pool(nd, x[None], norm_type, kernel_size, stride, ceil_mode)[0]
    if x.ndim != nd + 2:
        raise ValueError(
            f"lp_pool{nd}d: `x` must be {'2-D or ' if nd == 1 else ''}{nd + 2}-D, got {x.ndim}-D"
        )
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    pads, _ = _pool_pads(x.shape[2:], k, s, (0,) * nd, (1,) * nd, ceil_mode)
    total = jax.lax.reduce_window(
        jnp.power(x, norm_type),
        np.zeros((), x.dtype),
        jax.lax.add,
        (1, 1) + k,
        (1, 1) + s,
        [(0, 0), (0, 0)] + pads,
    )
    return jnp.sign(total) * jnp.power(jnp.abs(total), 1.0 / norm_type)


def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """(sum over window of x^p)^(1/p) on (N, C, L) or (C, L).

    Example:
        >>> lp_pool1d(jnp.array([[[3.0, 4.0, 6.0, 8.0]]]), 2, 2).tolist()  # sqrt(9 + 16), ...
        [[[5.0, 10.0]]]
    """
    return _lp_pool(1, x, norm_type, kernel_size, stride, ceil_mode)


def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """(sum over window of x^p)^(1/p) on NCHW.

    Example:
        >>> lp_pool2d(jnp.ones((1, 1, 2, 2)), 1, 2).tolist()  # a window's plain sum
        [[[[4.0]]]]
    """
    return _lp_pool(2, x, norm_type, kernel_size, stride, ceil_mode)


def _fractional_starts(n, k, out, u):
    """Window starts for one dim given a uniform sample u (shape ...)."""
    if out == 1:
        return jnp.zeros(u.shape + (1,), jnp.int32) + (n - k)
    alpha = (n - k) / (out - 1)
    i = jnp.arange(out)
    st = (jnp.floor((i + u[..., None]) * alpha) - jnp.floor(u[..., None] * alpha)).astype(jnp.int32)
    return st.at[..., -1].set(n - k)


def _fractional_max(nd, input, kernel_size, output_size, output_ratio, return_indices, samples):
    x = tensor_arg(input)
    sizes = x.shape[-nd:]
    k = int_tuple(kernel_size, nd, "kernel_size")
    if output_size is not None:
        outs = int_tuple(output_size, nd, "output_size")
    elif output_ratio is not None:
        r = output_ratio if isinstance(output_ratio, (tuple, list)) else (output_ratio,) * nd
        outs = tuple(int(n * ri) for n, ri in zip(sizes, r, strict=False))
    else:
        raise ValueError("fractional_max_pool: give `output_size` or `output_ratio`")
    lead = x.shape[:-nd]
    if samples is None:
        # one (N, C, nd) draw like MindSpore's random_samples; (1, C, nd) for unbatched input
        batch = lead if len(lead) >= 2 else (1,) + lead
        samples = jax.random.uniform(next_key(), batch + (nd,), x.dtype)
    samples = tensor_arg(samples, "_random_samples").reshape(lead + (nd,))
    flat = x.reshape(lead + (-1,))
    # indices of every window element: product over dims of (start + offset)
    idx = jnp.zeros(lead + tuple(outs) + k, jnp.int32)
    for i in range(nd):
        # the 2-D samples are (width, height); the 3-D ones (depth, height, width)
        st = _fractional_starts(sizes[i], k[i], outs[i], samples[..., 1 - i if nd == 2 else i])
        shp = (
            lead
            + tuple(outs[j] if j == i else 1 for j in range(nd))
            + tuple(k[j] if j == i else 1 for j in range(nd))
        )
        coord = st.reshape(lead + (outs[i],) + (1,) * (nd - 1)).reshape(
            lead + tuple(outs[j] if j == i else 1 for j in range(nd)) + (1,) * nd
        ) + jnp.arange(k[i]).reshape(
            (1,) * (len(lead) + nd) + tuple(k[j] if j == i else 1 for j in range(nd))
        )
        idx = idx * sizes[i] + jnp.broadcast_to(coord, shp)
    win = idx.reshape(lead + tuple(outs) + (-1,))
    vals = jnp.take_along_axis(flat, win.reshape(lead + (-1,)), axis=-1).reshape(win.shape)
    out = jnp.max(vals, axis=-1)
    if return_indices:
        am = jnp.argmax(vals, axis=-1)
        return out, jnp.take_along_axis(win, am[..., None], axis=-1)[..., 0]
    return out


def fractional_max_pool2d(
    input,
    kernel_size,
    output_size=None,
    output_ratio=None,
    return_indices=False,
    _random_samples=None,
):
    """Fractional max pooling over the last two axes (random window starts from the global key).

    Example:
        >>> x = jnp.arange(16.0).reshape(1, 1, 4, 4)
        >>> fractional_max_pool2d(x, 2, output_size=(2, 2)).shape
        (1, 1, 2, 2)
        >>> float(fractional_max_pool2d(x, 2, output_size=(1, 1)).max())
        15.0
    """
    return _fractional_max(
        2, input, kernel_size, output_size, output_ratio, return_indices, _random_samples
    )


def fractional_max_pool3d(
    input,
    kernel_size,
    output_size=None,
    output_ratio=None,
    return_indices=False,
    _random_samples=None,
):
    """Fractional max pooling over the last three axes.

    Example:
        >>> x = jnp.arange(64.0).reshape(1, 1, 4, 4, 4)
        >>> fractional_max_pool3d(x, 2, output_size=(2, 2, 2)).shape
        (1, 1, 2, 2, 2)
    """
    return _fractional_max(
        3, input, kernel_size, output_size, output_ratio, return_indices, _random_samples
    )


def _max_unpool(nd, x, indices, kernel_size, stride, padding, output_size):
    x, ind = tensor_arg(x, "x"), tensor_arg(indices, "indices").astype(jnp.int32)
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    p = int_tuple(padding, nd, "padding")
    if output_size is None:
        outs = tuple(
            (n - 1) * ss - 2 * pp + kk
            for n, ss, pp, kk in zip(x.shape[-nd:], s, p, k, strict=False)
        )
    else:
        outs = tuple(output_size)[-nd:]
    lead = x.shape[:-nd]
    flat_x = x.reshape(lead + (-1,))
    flat_i = ind.reshape(lead + (-1,))
    out = jnp.zeros(lead + (math.prod(outs),), x.dtype)
    lead_idx = jnp.indices(flat_i.shape)[:-1]
    out = out.at[tuple(lead_idx) + (flat_i,)].set(flat_x)
    return out.reshape(lead + outs)


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of max_pool1d with indices: scatter values into zeros.

    Example:
        >>> x, idx = jnp.array([[[5.0, 7.0]]]), jnp.array([[[1, 2]]])
        >>> max_unpool1d(x, idx, 2).tolist()
        [[[0.0, 5.0, 7.0, 0.0]]]
    """
    return _max_unpool(1, x, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of max_pool2d with indices: scatter values into zeros.

    Example:
        >>> x = jnp.arange(16.0).reshape(1, 1, 4, 4)
        >>> y, idx = max_pool2d(x, 2, 2, return_indices=True)
        >>> print(max_unpool2d(y, idx, 2)[0, 0])
        [[ 0.  0.  0.  0.]
         [ 0.  5.  0.  7.]
         [ 0.  0.  0.  0.]
         [ 0. 13.  0. 15.]]
    """
    return _max_unpool(2, x, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of max_pool3d with indices: scatter values into zeros.

    Example:
        >>> x = jnp.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> y, idx = max_pool3d(x, 2, 2, return_indices=True)
        >>> max_unpool3d(y, idx, 2).tolist()
        [[[[[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 7.0]]]]]
    """
    return _max_unpool(3, x, indices, kernel_size, stride, padding, output_size)


__all__ = [
    "avg_pool1d",
    "avg_pool2d",
    "avg_pool3d",
    "max_pool2d",
    "max_pool3d",
    "adaptive_avg_pool1d",
    "adaptive_avg_pool2d",
    "adaptive_avg_pool2d_ext",
    "adaptive_avg_pool3d",
    "adaptive_max_pool1d",
    "adaptive_max_pool2d",
    "adaptive_max_pool3d",
    "lp_pool1d",
    "lp_pool2d",
    "fractional_max_pool2d",
    "fractional_max_pool3d",
    "max_unpool1d",
    "max_unpool2d",
    "max_unpool3d",
]
