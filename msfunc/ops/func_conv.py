"""Functional convolution and padding ops (NC... layouts); the patch ops are in `func_patches`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common import kernel_chain
from ..common.arg_docs import document_args
from ..common.args import check_int, int_tuple, tensor_arg
from ..errors import TracedValueError
from ._amp_auto import low_precision
from .deformable import deformable_conv2d

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

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
    w = w.astype(x.dtype)
    # MindSpore's CPU Conv2D has no float16 kernel: in graph mode it reads float16 operands
    # in float32 (the unrounded value of a float32-only kernel before it) and rounds once
    chained = nd == 2 and kernel_chain.applies(x)
    if chained:
        x, w = kernel_chain.to32(x), kernel_chain.to32(w)
    y = jax.lax.conv_general_dilated(
        x,
        w,
        int_tuple(stride, nd, "stride"),
        _conv_padding(pad_mode, padding, nd),
        rhs_dilation=int_tuple(dilation, nd, "dilation"),
        dimension_numbers=_DN[nd],
        feature_group_count=groups,
    )
    if chained:
        y = kernel_chain.to16(y)
    if bias is not None:
        y = add_channel_bias(y, low_precision(tensor_arg(bias, "bias")))
    return y


def add_channel_bias(y, bias):
    """`y` plus `bias` along axis 1 (BiasAdd): a float16 pair in MindSpore's graph mode is a
    float32-only kernel on its CPU build, reading a chained `y` unrounded and rounding once.

    Example:
        >>> add_channel_bias(jnp.zeros((1, 2, 1)), jnp.array([1.0, 2.0])).ravel().tolist()
        [1.0, 2.0]
    """
    bias = bias.reshape((1, -1) + (1,) * (y.ndim - 2))
    if kernel_chain.applies(y) and kernel_chain.applies(bias):
        return kernel_chain.to16(kernel_chain.to32(y) + kernel_chain.to32(bias))
    return y + bias


def _conv_args(input_shape: str, weight_shape: str, padding: str) -> tuple[str, ...]:
    """The Args entries of conv1d, conv2d and conv3d: the shapes of `input` and `weight`
    and the `padding` entry change with the rank, the rest is worded alike."""
    return (
        f"input (Tensor): Shape ``{input_shape}``.",
        f"weight (Tensor): Shape ``{weight_shape}``.",
        "bias (Tensor, optional): Shape ``(C_out,)``. Default: ``None``.",
        "stride (Union[int, tuple[int]]): The step. Default: ``1``.",
        "pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (use `padding`). "
        "Default: ``'valid'``.",
        padding,
        "dilation (Union[int, tuple[int]]): Spacing of the kernel's taps. Default: ``1``.",
        "groups (int): Channel groups convolved separately. Default: ``1``.",
    )


@document_args(
    *_conv_args(
        "(N, C_in, L)",
        "(C_out, C_in / groups, k)",
        "padding (Union[int, tuple[int]]): Zeros at both ends in ``'pad'`` mode. Default: ``0``.",
    )
)
def conv1d(
    input: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    pad_mode: str = "valid",
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    groups: int = 1,
) -> Array:
    """1-D convolution (cross-correlation) of an ``(N, C_in, L)`` tensor.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C_out, L_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[1.0, 2.0, 3.0, 4.0]]])
        >>> print(ops.conv1d(x, ms.Tensor([[[1.0, -1.0]]])))
        [[[-1. -1. -1.]]]
    """
    return _conv(1, input, weight, bias, stride, pad_mode, padding, dilation, groups)


@document_args(
    *_conv_args(
        "(N, C_in, H, W)",
        "(C_out, C_in / groups, kh, kw)",
        "padding (Union[int, tuple[int]]): Zeros on each side in ``'pad'`` mode: one int, or\n"
        "    ``(top, bottom, left, right)``. Default: ``0``.",
    )
)
def conv2d(
    input: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    pad_mode: str = "valid",
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    groups: int = 1,
) -> Array:
    """2-D convolution (cross-correlation) of an ``(N, C_in, H, W)`` tensor.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C_out, H_out, W_out)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(9.0, dtype=np.float32).reshape(1, 1, 3, 3))
        >>> print(ops.conv2d(x, ms.Tensor(np.ones((1, 1, 2, 2), np.float32))))
        [[[[ 8. 12.]
           [20. 24.]]]]
    """
    return _conv(2, input, weight, bias, stride, pad_mode, padding, dilation, groups)


@document_args(
    *_conv_args(
        "(N, C_in, D, H, W)",
        "(C_out, C_in / groups, kd, kh, kw)",
        "padding (Union[int, tuple[int]]): Zeros on each side in ``'pad'`` mode. Default: ``0``.",
    )
)
def conv3d(
    input: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    pad_mode: str = "valid",
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    groups: int = 1,
) -> Array:
    """3-D convolution (cross-correlation) of an ``(N, C_in, D, H, W)`` tensor.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C_out, D_out, H_out, W_out)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(8.0, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> print(ops.conv3d(x, ms.Tensor(np.ones((1, 1, 2, 2, 2), np.float32))))
        [[[[[28.]]]]]
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
    input: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    output_padding: int | Sequence[int] = 0,
    groups: int = 1,
    dilation: int | Sequence[int] = 1,
) -> Array:
    """Transposed 2-D convolution (the gradient of `conv2d` with respect to its input).

    Args:
        input (Tensor): Shape ``(N, C_in, H, W)``.
        weight (Tensor): Shape ``(C_in, C_out / groups, kh, kw)``.
        bias (Tensor, optional): Shape ``(C_out,)``. Default: ``None``.
        stride (Union[int, tuple[int]]): The step. Default: ``1``.
        padding (Union[int, tuple[int]]): Removed from each side of the output. Default: ``0``.
        output_padding (Union[int, tuple[int]]): Added to one side of the output. Default: ``0``.
        groups (int): Channel groups. Default: ``1``.
        dilation (Union[int, tuple[int]]): Spacing of the kernel's taps. Default: ``1``.

    Returns:
        Tensor of shape ``(N, C_out, (H - 1) * stride - 2 * padding + dilation * (kh - 1) +
        output_padding + 1, ...)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
        >>> print(ops.conv_transpose2d(x, ms.Tensor(np.ones((1, 1, 2, 2), np.float32))))
        [[[[ 1.  3.  2.]
           [ 4. 10.  6.]
           [ 3.  7.  4.]]]]
    """
    x, w = tensor_arg(input), tensor_arg(weight, "weight")
    s, d = int_tuple(stride, 2, "stride"), int_tuple(dilation, 2, "dilation")
    p, op = int_tuple(padding, 2, "padding"), int_tuple(output_padding, 2, "output_padding")
    y = _conv_transpose(2, x, w, [(pi, pi - o) for pi, o in zip(p, op, strict=False)], s, d, groups)
    if bias is not None:
        y = y + tensor_arg(bias, "bias").reshape(1, -1, 1, 1)
    return y


def conv3d_transpose(
    inputs: ArrayLike,
    weight: ArrayLike,
    pad_mode: str = "valid",
    padding: int | Sequence[int] = 0,
    stride: int | Sequence[int] = 1,
    dilation: int | Sequence[int] = 1,
    group: int = 1,
    output_padding: int | Sequence[int] = 0,
) -> Array:
    """Transposed 3-D convolution (the gradient of `conv3d` with respect to its input).

    Args:
        inputs (Tensor): Shape ``(N, C_in, D, H, W)``.
        weight (Tensor): Shape ``(C_in, C_out / group, kd, kh, kw)``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (use `padding`). Default: ``'valid'``.
        padding (Union[int, tuple[int]]): Removed from each side in ``'pad'`` mode. Default: ``0``.
        stride (Union[int, tuple[int]]): The step. Default: ``1``.
        dilation (Union[int, tuple[int]]): Spacing of the kernel's taps. Default: ``1``.
        group (int): Channel groups. Default: ``1``.
        output_padding (Union[int, tuple[int]]): Added to one side of the output. Default: ``0``.

    Returns:
        Tensor of shape ``(N, C_out, D_out, H_out, W_out)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.ones((1, 1, 1, 1, 1), np.float32))
        >>> y = ops.conv3d_transpose(x, ms.Tensor(np.ones((1, 1, 2, 2, 2), np.float32)))
        >>> print(y.shape, y.sum())
        (1, 1, 2, 2, 2) 8.0
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


def pad(
    input_x: ArrayLike,
    padding: Sequence[int] | ArrayLike,
    mode: str = "constant",
    value: float | None = None,
) -> Array:
    """`input_x` padded on its trailing axes; negative amounts crop.

    Args:
        input_x (Tensor): The tensor to pad.
        padding (Union[tuple[int], list[int], Tensor]): ``(last_before, last_after,
            second_last_before, ...)``: pairs from the last axis backwards.
        mode (str): ``'constant'``, ``'reflect'``, ``'replicate'`` or ``'circular'``.
            Default: ``'constant'``.
        value (Union[int, float, None]): The fill of ``'constant'`` mode; ``None`` means 0.
            Default: ``None``.

    Returns:
        Tensor with the padded axes lengthened.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0, 3.0]])
        >>> print(ops.pad(x, (1, 2), value=9.0), ops.pad(x, (2, 0), mode="reflect"))
        [[9. 1. 2. 3. 9. 9.]] [[3. 2. 1. 2. 3.]]
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


def padding(x: ArrayLike, pad_dim_size: int = 8) -> Array:
    """`x` with its last axis, of length 1, extended with zeros to `pad_dim_size`.

    Args:
        x (Tensor): A tensor whose last axis has length 1.
        pad_dim_size (int): The new length. Default: ``8``.

    Returns:
        Tensor of shape ``x.shape[:-1] + (pad_dim_size,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.padding(ms.Tensor([[8.0], [10.0]]), 4))
        [[ 8.  0.  0.  0.]
         [10.  0.  0.  0.]]
    """
    x = tensor_arg(x, "x")
    if x.shape[-1] != 1:
        raise ValueError(f"padding: the last dim of `x` must be 1, got {x.shape[-1]}")
    return jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, pad_dim_size - 1)])


def mirror_pad(input_x: ArrayLike, paddings: ArrayLike, mode: str) -> Array:
    """`input_x` padded with its own mirrored values.

    Args:
        input_x (Tensor): The tensor to pad.
        paddings (Tensor): ``(before, after)`` per axis, shape ``(ndim, 2)``.
        mode (str): ``'REFLECT'`` (the edge is not repeated) or ``'SYMMETRIC'`` (it is).

    Returns:
        Tensor with every axis lengthened by its paddings.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, paddings = ms.Tensor([[1, 2, 3]]), ms.Tensor([[0, 0], [2, 1]])
        >>> print(ops.mirror_pad(x, paddings, "REFLECT"), ops.mirror_pad(x, paddings, "SYMMETRIC"))
        [[3 2 1 2 3 2]] [[2 1 1 2 3 3]]
    """
    x = tensor_arg(input_x, "input_x")
    pads = _concrete_ints(paddings, "paddings").reshape(-1, 2).tolist()
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"mirror_pad: `mode` must be 'REFLECT' or 'SYMMETRIC', got {mode!r}")
    return jnp.pad(x, [tuple(p) for p in pads], mode=mode.lower())


__all__ = [
    "conv1d",
    "conv2d",
    "deformable_conv2d",
    "conv3d",
    "conv_transpose2d",
    "conv3d_transpose",
    "pad",
    "padding",
    "mirror_pad",
]
