"""Functional convolution, pooling, padding, resampling and patch ops (NC... layouts)."""

import itertools
import math

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import check_int, int_tuple, tensor_arg
from ..common.parameter import unwrap
from ..common.seed import next_key

__all__ = [
    "conv1d", "conv2d", "conv3d", "conv_transpose2d", "conv3d_transpose",
    "avg_pool1d", "avg_pool2d", "avg_pool3d", "max_pool2d", "max_pool3d",
    "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool2d_ext",
    "adaptive_avg_pool3d", "adaptive_max_pool1d", "adaptive_max_pool2d", "adaptive_max_pool3d",
    "lp_pool1d", "lp_pool2d", "fractional_max_pool2d", "fractional_max_pool3d",
    "max_unpool1d", "max_unpool2d", "max_unpool3d", "pad", "padding", "mirror_pad",
    "interpolate", "upsample", "grid_sample", "affine_grid", "unfold", "fold", "col2im",
    "pixel_shuffle", "pixel_unshuffle", "channel_shuffle",
]

_DN = {1: ("NCH", "OIH", "NCH"), 2: ("NCHW", "OIHW", "NCHW"), 3: ("NCDHW", "OIDHW", "NCDHW")}


# --------------------------------------------------------------------------- convolution
def _conv_padding(pad_mode, padding, nd):
    mode = pad_mode.lower() if isinstance(pad_mode, str) else pad_mode
    if mode == "valid":
        return "VALID"
    if mode == "same":
        return "SAME"
    if mode != "pad":
        raise ValueError(f"`pad_mode` must be 'valid', 'same' or 'pad', got {pad_mode!r}")
    if isinstance(padding, int):
        return [(padding, padding)] * nd
    padding = tuple(padding)
    if len(padding) == nd:
        return [(p, p) for p in padding]
    if len(padding) == 2 * nd:
        return [(padding[2 * i], padding[2 * i + 1]) for i in range(nd)]
    raise ValueError(f"`padding` must be an int or a tuple of {nd} or {2 * nd} ints, "
                     f"got {padding!r}")


def _conv(nd, input, weight, bias, stride, pad_mode, padding, dilation, groups):
    x, w = tensor_arg(input), tensor_arg(weight, "weight")
    if x.ndim != nd + 2 or w.ndim != nd + 2:
        raise ValueError(f"conv{nd}d: `input` and `weight` must be {nd + 2}-D, got "
                         f"{x.ndim}-D and {w.ndim}-D")
    if pad_mode == "valid" and padding not in (0, (0,) * nd):
        pad_mode = "pad"
    check_int(groups, "groups", 1)
    y = jax.lax.conv_general_dilated(
        x, w.astype(x.dtype), int_tuple(stride, nd, "stride"), _conv_padding(pad_mode, padding, nd),
        rhs_dilation=int_tuple(dilation, nd, "dilation"), dimension_numbers=_DN[nd],
        feature_group_count=groups)
    if bias is not None:
        y = y + tensor_arg(bias, "bias").reshape((1, -1) + (1,) * nd)
    return y


def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    """1-D convolution of (N, C, L) with weight (out, C/groups, k).

    Example: ``conv1d(x, w, pad_mode='same')``.
    """
    return _conv(1, input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    """2-D convolution of NCHW with weight (out, C/groups, kh, kw); pad_mode valid/same/pad.

    Example: ``conv2d(x, w, pad_mode='pad', padding=1)``.
    """
    return _conv(2, input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    """3-D convolution of NCDHW with weight (out, C/groups, kd, kh, kw)."""
    return _conv(3, input, weight, bias, stride, pad_mode, padding, dilation, groups)


def _transpose_weight(w, groups):
    """(in, out/g, k...) -> (out, in/g, k...) with spatially flipped kernels."""
    cin, coutg = w.shape[:2]
    k = w.shape[2:]
    w = w.reshape((groups, cin // groups, coutg) + k)
    w = jnp.swapaxes(w, 1, 2).reshape((groups * coutg, cin // groups) + k)
    return jnp.flip(w, axis=tuple(range(2, w.ndim)))


def _conv_transpose(nd, x, w, pads, stride, dilation, groups):
    """pads: per-dim (lo, hi) padding removed from the full transposed output."""
    k = w.shape[2:]
    full = [(d * (kk - 1) - lo, d * (kk - 1) - hi)
            for kk, d, (lo, hi) in zip(k, dilation, pads, strict=False)]
    return jax.lax.conv_general_dilated(
        x, _transpose_weight(w.astype(x.dtype), groups), (1,) * nd, full, lhs_dilation=stride,
        rhs_dilation=dilation, dimension_numbers=_DN[nd], feature_group_count=groups)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """Transposed 2-D convolution; weight (in, out/groups, kh, kw)."""
    x, w = tensor_arg(input), tensor_arg(weight, "weight")
    s, d = int_tuple(stride, 2, "stride"), int_tuple(dilation, 2, "dilation")
    p, op = int_tuple(padding, 2, "padding"), int_tuple(output_padding, 2, "output_padding")
    y = _conv_transpose(2, x, w, [(pi, pi - o) for pi, o in zip(p, op, strict=False)], s, d, groups)
    if bias is not None:
        y = y + tensor_arg(bias, "bias").reshape(1, -1, 1, 1)
    return y


def conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1, group=1,
                     output_padding=0):
    """Transposed 3-D convolution; weight (in, out/group, kd, kh, kw); pad_mode valid/same/pad."""
    x, w = tensor_arg(inputs, "inputs"), tensor_arg(weight, "weight")
    s, d = int_tuple(stride, 3, "stride"), int_tuple(dilation, 3, "dilation")
    op = int_tuple(output_padding, 3, "output_padding")
    mode = pad_mode.lower()
    if mode == "valid":
        pads = [(0, -o) for o in op]
    elif mode == "pad":
        pp = _conv_padding("pad", padding, 3)
        pads = [(lo, hi - o) for (lo, hi), o in zip(pp, op, strict=False)]
    elif mode == "same":
        pads = []
        for kk, si, di in zip(w.shape[2:], s, d, strict=False):
            total = max(di * (kk - 1) + 1 - si, 0)
            pads.append((total // 2, total - total // 2))
    else:
        raise ValueError(f"conv3d_transpose: `pad_mode` must be valid/same/pad, got {pad_mode!r}")
    return _conv_transpose(3, x, w, pads, s, d, group)


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


def _avg_pool(nd, x, kernel_size, stride, padding, ceil_mode, count_include_pad,
              divisor_override):
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


def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True):
    """Average pooling of (N, C, L). Example: ``avg_pool1d(x, 2, 2)``."""
    return _avg_pool(1, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad, 0)


def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=0):
    """Average pooling of NCHW. Example: ``avg_pool2d(x, 2, 2)``."""
    return _avg_pool(2, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=0):
    """Average pooling of NCDHW. Example: ``avg_pool3d(x, 2, 2)``."""
    return _avg_pool(3, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def _max_pool(nd, x, kernel_size, stride, padding, dilation, return_indices, ceil_mode):
    x = tensor_arg(x, "x")
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    p, d = int_tuple(padding, nd, "padding"), int_tuple(dilation, nd, "dilation")
    pads, outs = _pool_pads(x.shape[2:], k, s, p, d, ceil_mode)
    neg = np.asarray(-jnp.inf if jnp.issubdtype(x.dtype, jnp.floating)
                    else jnp.iinfo(x.dtype).min, x.dtype)
    full = [(0, 0), (0, 0)] + pads
    if not return_indices:
        return jax.lax.reduce_window(x, neg, jax.lax.max, (1, 1) + k, (1, 1) + s, full,
                                     window_dilation=(1, 1) + d)
    n, c = x.shape[:2]
    low = jnp.finfo(x.dtype).min if jnp.issubdtype(x.dtype, jnp.floating) else neg
    xp = jnp.pad(x, full, constant_values=low).reshape((n * c, 1) + tuple(
        sz + lo + hi for sz, (lo, hi) in zip(x.shape[2:], pads, strict=False)))
    patches = jax.lax.conv_general_dilated_patches(
        xp, k, s, "VALID", rhs_dilation=d, dimension_numbers=_DN[nd],
        precision=jax.lax.Precision.HIGHEST)
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


def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
               ceil_mode=False):
    """Max pooling of NCHW; with `return_indices` also the flat H*W index of each max."""
    return _max_pool(2, x, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """Max pooling of NCDHW; with `return_indices` also flat D*H*W indices."""
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
    return tuple(x.shape[x.ndim - nd + i] if o is None else int(o)
                 for i, o in enumerate(output_size))


def _adaptive_avg(nd, input, output_size):
    x = tensor_arg(input)
    outs = _adaptive_sizes(x, output_size, nd)
    for i, out in enumerate(outs):
        axis = x.ndim - nd + i
        n = x.shape[axis]
        st, en = _adaptive_bounds(n, out)
        m = np.zeros((out, n), np.float32)
        for j in range(out):
            m[j, st[j]:en[j]] = 1.0 / (en[j] - st[j])
        x = jnp.moveaxis(jnp.tensordot(jnp.asarray(m, x.dtype), x, axes=([1], [axis])), 0, axis)
    return x


def adaptive_avg_pool1d(input, output_size):
    """Adaptive average pooling over the last axis. Example: ``adaptive_avg_pool1d(x, 4)``."""
    return _adaptive_avg(1, input, output_size)


def adaptive_avg_pool2d(input, output_size):
    """Adaptive average pooling over the last two axes (None keeps a size)."""
    return _adaptive_avg(2, input, output_size)


adaptive_avg_pool2d_ext = adaptive_avg_pool2d


def adaptive_avg_pool3d(input, output_size):
    """Adaptive average pooling over the last three axes."""
    return _adaptive_avg(3, input, output_size)


def _adaptive_max(nd, input, output_size, return_indices):
    x = tensor_arg(input)
    outs = _adaptive_sizes(x, output_size, nd)
    sizes = x.shape[x.ndim - nd:]
    lead = x.shape[:x.ndim - nd]
    masks = []
    for n, out in zip(sizes, outs, strict=False):
        st, en = _adaptive_bounds(n, out)
        m = np.zeros((out, n), bool)
        for j in range(out):
            m[j, st[j]:en[j]] = True
        masks.append(m)
    full = np.ones(tuple(outs) + tuple(sizes), bool)
    for i, m in enumerate(masks):
        shape = [1] * (2 * nd)
        shape[i], shape[nd + i] = m.shape
        full = full & m.reshape(shape)
    full = full.reshape(tuple(outs) + (-1,))
    flat = x.reshape(lead + (1,) * nd + (-1,))
    neg = jnp.array(-jnp.inf, x.dtype)
    cand = jnp.where(jnp.asarray(full), flat, neg)
    vals = jnp.max(cand, axis=-1)
    if return_indices:
        return vals, jnp.argmax(cand, axis=-1).astype(jnp.int32)
    return vals


def adaptive_max_pool1d(input, output_size):
    """Adaptive max pooling over the last axis."""
    return _adaptive_max(1, input, output_size, False)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Adaptive max pooling over the last two axes (optionally with flat argmax indices)."""
    return _adaptive_max(2, input, output_size, return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """Adaptive max pooling over the last three axes."""
    return _adaptive_max(3, input, output_size, return_indices)


def _lp_pool(nd, x, norm_type, kernel_size, stride, ceil_mode):
    x = tensor_arg(x, "x")
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    pads, _ = _pool_pads(x.shape[2:], k, s, (0,) * nd, (1,) * nd, ceil_mode)
    total = jax.lax.reduce_window(jnp.power(x, norm_type), np.zeros((), x.dtype), jax.lax.add,
                                  (1, 1) + k, (1, 1) + s, [(0, 0), (0, 0)] + pads)
    return jnp.sign(total) * jnp.power(jnp.abs(total), 1.0 / norm_type)


def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """(sum over window of x^p)^(1/p) on (N, C, L)."""
    return _lp_pool(1, x, norm_type, kernel_size, stride, ceil_mode)


def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """(sum over window of x^p)^(1/p) on NCHW."""
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
        st = _fractional_starts(sizes[i], k[i], outs[i], samples[..., i])
        shp = lead + tuple(outs[j] if j == i else 1 for j in range(nd)) + tuple(
            k[j] if j == i else 1 for j in range(nd))
        coord = (st.reshape(lead + (outs[i],) + (1,) * (nd - 1))
                 .reshape(lead + tuple(outs[j] if j == i else 1 for j in range(nd)) + (1,) * nd)
                 + jnp.arange(k[i]).reshape((1,) * (len(lead) + nd) + tuple(
                     k[j] if j == i else 1 for j in range(nd))))
        idx = idx * sizes[i] + jnp.broadcast_to(coord, shp)
    win = idx.reshape(lead + tuple(outs) + (-1,))
    vals = jnp.take_along_axis(flat, win.reshape(lead + (-1,)), axis=-1).reshape(win.shape)
    out = jnp.max(vals, axis=-1)
    if return_indices:
        am = jnp.argmax(vals, axis=-1)
        return out, jnp.take_along_axis(win, am[..., None], axis=-1)[..., 0]
    return out


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    """Fractional max pooling over the last two axes (random window starts from the global key)."""
    return _fractional_max(2, input, kernel_size, output_size, output_ratio, return_indices,
                           _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    """Fractional max pooling over the last three axes."""
    return _fractional_max(3, input, kernel_size, output_size, output_ratio, return_indices,
                           _random_samples)


def _max_unpool(nd, x, indices, kernel_size, stride, padding, output_size):
    x, ind = tensor_arg(x, "x"), tensor_arg(indices, "indices").astype(jnp.int32)
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    p = int_tuple(padding, nd, "padding")
    if output_size is None:
        outs = tuple((n - 1) * ss - 2 * pp + kk
                     for n, ss, pp, kk in zip(x.shape[-nd:], s, p, k, strict=False))
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
    """Inverse of max_pool1d with indices: scatter values into zeros."""
    return _max_unpool(1, x, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of max_pool2d with indices: scatter values into zeros."""
    return _max_unpool(2, x, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of max_pool3d with indices: scatter values into zeros."""
    return _max_unpool(3, x, indices, kernel_size, stride, padding, output_size)


# --------------------------------------------------------------------------- padding
def _concrete_ints(v, name):
    v = unwrap(v)
    if isinstance(v, jax.core.Tracer):
        raise TypeError(f"`{name}` must be concrete (a tuple or a constant array), not traced")
    return np.asarray(v).astype(int).reshape(-1)


_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge",
              "circular": "wrap"}


def pad(input_x, padding, mode="constant", value=None):
    """Pad trailing dims; `padding` is (last_lo, last_hi, prev_lo, prev_hi, ...). Negative pads
    crop. Modes: constant, reflect, replicate, circular."""
    x = tensor_arg(input_x, "input_x")
    padding = tuple(_concrete_ints(padding, "padding").tolist()) if not isinstance(
        padding, (tuple, list)) else tuple(padding)
    if len(padding) % 2 or len(padding) // 2 > x.ndim:
        raise ValueError(f"pad: `padding` must have an even length <= 2 * ndim, got {padding}")
    if mode not in _PAD_MODES:
        raise ValueError(f"pad: `mode` must be one of {tuple(_PAD_MODES)}, got {mode!r}")
    widths = [(0, 0)] * x.ndim
    for i in range(len(padding) // 2):
        widths[x.ndim - 1 - i] = (padding[2 * i], padding[2 * i + 1])
    crop = tuple(slice(-lo if lo < 0 else None, hi if hi < 0 else None) for lo, hi in widths)
    x = x[crop]
    widths = [(max(lo, 0), max(hi, 0)) for lo, hi in widths]
    if mode == "constant":
        return jnp.pad(x, widths, constant_values=0 if value is None else value)
    return jnp.pad(x, widths, mode=_PAD_MODES[mode])


def padding(x, pad_dim_size=8):
    """Extend a last axis of size 1 to `pad_dim_size`, filling with zeros."""
    x = tensor_arg(x, "x")
    if x.shape[-1] != 1:
        raise ValueError(f"padding: the last dim of `x` must be 1, got {x.shape[-1]}")
    return jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, pad_dim_size - 1)])


def mirror_pad(input_x, paddings, mode):
    """Pad with mirrored values; `paddings` is (ndim, 2); mode 'REFLECT' or 'SYMMETRIC'."""
    x = tensor_arg(input_x, "input_x")
    pads = _concrete_ints(paddings, "paddings").reshape(-1, 2).tolist()
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"mirror_pad: `mode` must be 'REFLECT' or 'SYMMETRIC', got {mode!r}")
    return jnp.pad(x, [tuple(p) for p in pads], mode=mode.lower())


# --------------------------------------------------------------------------- resampling
def _resize_matrix(n_in, n_out, mode, align_corners, scale, cubic_a=-0.5, half_pixel=True):
    """(n_out, n_in) interpolation matrix for one axis, torch conventions."""
    dst = np.arange(n_out, dtype=np.float64)
    m = np.zeros((n_out, n_in), np.float64)
    if mode in ("nearest", "nearest-exact"):
        s = (n_in / n_out) if scale is None else 1.0 / scale
        off = 0.5 if mode == "nearest-exact" else 0.0
        src = np.minimum(np.floor((dst + off) * s).astype(int), n_in - 1)
        m[np.arange(n_out), src] = 1.0
        return m
    if mode == "area":
        st, en = _adaptive_bounds(n_in, n_out)
        for j in range(n_out):
            m[j, st[j]:en[j]] = 1.0 / (en[j] - st[j])
        return m
    if align_corners:
        src = dst * ((n_in - 1) / (n_out - 1) if n_out > 1 else 0.0)
    else:
        s = (n_in / n_out) if scale is None else 1.0 / scale
        src = (dst + 0.5) * s - 0.5 if half_pixel else dst * s
        if mode != "bicubic":
            src = np.maximum(src, 0.0)
    i0 = np.floor(src).astype(int)
    t = src - i0
    if mode == "bicubic":  # Keys kernel (a=-0.5) on a 1024-entry table; outside taps dropped
        a = cubic_a
        t = np.round(t * 1024) / 1024

        def cc1(z):
            return ((a + 2) * z - (a + 3)) * z * z + 1

        def cc2(z):
            return ((a * z - 5 * a) * z + 8 * a) * z - 4 * a

        ws = np.stack([cc2(t + 1), cc1(t), cc1(1 - t), cc2(2 - t)], 1)
        idx = np.stack([i0 - 1, i0, i0 + 1, i0 + 2], 1)
        ws = ws * ((idx >= 0) & (idx < n_in))
        ws = ws / ws.sum(1, keepdims=True)
        for j in range(4):
            np.add.at(m, (np.arange(n_out), np.clip(idx[:, j], 0, n_in - 1)), ws[:, j])
        return m
    i1 = np.minimum(i0 + 1, n_in - 1)
    i0 = np.minimum(i0, n_in - 1)
    np.add.at(m, (np.arange(n_out), i0), 1 - t)
    np.add.at(m, (np.arange(n_out), i1), t)
    return m


_INTERP_DIMS = {"linear": 1, "bilinear": 2, "bicubic": 2, "trilinear": 3}


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """Resize the spatial dims of (N, C, ...) input. Modes: nearest, nearest-exact, linear,
    bilinear, bicubic, trilinear, area.

    Example: ``interpolate(x, size=(8, 8), mode='bilinear', align_corners=False)``.
    """
    x = tensor_arg(input)
    nd = x.ndim - 2
    if mode not in ("nearest", "nearest-exact", "area") and mode not in _INTERP_DIMS:
        raise ValueError(f"interpolate: unknown `mode` {mode!r}")
    if mode in _INTERP_DIMS and _INTERP_DIMS[mode] != nd:
        raise ValueError(f"interpolate: mode {mode!r} needs a {_INTERP_DIMS[mode] + 2}-D input, "
                         f"got {x.ndim}-D")
    if (size is None) == (scale_factor is None):
        raise ValueError("interpolate: give exactly one of `size` and `scale_factor`")
    if align_corners and mode in ("nearest", "nearest-exact", "area"):
        raise ValueError(f"interpolate: `align_corners` is not allowed with mode {mode!r}")
    if size is not None:
        outs, scales = int_tuple(size, nd, "size"), (None,) * nd
    else:
        sf = scale_factor if isinstance(scale_factor, (tuple, list)) else (scale_factor,) * nd
        outs = tuple(int(math.floor(n * f)) for n, f in zip(x.shape[2:], sf, strict=False))
        scales = (None,) * nd if recompute_scale_factor else tuple(sf)
    for i in range(nd):
        m = _resize_matrix(x.shape[2 + i], outs[i], mode, bool(align_corners), scales[i])
        y = jnp.tensordot(jnp.asarray(m, x.dtype), x, axes=([1], [2 + i]),
                          precision=jax.lax.Precision.HIGHEST)
        x = jnp.moveaxis(y, 0, 2 + i)
    return x


upsample = interpolate


def _unnormalize(g, n, align_corners):
    return (g + 1) / 2 * (n - 1) if align_corners else ((g + 1) * n - 1) / 2


def _reflect(c, lo, hi):
    span = hi - lo
    if span <= 0:
        return jnp.zeros_like(c)
    c = jnp.abs(c - lo)
    flips = jnp.floor(c / span)
    extra = c - flips * span
    return jnp.where(flips % 2 == 0, lo + extra, hi - extra)


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Sample (N, C, *in) at normalised grid points (N, *out, nd) in [-1, 1] (x first).

    Modes 'bilinear' and 'nearest'; padding 'zeros', 'border' or 'reflection'.
    """
    x, g = tensor_arg(input), tensor_arg(grid, "grid")
    nd = x.ndim - 2
    if g.shape[-1] != nd:
        raise ValueError(f"grid_sample: `grid` last dim must be {nd}, got {g.shape[-1]}")
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"grid_sample: `mode` must be 'bilinear' or 'nearest', got {mode!r}")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"grid_sample: unknown `padding_mode` {padding_mode!r}")
    ac = bool(align_corners)
    sizes = x.shape[2:]
    coords = []
    for d in range(nd):  # grid[..., 0] indexes the last (width) axis
        n = sizes[nd - 1 - d]
        c = _unnormalize(g[..., d], n, ac)
        if padding_mode == "border":
            c = jnp.clip(c, 0, n - 1)
        elif padding_mode == "reflection":
            c = _reflect(c, 0, n - 1) if ac else jnp.clip(_reflect(c, -0.5, n - 0.5), 0, n - 1)
        coords.append(c)
    coords = coords[::-1]  # now in axis order
    flat = x.reshape(x.shape[:2] + (-1,))

    def gather(idx_list):
        valid = jnp.ones(idx_list[0].shape, bool)
        lin = jnp.zeros(idx_list[0].shape, jnp.int32)
        for i, idx in enumerate(idx_list):
            valid &= (idx >= 0) & (idx < sizes[i])
            lin = lin * sizes[i] + jnp.clip(idx, 0, sizes[i] - 1)
        vals = jax.vmap(lambda f, li: f[:, li.reshape(-1)])(flat, lin)
        vals = vals.reshape(x.shape[:2] + lin.shape[1:])
        return vals * valid[:, None].astype(x.dtype)

    if mode == "nearest":
        return gather([jnp.round(c).astype(jnp.int32) for c in coords])
    lo = [jnp.floor(c) for c in coords]
    out = 0
    for corner in itertools.product((0, 1), repeat=nd):
        w = 1
        idx = []
        for c, l0, b in zip(coords, lo, corner, strict=False):
            w = w * (c - l0 if b else 1 - (c - l0))
            idx.append((l0 + b).astype(jnp.int32))
        out = out + gather(idx) * w[:, None]
    return out


def affine_grid(theta, size, align_corners=False):
    """Sampling grid (N, H, W, 2) or (N, D, H, W, 3) from affine matrices theta."""
    t = tensor_arg(theta, "theta")
    size = tuple(int(s) for s in size)
    nd = len(size) - 2
    if t.shape[-2:] != (nd, nd + 1):
        raise ValueError(f"affine_grid: `theta` must be (N, {nd}, {nd + 1}), got {t.shape}")

    def lin(n):
        v = jnp.linspace(-1.0, 1.0, n, dtype=t.dtype)
        return v if align_corners else v * (n - 1) / n

    axes = [lin(n) for n in size[2:]][::-1]  # x (width) first
    mesh = jnp.meshgrid(*axes[::-1], indexing="ij")[::-1]
    base = jnp.stack(list(mesh) + [jnp.ones_like(mesh[0])], axis=-1)
    return jnp.einsum("...k,nck->n...c", base, t)


# --------------------------------------------------------------------------- patches
def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """im2col of NCHW: (N, C*kh*kw, L). Example: ``unfold(x, 2)``."""
    x = tensor_arg(input)
    if x.ndim != 4:
        raise ValueError(f"unfold: `input` must be 4-D (NCHW), got {x.ndim}-D")
    k, d = int_tuple(kernel_size, 2, "kernel_size"), int_tuple(dilation, 2, "dilation")
    p, s = int_tuple(padding, 2, "padding"), int_tuple(stride, 2, "stride")
    pt = jax.lax.conv_general_dilated_patches(
        x, k, s, [(pi, pi) for pi in p], rhs_dilation=d, dimension_numbers=_DN[2],
        precision=jax.lax.Precision.HIGHEST)
    return pt.reshape(pt.shape[0], pt.shape[1], -1)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """col2im: sum (N, C*kh*kw, L) patches back into (N, C, H, W) (the adjoint of unfold)."""
    x = tensor_arg(input)
    squeeze = x.ndim == 2
    if squeeze:
        x = x[None]
    k = int_tuple(kernel_size, 2, "kernel_size")
    c = x.shape[1] // (k[0] * k[1])
    hw = int_tuple(output_size, 2, "output_size")
    zeros = jnp.zeros((x.shape[0], c) + hw, x.dtype)
    _, vjp = jax.vjp(lambda z: unfold(z, k, dilation, padding, stride), zeros)
    (out,) = vjp(x)
    return out[0] if squeeze else out


def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    """fold() with (N, C, kh*kw, L) input, MindSpore's argument order."""
    x = tensor_arg(input_x, "input_x")
    if x.ndim == 4:
        x = x.reshape(x.shape[0], -1, x.shape[-1])
    size = tuple(_concrete_ints(output_size, "output_size").tolist())
    return fold(x, size, kernel_size, dilation, padding_value, stride)


def pixel_shuffle(input, upscale_factor):
    """(..., C r^2, H, W) -> (..., C, H r, W r)."""
    x = tensor_arg(input)
    r = check_int(upscale_factor, "upscale_factor", 1)
    *lead, c, h, w = x.shape
    if c % (r * r):
        raise ValueError(f"pixel_shuffle: channels ({c}) must be divisible by {r * r}")
    x = x.reshape(*lead, c // (r * r), r, r, h, w)
    n = len(lead)
    x = x.transpose(*range(n), n, n + 3, n + 1, n + 4, n + 2)
    return x.reshape(*lead, c // (r * r), h * r, w * r)


def pixel_unshuffle(input, downscale_factor):
    """(..., C, H r, W r) -> (..., C r^2, H, W)."""
    x = tensor_arg(input)
    r = check_int(downscale_factor, "downscale_factor", 1)
    *lead, c, h, w = x.shape
    if h % r or w % r:
        raise ValueError(f"pixel_unshuffle: H and W ({h}, {w}) must be divisible by {r}")
    x = x.reshape(*lead, c, h // r, r, w // r, r)
    n = len(lead)
    x = x.transpose(*range(n), n, n + 2, n + 4, n + 1, n + 3)
    return x.reshape(*lead, c * r * r, h // r, w // r)


def channel_shuffle(x, groups):
    """Interleave the channels (axis 1) of `groups` groups."""
    x = tensor_arg(x, "x")
    g = check_int(groups, "groups", 1)
    n, c = x.shape[:2]
    if c % g:
        raise ValueError(f"channel_shuffle: channels ({c}) must be divisible by `groups` ({g})")
    return x.reshape((n, g, c // g) + x.shape[2:]).swapaxes(1, 2).reshape(x.shape)
