"""Convolution layers Conv1d/2d/3d with MindSpore's layouts (transposed ones: conv_transpose).

Weights are (out, in/group, *kernel) for convolutions and (in, out/group, *kernel) for the
transposed ones; the 1-D layers keep MindSpore's 4-D weights (a kernel height of 1), so
checkpoints load unchanged.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.arg_docs import document_args
from ...common.initializer import HeUniform, InitText, Uniform, carried, initializer
from ...common.parameter import Parameter
from ...common.tensor import unwrap
from ...ops.func_conv import add_channel_bias
from ..cell import Cell
from .basic import check_positive_int
from .kept_primitives import KeptPrimitive

if TYPE_CHECKING:
    from ...common.initializer import Initializer
    from ...common.tensor import Tensor

__all__ = ["Conv1d", "Conv2d", "Conv3d"]


def _ntuple(v, n, name, who):
    if isinstance(v, int) and not isinstance(v, bool):
        v = (v,) * n
    if (
        not isinstance(v, (tuple, list))
        or len(v) != n
        or any(isinstance(i, bool) or not isinstance(i, int) or i < 1 for i in v)
    ):
        raise ValueError(
            f"{who}: `{name}` must be a positive int or a tuple of {n} positive ints, got {v!r}"
        )
    return tuple(v)


def _pad_pairs(padding, nd, who):
    """MindSpore's `padding` (int, or 2*nd ints: lo, hi per spatial dim) as a tuple of nd
    (lo, hi) pairs (a tuple: a list attribute makes msfunc.jit fingerprint the Cell on
    every call, as it could change in place)."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        padding = (padding,) * (2 * nd)
    if (
        not isinstance(padding, (tuple, list))
        or len(padding) != 2 * nd
        or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in padding)
    ):
        raise ValueError(
            f"{who}: `padding` must be a non-negative int or a tuple of {2 * nd} "
            f"non-negative ints, got {padding!r}"
        )
    return tuple((padding[2 * i], padding[2 * i + 1]) for i in range(nd))


def forwarded_args(scope: dict) -> dict:
    """A public layer's constructor arguments, from its ``locals()`` taken on entry, as
    keywords for its private base.

    Sibling layers take the same arguments in different orders and subsets (MindSpore's
    signatures); forwarding them by name keeps each public signature as it is without
    spelling every argument out twice.

    Example:
        >>> def build(a, b=2):
        ...     return forwarded_args(locals())
        >>> build(1)
        {'a': 1, 'b': 2}
    """
    return {k: v for k, v in scope.items() if k not in ("self", "__class__")}


class _Conv(Cell):
    """Shared argument checks, Parameters and repr of the convolution layers."""

    _nd = 2
    _transposed = False

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int | tuple[int, ...],
        stride: int | tuple[int, ...],
        pad_mode: str,
        padding: int | tuple[int, ...],
        dilation: int | tuple[int, ...],
        group: int,
        has_bias: bool,
        weight_init: str | Initializer | Tensor | None,
        bias_init: str | Initializer | Tensor | None,
        dtype: mstype.Number,
        data_format: str = "NCHW",
        output_padding: int | tuple[int, ...] = 0,
    ):
        super().__init__()
        who, nd = type(self).__name__, self._nd
        self.in_channels = check_positive_int(in_channels, "in_channels", who)
        self.out_channels = check_positive_int(out_channels, "out_channels", who)
        self.group = check_positive_int(group, "group", who)
        if in_channels % group or out_channels % group:
            raise ValueError(
                f"{who}: `in_channels` ({in_channels}) and `out_channels` "
                f"({out_channels}) must be divisible by `group` ({group})"
            )
        # The 1-D layers run as 2-D ones over a height of 1.
        knd = 2 if nd == 1 else nd
        self.kernel_size = _ntuple(kernel_size, nd, "kernel_size", who)
        self.stride = _ntuple(stride, nd, "stride", who)
        self.dilation = _ntuple(dilation, nd, "dilation", who)
        if not isinstance(pad_mode, str) or pad_mode.lower() not in ("same", "valid", "pad"):
            raise ValueError(
                f"{who}: `pad_mode` must be 'same', 'valid' or 'pad', got {pad_mode!r}"
            )
        self.pad_mode = pad_mode.lower()
        # a list would make msfunc.jit fingerprint this Cell on every call (see _pad_pairs)
        self.padding = tuple(padding) if isinstance(padding, list) else padding
        pairs = _pad_pairs(padding, nd, who)
        if self.pad_mode != "pad" and any(p for pair in pairs for p in pair):
            raise ValueError(
                f"{who}: `padding` must be 0 when `pad_mode` is {self.pad_mode!r}, got {padding!r}"
            )
        self._pairs = pairs
        self.output_padding = (
            tuple(output_padding) if isinstance(output_padding, list) else output_padding
        )
        self.has_bias = bool(has_bias)
        if data_format not in ("NCHW", "NCDHW"):
            raise ValueError(
                f"{who}: only channels-first `data_format` is supported, got {data_format!r}"
            )
        self.data_format = data_format
        kernel = ((1,) if nd == 1 else ()) + self.kernel_size
        if self._transposed:
            shape = (in_channels, out_channels // group) + kernel
        else:
            shape = (out_channels, in_channels // group) + kernel
        assert len(shape) == knd + 2
        weight_init, bias_init = carried(weight_init), carried(bias_init)
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        # Kept as text for the repr: Initializer objects compare by identity, and equal
        # static fields let identically built layers stack into a vmapped ensemble. The text
        # carries the initializer, so another layer built from it initializes alike.
        self.weight_init, self.bias_init = (
            init if isinstance(init, str) else InitText(init) for init in (weight_init, bias_init)
        )
        self.weight = Parameter(initializer(weight_init, shape, dtype), name="weight")
        if self.has_bias:
            if bias_init is None:
                fan_in = shape[1] * int(np.prod(shape[2:]))
                bias_init = Uniform(1.0 / math.sqrt(fan_in)) if fan_in else "zeros"
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        else:
            self.bias = None

    def _bias(self, y):
        if not self.has_bias or self.bias is None:
            return y
        return add_channel_bias(unwrap(y), unwrap(self.bias.value()))

    def _check_input(self, x):
        nd = self._nd
        if x.ndim != nd + 2:
            raise ValueError(
                f"{type(self).__name__}: input must be {nd + 2}-D, got {x.ndim}-D (shape {x.shape})"
            )
        if x.shape[1] != self.in_channels:
            # MindSpore's 1-D and 2-D convolutions (and their transposes) report the mismatch
            # as a RuntimeError, in PyNative and graph mode alike; its 3-D ones as ValueError.
            error = ValueError if nd == 3 else RuntimeError
            raise error(
                f"{type(self).__name__}: input has {x.shape[1]} channels, "
                f"expected {self.in_channels}"
            )

    def extend_repr(self):
        kernel_size, stride, dilation, padding = (
            self.kernel_size,
            self.stride,
            self.dilation,
            self.padding,
        )
        if self._nd == 1:  # as MindSpore prints them: the 2-D layer over a height of 1
            kernel_size, stride, dilation = ((1,) + v for v in (kernel_size, stride, dilation))
            padding = (0, 0) + tuple(p for pair in self._pairs for p in pair)
        return (
            f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
            f"kernel_size={kernel_size}, stride={stride}, "
            f"pad_mode={self.pad_mode}, padding={padding}, dilation={dilation}, "
            f"group={self.group}, has_bias={self.has_bias}, "
            f"weight_init={self.weight_init}, bias_init={self.bias_init}, "
            f"format={self.data_format}"
        )


class _ConvForward(_Conv):
    def _flat_padding(self):
        return tuple(p for pair in self._pairs for p in pair)

    def construct(self, x):
        x = unwrap(x)
        self._check_input(x)
        w = self.weight.value()
        if self._nd == 1:
            y = ops.conv2d(
                x[:, :, None, :],
                w,
                None,
                (1,) + self.stride,
                self.pad_mode,
                (0, 0) + self._flat_padding(),
                (1,) + self.dilation,
                self.group,
            )
            return self._bias(y[:, :, 0, :])
        conv = ops.conv2d if self._nd == 2 else ops.conv3d
        y = conv(
            x, w, None, self.stride, self.pad_mode, self._flat_padding(), self.dilation, self.group
        )
        return self._bias(y)


_CONV_ARGS = """
in_channels (int): The input's channel count (axis 1).
out_channels (int): The output's channel count.
kernel_size (Union[int, tuple[int]]): The kernel's size: one int for every spatial
    dim, or one per dim.
stride (Union[int, tuple[int]]): The step between kernel positions. Default: ``1``.
pad_mode (str): ``"same"`` (output ``ceil(in / stride)``), ``"valid"`` (no padding)
    or ``"pad"`` (`padding` zeros). Default: ``"same"``.
padding (Union[int, tuple[int]]): With pad_mode ``"pad"``, one int for every side or
    {sides}; else 0. Default: ``0``.
output_padding (Union[int, tuple[int]]): Extra size at the end of each spatial dim
    of the output, with pad_mode ``"pad"``. Default: ``0``.
dilation (Union[int, tuple[int]]): The spacing between kernel taps. Default: ``1``.
group (int): The number of channel groups; it divides both channel counts. Default:
    ``1``.
has_bias (bool): Add a bias per output channel. Default: ``False``.
weight_init (Union[str, Initializer, Tensor, None]): The weight's initializer;
    ``None`` is HeUniform(sqrt(5)). Default: ``None``.
bias_init (Union[str, Initializer, Tensor, None]): The bias' initializer; ``None``
    is U(-1/sqrt(fan_in), 1/sqrt(fan_in)). Default: ``None``.
data_format (str): Only channels first, ``"{layout}"``. Default: ``"{layout}"``.
dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.
"""

# What differs for the transposed layers: `stride` upsamples and `pad_mode` crops.
_TRANSPOSED_ARGS = """
stride (Union[int, tuple[int]]): The step between kernel positions (the upsampling
    factor). Default: ``1``.
pad_mode (str): ``"same"`` (output ``in * stride``), ``"valid"`` (the full result)
    or ``"pad"`` (the full result less `padding`). Default: ``"same"``.
"""

_PADDING_SIDES = {
    1: "2 ints (left, right)",
    2: "4 ints (top, bottom, left, right)",
    3: "6 ints (head, tail, top, bottom, left, right)",
}


def conv_args_doc(nd: int, transposed: bool) -> str:
    """The Args table (see `document_args`) of the (transposed) convolution layers of `nd`
    spatial dims: `padding` lists 2 * nd sides and `data_format` names nd's layout."""
    table = _CONV_ARGS.format(sides=_PADDING_SIDES[nd], layout="NCDHW" if nd == 3 else "NCHW")
    return table + _TRANSPOSED_ARGS if transposed else table


@document_args(conv_args_doc(1, transposed=False))
class Conv1d(_ConvForward):
    """1-D convolution of (N, C, L); weight (out, in/group, 1, k); has_bias False by default.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, L) with `in_channels` channels.

    Outputs:
        Tensor (N, out_channels, L_out), of the weight's dtype.

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.Conv1d(2, 3, 3, weight_init="ones")
        >>> net(ms.numpy.ones((1, 2, 5))).shape
        (1, 3, 5)
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


@document_args(conv_args_doc(2, transposed=False))
class Conv2d(_ConvForward):
    """2-D convolution of NCHW; weight (out, in/group, kh, kw); `padding` int or
    (top, bottom, left, right) with pad_mode 'pad'.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, H, W) with `in_channels` channels.

    Outputs:
        Tensor (N, out_channels, H_out, W_out), of the weight's dtype.

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.Conv2d(1, 2, 3, pad_mode="valid", weight_init="ones")
        >>> net(ms.numpy.ones((1, 1, 4, 4))).shape
        (1, 2, 2, 2)
    """

    # MindSpore's primitives for this configuration: subclasses written for MindSpore
    # (weight-standardised convolutions) call ``self.conv2d(x, w)`` in their construct
    conv2d = KeptPrimitive(
        lambda c: ops.Conv2D(
            c.out_channels,
            c.kernel_size,
            mode=1,
            pad_mode=c.pad_mode,
            pad=c.padding,
            stride=c.stride,
            dilation=c.dilation,
            group=c.group,
            data_format=c.data_format,
        )
    )
    bias_add = KeptPrimitive(lambda c: ops.BiasAdd(data_format=c.data_format))

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
        data_format: str = "NCHW",
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__(**forwarded_args(locals()))


@document_args(conv_args_doc(3, transposed=False))
class Conv3d(_ConvForward):
    """3-D convolution of NCDHW; weight (out, in/group, kd, kh, kw).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, D, H, W) with `in_channels` channels.

    Outputs:
        Tensor (N, out_channels, D_out, H_out, W_out), of the weight's dtype.

    Example:
        >>> import msfunc as ms
        >>> conv = ms.nn.Conv3d(1, 2, kernel_size=2, pad_mode='valid', weight_init='ones')
        >>> y = conv(ms.ops.ones((1, 1, 3, 3, 3)))
        >>> y.shape, float(y.max())  # 2 x 2 x 2 ones summed
        ((1, 2, 2, 2, 2), 8.0)
    """

    _nd = 3

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
        data_format: str = "NCDHW",
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__(**forwarded_args(locals()))
