"""Functional convolution, padding and patch ops (NC... layouts)."""

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import check_int, int_tuple, tensor_arg
from ..errors import TracedValueError
from ._amp_auto import low_precision

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
    raise ValueError(
        f"`padding` must be an int or a tuple of {nd} or {2 * nd} ints, got {padding!r}"
    )


def _conv(nd, input, weight, bias, stride, pad_mode, padding, dilation, groups):
    x, w = low_precision(tensor_arg(input), tensor_arg(weight, "weight"))
    if x.ndim != nd + 2 or w.ndim != nd + 2:
        raise ValueError(
            f"conv{nd}d: `input` and `weight` must be {nd + 2}-D, got {x.ndim}-D and {w.ndim}-D"
        )
    if pad_mode == "valid" and padding not in (0, (0,) * nd):
        pad_mode = "pad"
    check_int(groups, "groups", 1)
    y = jax.lax.conv_general_dilated(
        x,
        w.astype(x.dtype),
        int_tuple(stride, nd, "stride"),
        _conv_padding(pad_mode, padding, nd),
        rhs_dilation=int_tuple(dilation, nd, "dilation"),
        dimension_numbers=_DN[nd],
        feature_group_count=groups,
    )
    if bias is not None:
        y = y + low_precision(tensor_arg(bias, "bias")).reshape((1, -1) + (1,) * nd)
    return y


def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """1-D convolution of (N, C, L) with weight (out, C/groups, k).

    Example:
        >>> x, w = jnp.array([[[1.0, 2.0, 3.0, 4.0]]]), jnp.array([[[1.0, -1.0]]])
        >>> conv1d(x, w).tolist()  # cross-correlation: x[i] - x[i + 1]
        [[[-1.0, -1.0, -1.0]]]
        >>> conv1d(x, w, pad_mode='same').shape
        (1, 1, 4)
    """
    return _conv(1, input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """2-D convolution of NCHW with weight (out, C/groups, kh, kw); pad_mode valid/same/pad.

    Example:
        >>> x, w = jnp.arange(9.0).reshape(1, 1, 3, 3), jnp.ones((1, 1, 2, 2))
        >>> conv2d(x, w).tolist()  # sums of 2x2 windows
        [[[[8.0, 12.0], [20.0, 24.0]]]]
        >>> conv2d(x, w, pad_mode='pad', padding=1).shape
        (1, 1, 4, 4)
    """
    return _conv(2, input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """3-D convolution of NCDHW with weight (out, C/groups, kd, kh, kw).

    Example:
        >>> x, w = jnp.ones((1, 1, 3, 3, 3)), jnp.ones((2, 1, 2, 2, 2))
        >>> y = conv3d(x, w)
        >>> y.shape, float(y.max())
        ((1, 2, 2, 2, 2), 8.0)
    """
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
    full = [
        (d * (kk - 1) - lo, d * (kk - 1) - hi)
        for kk, d, (lo, hi) in zip(k, dilation, pads, strict=False)
    ]
    return jax.lax.conv_general_dilated(
        x,
        _transpose_weight(w.astype(x.dtype), groups),
        (1,) * nd,
        full,
        lhs_dilation=stride,
        rhs_dilation=dilation,
        dimension_numbers=_DN[nd],
        feature_group_count=groups,
    )


def conv_transpose2d(
    input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1
):
    """Transposed 2-D convolution; weight (in, out/groups, kh, kw).

    Example:
        >>> x, w = jnp.array([[[[1.0, 2.0]]]]), jnp.ones((1, 1, 1, 2))
        >>> conv_transpose2d(x, w).tolist()  # each input spreads over 2 outputs
        [[[[1.0, 3.0, 2.0]]]]
    """
    x, w = tensor_arg(input), tensor_arg(weight, "weight")
    s, d = int_tuple(stride, 2, "stride"), int_tuple(dilation, 2, "dilation")
    p, op = int_tuple(padding, 2, "padding"), int_tuple(output_padding, 2, "output_padding")
    y = _conv_transpose(2, x, w, [(pi, pi - o) for pi, o in zip(p, op, strict=False)], s, d, groups)
    if bias is not None:
        y = y + tensor_arg(bias, "bias").reshape(1, -1, 1, 1)
    return y


def conv3d_transpose(
    inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1, group=1, output_padding=0
):
    """Transposed 3-D convolution; weight (in, out/group, kd, kh, kw); pad_mode valid/same/pad.

    Example:
        >>> x, w = jnp.ones((1, 1, 1, 1, 2)), jnp.ones((1, 1, 1, 1, 2))
        >>> conv3d_transpose(x, w).tolist()
        [[[[[1.0, 2.0, 1.0]]]]]
    """
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


# --------------------------------------------------------------------------- padding
def _concrete_ints(v, name):
    if isinstance(v, jax.core.Tracer):
        raise TracedValueError(
            f"`{name}` must be concrete (a tuple or a constant array), not traced"
        )
    return np.asarray(v).astype(int).reshape(-1)


_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "wrap"}


def pad(input_x, padding, mode="constant", value=None):
    """Pad trailing dims; `padding` is (last_lo, last_hi, prev_lo, prev_hi, ...). Negative pads
    crop. Modes: constant, reflect, replicate, circular.

    Example:
        >>> x = jnp.array([[1.0, 2.0, 3.0]])
        >>> pad(x, (1, 2)).tolist()
        [[0.0, 1.0, 2.0, 3.0, 0.0, 0.0]]
        >>> pad(x, (2, 0), mode='reflect').tolist(), pad(x, (-1, 1), mode='replicate').tolist()
        ([[3.0, 2.0, 1.0, 2.0, 3.0]], [[2.0, 3.0, 3.0]])
    """
    x = tensor_arg(input_x, "input_x")
    padding = (
        tuple(_concrete_ints(padding, "padding").tolist())
        if not isinstance(padding, (tuple, list))
        else tuple(padding)
    )
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
    """Extend a last axis of size 1 to `pad_dim_size`, filling with zeros.

    Example:
        >>> padding(jnp.array([[1.0], [2.0]]), 3).tolist()
        [[1.0, 0.0, 0.0], [2.0, 0.0, 0.0]]
    """
    x = tensor_arg(x, "x")
    if x.shape[-1] != 1:
        raise ValueError(f"padding: the last dim of `x` must be 1, got {x.shape[-1]}")
    return jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, pad_dim_size - 1)])


def mirror_pad(input_x, paddings, mode):
    """Pad with mirrored values; `paddings` is (ndim, 2); mode 'REFLECT' or 'SYMMETRIC'.

    Example:
        >>> x, p = jnp.array([[1.0, 2.0, 3.0]]), jnp.array([[0, 0], [2, 1]])
        >>> mirror_pad(x, p, 'REFLECT').tolist(), mirror_pad(x, p, 'SYMMETRIC').tolist()
        ([[3.0, 2.0, 1.0, 2.0, 3.0, 2.0]], [[2.0, 1.0, 1.0, 2.0, 3.0, 3.0]])
    """
    x = tensor_arg(input_x, "input_x")
    pads = _concrete_ints(paddings, "paddings").reshape(-1, 2).tolist()
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"mirror_pad: `mode` must be 'REFLECT' or 'SYMMETRIC', got {mode!r}")
    return jnp.pad(x, [tuple(p) for p in pads], mode=mode.lower())


# --------------------------------------------------------------------------- patches
def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """im2col of NCHW: (N, C*kh*kw, L).

    Example:
        >>> x = jnp.arange(9.0).reshape(1, 1, 3, 3)
        >>> y = unfold(x, 2)  # (N, C*2*2, 4 patches)
        >>> y.shape, y[0, :, 0].tolist()  # the top-left patch
        ((1, 4, 4), [0.0, 1.0, 3.0, 4.0])
    """
    x = tensor_arg(input)
    if x.ndim != 4:
        raise ValueError(f"unfold: `input` must be 4-D (NCHW), got {x.ndim}-D")
    k, d = int_tuple(kernel_size, 2, "kernel_size"), int_tuple(dilation, 2, "dilation")
    p, s = int_tuple(padding, 2, "padding"), int_tuple(stride, 2, "stride")
    pt = jax.lax.conv_general_dilated_patches(
        x,
        k,
        s,
        [(pi, pi) for pi in p],
        rhs_dilation=d,
        dimension_numbers=_DN[2],
        precision=jax.lax.Precision.HIGHEST,
    )
    return pt.reshape(pt.shape[0], pt.shape[1], -1)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """col2im: sum (N, C*kh*kw, L) patches back into (N, C, H, W) (the adjoint of unfold).

    Example:
        >>> x = jnp.arange(9.0).reshape(1, 1, 3, 3)
        >>> fold(unfold(x, 2), (3, 3), 2).tolist()  # each x times its number of patches
        [[[[0.0, 2.0, 2.0], [6.0, 16.0, 10.0], [6.0, 14.0, 8.0]]]]
    """
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
    """fold() with (N, C, kh*kw, L) input, MindSpore's argument order.

    Example:
        >>> cols = jnp.ones((1, 1, 4, 4))  # (N, C, kh*kw, L)
        >>> col2im(cols, jnp.array([3, 3]), (2, 2), (1, 1), (0, 0), (1, 1)).tolist()
        [[[[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]]]
    """
    x = tensor_arg(input_x, "input_x")
    if x.ndim == 4:
        x = x.reshape(x.shape[0], -1, x.shape[-1])
    size = tuple(_concrete_ints(output_size, "output_size").tolist())
    return fold(x, size, kernel_size, dilation, padding_value, stride)


def pixel_shuffle(input, upscale_factor):
    """(..., C r^2, H, W) -> (..., C, H r, W r).

    Example:
        >>> x = jnp.arange(4.0).reshape(1, 4, 1, 1)
        >>> pixel_shuffle(x, 2).tolist()
        [[[[0.0, 1.0], [2.0, 3.0]]]]
    """
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
    """(..., C, H r, W r) -> (..., C r^2, H, W).

    Example:
        >>> x = jnp.arange(4.0).reshape(1, 1, 2, 2)
        >>> pixel_unshuffle(x, 2).reshape(-1).tolist()
        [0.0, 1.0, 2.0, 3.0]
    """
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
    """Interleave the channels (axis 1) of `groups` groups.

    Example:
        >>> x = jnp.arange(6.0).reshape(1, 6, 1, 1)
        >>> channel_shuffle(x, 2).reshape(-1).tolist()
        [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]
    """
    x = tensor_arg(x, "x")
    g = check_int(groups, "groups", 1)
    n, c = x.shape[:2]
    if c % g:
        raise ValueError(f"channel_shuffle: channels ({c}) must be divisible by `groups` ({g})")
    return x.reshape((n, g, c // g) + x.shape[2:]).swapaxes(1, 2).reshape(x.shape)


__all__ = [
    "conv1d",
    "conv2d",
    "conv3d",
    "conv_transpose2d",
    "conv3d_transpose",
    "pad",
    "padding",
    "mirror_pad",
    "unfold",
    "fold",
    "col2im",
    "pixel_shuffle",
    "pixel_unshuffle",
    "channel_shuffle",
]
