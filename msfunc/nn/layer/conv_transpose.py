"""Transposed convolution layers Conv1dTranspose/2d/3d with MindSpore's layouts and sizes.

Weights are (in, out/group, *kernel); the 1-D layer keeps MindSpore's 4-D weight (a kernel
height of 1), so checkpoints load unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ... import ops
from ...common import dtype as mstype
from ...common.arg_docs import document_args
from ...common.tensor import unwrap
from .conv import _Conv, conv_args_doc, forwarded_args

if TYPE_CHECKING:
    from ...common.initializer import Initializer
    from ...common.tensor import Tensor

__all__ = ["Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose"]


class _ConvTranspose(_Conv):
    """Transposed convolution: the full-size result of `conv_transpose2d`, then cropped (or
    zero-extended) to the length `pad_mode` asks for."""

    _transposed = True

    # MindSpore's Conv1dTranspose/Conv2dTranspose append `output_padding` as zeros after
    # the bias; its Conv3dTranspose keeps those positions of the full result (torch's rule).
    _output_padding_as_zeros = True

    def _crop(self, y, axis, size_in, k, s, d, pair, extra=0):
        full = y.shape[axis]
        if self.pad_mode == "same":
            total = d * (k - 1) + 1 - s
            lo = max(total, 0) // 2
            length = size_in * s
        elif self.pad_mode == "valid":
            lo, length = 0, full
        else:
            lo, length = pair[0], full - pair[0] - pair[1] + extra
        keep = jnp.take(y, jnp.arange(lo, min(lo + length, full)), axis=axis)
        return _zero_extend(keep, axis, length - keep.shape[axis])

    def construct(self, x):
        x = unwrap(x)
        self._check_input(x)
        w = self.weight.value()
        one = self._nd == 1
        xs = x[:, :, None, :] if one else x
        stride = ((1,) if one else ()) + self.stride
        dilation = ((1,) if one else ()) + self.dilation
        if self._nd == 3:
            y = ops.conv3d_transpose(xs, w, "valid", 0, stride, dilation, self.group)
        else:
            y = ops.conv_transpose2d(xs, w, None, stride, 0, 0, self.group, dilation)
        pairs = (((0, 0),) if one else ()) + self._pairs
        out_pad = (0,) * (1 if one else 0) + _output_padding(self.output_padding, self._nd)
        kernel = w.shape[2:]
        first = 1 if one else 0  # the unit height of a 1-D layer is left alone
        as_zeros = self._output_padding_as_zeros
        for i in range(first, len(kernel)):
            y = self._crop(
                y,
                2 + i,
                xs.shape[2 + i],
                kernel[i],
                stride[i],
                dilation[i],
                pairs[i],
                0 if as_zeros else out_pad[i],
            )
        y = self._bias(y)
        if as_zeros:
            for i in range(len(kernel)):
                y = _zero_extend(y, 2 + i, out_pad[i])
        return y[:, :, 0, :] if one else y


def _zero_extend(y, axis, missing):
    """`y` with `missing` zeros appended along `axis` (positions no input reaches)."""
    if missing <= 0:
        return y
    widths = [(0, 0)] * y.ndim
    widths[axis] = (0, missing)
    return jnp.pad(y, widths)


def _output_padding(v, nd):
    if isinstance(v, int) and not isinstance(v, bool):
        return (v,) * nd
    return tuple(v)


@document_args(conv_args_doc(1, transposed=True))
class Conv1dTranspose(_ConvTranspose):
    """Transposed 1-D convolution of (N, C, L); weight (in, out/group, 1, k).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, L) with `in_channels` channels.

    Outputs:
        Tensor (N, out_channels, L_out), of the weight's dtype.

    Example:
        >>> import msfunc as ms
        >>> conv = ms.nn.Conv1dTranspose(1, 1, 2, pad_mode='valid', weight_init='ones')
        >>> conv(ms.Tensor([[[1.0, 2.0]]])).tolist()  # each input spread over 2 outputs
        [[[1.0, 3.0, 2.0]]]
    """

    _nd = 1

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int | tuple[int, ...],
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "same",
        padding: int | tuple[int, ...] = 0,
        dilation: int | tuple[int, ...] = 1,
        group: int = 1,
        has_bias: bool = False,
        weight_init: str | Initializer | Tensor | None = None,
        bias_init: str | Initializer | Tensor | None = None,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__(**forwarded_args(locals()))


@document_args(conv_args_doc(2, transposed=True))
class Conv2dTranspose(_ConvTranspose):
    """Transposed 2-D convolution of NCHW; weight (in, out/group, kh, kw).

    Output size: 'same' in * stride; 'valid' (in - 1) * stride + dilation * (k - 1) + 1;
    'pad' that minus the padding plus `output_padding`.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, H, W) with `in_channels` channels.

    Outputs:
        Tensor (N, out_channels, H_out, W_out), of the weight's dtype.

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.Conv2dTranspose(1, 1, 3, stride=2, weight_init="ones")
        >>> net(ms.numpy.ones((1, 1, 2, 2))).shape
        (1, 1, 4, 4)
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int | tuple[int, ...],
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "same",
        padding: int | tuple[int, ...] = 0,
        output_padding: int | tuple[int, ...] = 0,
        dilation: int | tuple[int, ...] = 1,
        group: int = 1,
        has_bias: bool = False,
        weight_init: str | Initializer | Tensor | None = None,
        bias_init: str | Initializer | Tensor | None = None,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__(**forwarded_args(locals()))


@document_args(conv_args_doc(3, transposed=True))
class Conv3dTranspose(_ConvTranspose):
    """Transposed 3-D convolution of NCDHW; weight (in, out/group, kd, kh, kw).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, D, H, W) with `in_channels` channels.

    Outputs:
        Tensor (N, out_channels, D_out, H_out, W_out), of the weight's dtype.

    Example:
        >>> import msfunc as ms
        >>> conv = ms.nn.Conv3dTranspose(1, 1, 2, pad_mode='valid', weight_init='ones')
        >>> conv(ms.ops.ones((1, 1, 1, 1, 2))).reshape(-1).tolist()
        [1.0, 2.0, 1.0, 1.0, 2.0, 1.0, 1.0, 2.0, 1.0, 1.0, 2.0, 1.0]
    """

    _nd = 3
    _output_padding_as_zeros = False

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int | tuple[int, ...],
        stride: int | tuple[int, ...] = 1,
        pad_mode: str = "same",
        padding: int | tuple[int, ...] = 0,
        dilation: int | tuple[int, ...] = 1,
        group: int = 1,
        output_padding: int | tuple[int, ...] = 0,
        has_bias: bool = False,
        weight_init: str | Initializer | Tensor | None = None,
        bias_init: str | Initializer | Tensor | None = None,
        data_format: str = "NCDHW",
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__(**forwarded_args(locals()))
