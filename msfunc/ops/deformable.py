"""Deformable convolution (v2, modulated) as MindSpore computes it: `DeformableOffsets` and
its gradient, and ``ops.deformable_conv2d``."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import jax
import jax.numpy as jnp
from jax import Array
from jax.typing import ArrayLike

__all__ = [
    "check_primitive",
    "deformable_offsets",
    "deformable_offsets_grad",
    "deformable_conv2d",
]

# MindSpore's offsets hold, per output pixel, 3 * deformable_groups * kh * kw channels laid
# out as (3, deformable_groups, kh * kw): the x offsets, then the y offsets, then the
# modulation masks (used as given, no sigmoid). A sample point is read bilinearly from its
# four neighbours; a point at or beyond one pixel outside the map reads 0, and a neighbour
# outside the map counts 0.


def _pair(value, name, who, length=2):
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,) * length
    if isinstance(value, (tuple, list)) and len(value) == length:
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return tuple(value)
    raise TypeError(f"{who}: `{name}` must be an int or a tuple of {length} ints, got {value!r}")


def check_attributes(who, strides, pads, ksize, dilations, data_format, groups, modulated):
    """MindSpore's checks of DeformableOffsets' attributes; ``(strides (h, w), pads
    (top, bottom, left, right), ksize (h, w), dilations (h, w))``.

    Example:
        >>> check_attributes("D", (1, 1, 2, 1), (0, 0, 1, 1), (3, 3), (1, 1, 1, 1), "NCHW", 1,
        ...                  True)
        ((2, 1), (0, 0, 1, 1), (3, 3), (1, 1))
    """
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"{who}: `data_format` must be 'NCHW' or 'NHWC', got {data_format!r}")
    if not modulated:
        raise ValueError(f"{who}: `modulated` must be True (only modulated offsets exist)")
    strides, pads = _pair(strides, "strides", who, 4), _pair(pads, "pads", who, 4)
    ksize, dilations = _pair(ksize, "ksize", who), _pair(dilations, "dilations", who, 4)
    at = (1, 2) if data_format == "NHWC" else (2, 3)
    strides, dilations = tuple(strides[i] for i in at), tuple(dilations[i] for i in at)
    if min(strides) < 1 or min(ksize) < 1 or min(dilations) < 1 or min(pads) < 0:
        raise ValueError(
            f"{who}: strides, ksize and dilations must be positive and pads non-negative, got "
            f"{strides}, {ksize}, {dilations}, {pads}"
        )
    if isinstance(groups, bool) or not isinstance(groups, int) or groups < 1:
        raise ValueError(f"{who}: `deformable_groups` must be a positive int, got {groups!r}")
    return strides, pads, ksize, dilations


def check_primitive(primitive):
    """MindSpore's constructor checks of a DeformableOffsets(Grad) primitive's attributes.

    Example:
        >>> from types import SimpleNamespace
        >>> check_primitive(SimpleNamespace(strides=(1, 1, 1, 1), pads=(0, 0, 0, 0), ksize=(2, 2),
        ...     dilations=(1, 1, 1, 1), data_format="NCHW", deformable_groups=1, modulated=False))
        Traceback (most recent call last):
        ...
        ValueError: DeformableOffsets: `modulated` must be True (only modulated offsets exist)
    """
    ksize = getattr(primitive, "ksize", None) or getattr(primitive, "kernel_size", None)
    who = type(primitive).__name__ if hasattr(primitive, "kernel_size") else "DeformableOffsets"
    check_attributes(
        who,
        primitive.strides,
        primitive.pads,
        ksize,
        primitive.dilations,
        primitive.data_format,
        primitive.deformable_groups,
        primitive.modulated,
    )


def _output_size(size, pad, k, stride, dilation):
    return (size + pad - (dilation * (k - 1) + 1)) // stride + 1


def _sample(x, offsets, strides, pads, ksize, dilations, groups):
    """NCHW `x` sampled at the offset points: ``(N, C, H_out * kh, W_out * kw)``; 16-bit
    floats are computed in float32 and rounded once, as MindSpore's CPU kernel does."""
    if x.dtype.itemsize < 4:
        wide = _sample(
            x.astype(jnp.float32),
            offsets.astype(jnp.float32),
            strides,
            pads,
            ksize,
            dilations,
            groups,
        )
        return wide.astype(x.dtype)
    n, c, h, w = x.shape
    kh, kw = ksize
    h_out, w_out = offsets.shape[2], offsets.shape[3]
    o = offsets.reshape(n, 3, groups, kh * kw, h_out, w_out)
    ki, kj = jnp.divmod(jnp.arange(kh * kw), kw)
    rows = jnp.arange(h_out) * strides[0] - pads[0]
    cols = jnp.arange(w_out) * strides[1] - pads[2]
    base_y = (rows[None, :, None] + (ki * dilations[0])[:, None, None]).astype(x.dtype)
    base_x = (cols[None, None, :] + (kj * dilations[1])[:, None, None]).astype(x.dtype)
    py, px, mask = base_y + o[:, 1], base_x + o[:, 0], o[:, 2]  # (N, groups, K, H_out, W_out)
    inside = (py > -1) & (py < h) & (px > -1) & (px < w)
    y0, x0 = jnp.floor(py), jnp.floor(px)
    ly, lx = py - y0, px - x0
    flat = x.reshape(n, groups, c // groups, h * w)
    total = jnp.zeros((n, groups, c // groups) + py.shape[2:], x.dtype)
    for dy, wy in ((0, 1 - ly), (1, ly)):
        for dx, wx in ((0, 1 - lx), (1, lx)):
            yy, xx = y0.astype(jnp.int32) + dy, x0.astype(jnp.int32) + dx
            valid = inside & (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
            index = (jnp.clip(yy, 0, h - 1) * w + jnp.clip(xx, 0, w - 1)).reshape(n, groups, 1, -1)
            corner = jnp.take_along_axis(flat, index, axis=3).reshape(total.shape)
            total = total + jnp.where(valid, wy * wx, 0)[:, :, None] * corner
    total = total * mask[:, :, None]
    # (N, groups, C/groups, kh, kw, H_out, W_out) -> (N, C, H_out * kh, W_out * kw)
    total = total.reshape(n, c, kh, kw, h_out, w_out).transpose(0, 1, 4, 2, 5, 3)
    return total.reshape(n, c, h_out * kh, w_out * kw)


@functools.partial(jax.jit, static_argnums=(2, 3, 4, 5, 6))
def _sample_compiled(x, offsets, strides, pads, ksize, dilations, groups):
    # (one XLA program per layout: eagerly, the sampling is dozens of small ops)
    return _sample(x, offsets, strides, pads, ksize, dilations, groups)


@functools.partial(jax.jit, static_argnums=(3, 4, 5, 6, 7))
def _sample_pullback(dout, x, offsets, strides, pads, ksize, dilations, groups):
    def forward(x, offsets):
        return _sample(x, offsets, strides, pads, ksize, dilations, groups)

    return jax.vjp(forward, x, offsets)[1](dout)


def _checked(who, x, offsets, strides, pads, ksize, dilations, data_format, groups, spatial=True):
    x, offsets = jnp.asarray(x), jnp.asarray(offsets)
    if x.ndim != 4 or offsets.ndim != 4:
        raise ValueError(f"{who}: `x` and `offsets` must be 4-D, got {x.shape} and {offsets.shape}")
    if not jnp.issubdtype(x.dtype, jnp.floating) or offsets.dtype != x.dtype:
        raise TypeError(
            f"{who}: `x` and `offsets` must be floats of one dtype, got {x.dtype} and "
            f"{offsets.dtype}"
        )
    if data_format == "NHWC":
        x, offsets = x.transpose(0, 3, 1, 2), offsets.transpose(0, 3, 1, 2)
    _, c, h, w = x.shape
    want = (
        x.shape[0],
        3 * groups * ksize[0] * ksize[1],
        _output_size(h, pads[0] + pads[1], ksize[0], strides[0], dilations[0]),
        _output_size(w, pads[2] + pads[3], ksize[1], strides[1], dilations[1]),
    )
    if c % groups:
        raise ValueError(f"{who}: the channels ({c}) must divide by deformable_groups ({groups})")
    if not spatial:  # (the gradient kernel takes the output's size from `offsets`)
        want = want[:2] + tuple(offsets.shape[2:])
    if tuple(offsets.shape) != want:
        layout = "NHWC" if data_format == "NHWC" else "NCHW"
        raise ValueError(
            f"{who}: `offsets` must have the {layout} shape {want}, got {offsets.shape}"
        )
    return x, offsets


def deformable_offsets(
    x: ArrayLike,
    offsets: ArrayLike,
    strides: Sequence[int],
    pads: Sequence[int],
    ksize: Sequence[int],
    dilations: Sequence[int] = (1, 1, 1, 1),
    data_format: str = "NCHW",
    deformable_groups: int = 1,
    modulated: bool = True,
) -> Array:
    """MindSpore's ``DeformableOffsets``: `x` read at each kernel tap's offset point, times its
    mask, laid out so that a convolution with stride `ksize` finishes a deformable convolution.

    `x` is ``(N, C, H, W)`` (or NHWC), `offsets` ``(N, 3 * deformable_groups * kh * kw, H_out,
    W_out)``; `strides` and `dilations` are 4-tuples in `data_format`'s order, `pads`
    ``(top, bottom, left, right)``. The result is ``(N, C, H_out * kh, W_out * kw)``.

    Example:
        >>> import numpy as np
        >>> x = np.arange(4.0, dtype=np.float32).reshape(1, 1, 2, 2)
        >>> shift = np.array([0.5, 0.0, 1.0], np.float32).reshape(1, 3, 1, 1)  # half a column
        >>> offsets = np.broadcast_to(shift, (1, 3, 2, 2))
        >>> deformable_offsets(x, offsets, (1, 1, 1, 1), (0, 0, 0, 0), (1, 1)).tolist()
        [[[[0.5, 0.5], [2.5, 1.5]]]]
    """
    who = "DeformableOffsets"
    strides, pads, ksize, dilations = check_attributes(
        who, strides, pads, ksize, dilations, data_format, deformable_groups, modulated
    )
    x, offsets = _checked(
        who, x, offsets, strides, pads, ksize, dilations, data_format, deformable_groups
    )
    out = _sample_compiled(x, offsets, strides, pads, ksize, dilations, deformable_groups)
    return out.transpose(0, 2, 3, 1) if data_format == "NHWC" else out


def deformable_offsets_grad(
    dout: ArrayLike,
    x: ArrayLike,
    offsets: ArrayLike,
    strides: Sequence[int],
    pads: Sequence[int],
    ksize: Sequence[int],
    dilations: Sequence[int] = (1, 1, 1, 1),
    data_format: str = "NCHW",
    deformable_groups: int = 1,
    modulated: bool = True,
) -> tuple[Array, Array]:
    """MindSpore's ``DeformableOffsetsGrad``: the gradients of `deformable_offsets` with respect
    to `x` and `offsets` for the cotangent `dout`.

    Example:
        >>> import numpy as np
        >>> x = np.arange(4.0, dtype=np.float32).reshape(1, 1, 2, 2)
        >>> offsets = np.zeros((1, 3, 2, 2), np.float32)
        >>> offsets[:, 2] = 1.0
        >>> dx, doff = deformable_offsets_grad(np.ones((1, 1, 2, 2), np.float32), x, offsets,
        ...                                    (1, 1, 1, 1), (0, 0, 0, 0), (1, 1))
        >>> dx.tolist(), doff[0, 2].tolist()  # the masks' gradients are the samples
        ([[[[1.0, 1.0], [1.0, 1.0]]]], [[0.0, 1.0], [2.0, 3.0]])
    """
    who = "DeformableOffsetsGrad"
    strides, pads, ksize, dilations = check_attributes(
        who, strides, pads, ksize, dilations, data_format, deformable_groups, modulated
    )
    # MindSpore's gradient kernel reads the output size from `offsets` (the forward checks it)
    x, offsets = _checked(
        who, x, offsets, strides, pads, ksize, dilations, data_format, deformable_groups, False
    )
    dout = jnp.asarray(dout)
    if data_format == "NHWC":
        dout = dout.transpose(0, 3, 1, 2)

    n, c = x.shape[:2]
    want = (n, c, offsets.shape[2] * ksize[0], offsets.shape[3] * ksize[1])
    if dout.shape != want:
        raise ValueError(f"{who}: `dout` must have the shape {want}, got {dout.shape}")
    # (16-bit floats: the gradient is computed in float32 and rounded once)
    wide = jnp.float32 if x.dtype.itemsize < 4 else x.dtype
    grads = _sample_pullback(
        dout.astype(wide),
        x.astype(wide),
        offsets.astype(wide),
        strides,
        pads,
        ksize,
        dilations,
        deformable_groups,
    )
    dx, doffsets = (g.astype(x.dtype) for g in grads)
    if data_format == "NHWC":
        return dx.transpose(0, 2, 3, 1), doffsets.transpose(0, 2, 3, 1)
    return dx, doffsets


def deformable_conv2d(
    x: ArrayLike,
    weight: ArrayLike,
    offsets: ArrayLike,
    kernel_size: Sequence[int],
    strides: Sequence[int],
    padding: Sequence[int],
    bias: ArrayLike | None = None,
    dilations: Sequence[int] = (1, 1, 1, 1),
    groups: int = 1,
    deformable_groups: int = 1,
    modulated: bool = True,
) -> Array:
    """Deformable convolution v2 of an NCHW `x`: `deformable_offsets` then a convolution with
    stride `kernel_size`, plus `bias`, as ``mindspore.ops.deformable_conv2d``.

    Args:
        x (Tensor): ``(N, C_in, H, W)``.
        weight (Tensor): ``(C_out, C_in / groups, kh, kw)``.
        offsets (Tensor): ``(N, 3 * deformable_groups * kh * kw, H_out, W_out)``: x offsets,
            y offsets and masks.
        kernel_size (tuple[int]): ``(kh, kw)``.
        strides (tuple[int]): ``(1, 1, stride_h, stride_w)``.
        padding (tuple[int]): ``(top, bottom, left, right)``.
        bias (Tensor, optional): ``(C_out,)``. Default: ``None``.
        dilations (tuple[int]): ``(1, 1, dilation_h, dilation_w)``. Default: ``(1, 1, 1, 1)``.
        groups (int): Convolution groups. Default: ``1``.
        deformable_groups (int): Channel groups sharing one set of offsets. Default: ``1``.
        modulated (bool): Must be ``True``. Default: ``True``.

    Returns:
        Tensor of shape ``(N, C_out, H_out, W_out)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> x = ms.Tensor(np.ones((1, 1, 3, 3), np.float32))
        >>> w = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> offsets = np.zeros((1, 12, 2, 2), np.float32)
        >>> offsets[:, 8:] = 1.0  # unit masks, no shift: a plain convolution
        >>> ms.ops.deformable_conv2d(x, w, ms.Tensor(offsets), (2, 2), (1, 1, 1, 1),
        ...                          (0, 0, 0, 0)).asnumpy().tolist()
        [[[[4.0, 4.0], [4.0, 4.0]]]]
    """
    kernel_size = _pair(kernel_size, "kernel_size", "deformable_conv2d")
    sampled = deformable_offsets(
        x, offsets, strides, padding, kernel_size, dilations, "NCHW", deformable_groups, modulated
    )
    weight = jnp.asarray(weight)
    out = jax.lax.conv_general_dilated(
        sampled,
        weight.astype(sampled.dtype),
        window_strides=kernel_size,
        padding="VALID",
        feature_group_count=groups,
        dimension_numbers=("NCHW", "OIHW", "NCHW"),
    )
    if bias is not None:
        out = out + jnp.asarray(bias).astype(out.dtype).reshape(1, -1, 1, 1)
    return out
