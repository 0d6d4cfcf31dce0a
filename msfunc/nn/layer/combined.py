"""Conv2dBnAct and DenseBnAct: a convolution or dense layer, an optional batch norm and an
optional activation, in one Cell."""

from typing import Any

from ...ops.primitives import Primitive
from .._arg_checks import check_flag
from ..cell import Cell
from .activation import get_activation

__all__ = ["Conv2dBnAct", "DenseBnAct"]


def _activation(who, activation, alpha):
    """The activation Cell (or Primitive) `activation` names or is, None for None."""
    if activation is None:
        return None
    if activation == "leakyrelu":
        from .activation import LeakyReLU

        return LeakyReLU(alpha)
    cell = get_activation(activation) if isinstance(activation, str) else activation
    if not isinstance(cell, (Cell, Primitive)):
        raise TypeError(
            f"{who}: `activation` must be a str, Cell or Primitive, got {type(activation).__name__}"
        )
    return cell


class _BnAct(Cell):
    """The layer held as ``self.<layer_name>``, then batch norm and activation when asked."""

    def _finish(self, has_bn, batchnorm, activation, alpha, after_fake):
        who = type(self).__name__
        self.has_bn = check_flag(who, "has_bn", has_bn)
        self.after_fake = check_flag(who, "after_fake", after_fake)  # (quantization; unused)
        self.has_act = activation is not None
        if self.has_bn:
            self.batchnorm = batchnorm()
        self.activation = _activation(who, activation, alpha)

    def _rest(self, x):
        if self.has_bn:
            x = self.batchnorm(x)
        activation = self.activation
        if self.has_act and activation is not None:
            x = activation(x)
        return x


class Conv2dBnAct(_BnAct):
    """nn.Conv2d, then nn.BatchNorm2d (with `has_bn`), then an activation (a name as
    `nn.get_activation` takes, ``"leakyrelu"`` with slope `alpha`, or a Cell).

    Args:
        in_channels (int): Input channels, as nn.Conv2d takes them.
        out_channels (int): Output channels.
        kernel_size (Union[int, tuple]): The kernel's size.
        stride (int): The stride. Default: ``1``.
        pad_mode (str): The padding mode. Default: ``"same"``.
        padding (int): The padding. Default: ``0``.
        dilation (int): The dilation. Default: ``1``.
        group (int): The groups. Default: ``1``.
        has_bias (bool): Add a bias. Default: ``False``.
        weight_init (Union[str, Initializer]): The weight's initializer. Default: ``"normal"``.
        bias_init (Union[str, Initializer]): The bias's initializer. Default: ``"zeros"``.
        has_bn (bool): Add the batch norm. Default: ``False``.
        momentum (float): The batch norm's momentum. Default: ``0.997``.
        eps (float): The batch norm's epsilon. Default: ``1e-5``.
        activation (Union[str, Cell, Primitive, None]): The activation. Default: ``None``.
        alpha (float): The slope of ``"leakyrelu"``. Default: ``0.2``.
        after_fake (bool): Quantization's flag, checked and kept with no effect.
            Default: ``True``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Conv2dBnAct(1, 2, 3, weight_init="ones", activation="relu")
        >>> net(ms.Tensor(np.ones((1, 1, 4, 4), np.float32))).shape
        (1, 2, 4, 4)
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        pad_mode: str = "same",
        padding: Any = 0,
        dilation: Any = 1,
        group: int = 1,
        has_bias: bool = False,
        weight_init: Any = "normal",
        bias_init: Any = "zeros",
        has_bn: bool = False,
        momentum: float = 0.997,
        eps: float = 1e-5,
        activation: Any = None,
        alpha: float = 0.2,
        after_fake: bool = True,
    ):
        super().__init__()
        from .conv import Conv2d
        from .normalization import BatchNorm2d

        self.conv = Conv2d(
            in_channels,
            out_channels,
            kernel_size=kernel_size,
            stride=stride,
            pad_mode=pad_mode,
            padding=padding,
            dilation=dilation,
            group=group,
            has_bias=has_bias,
            weight_init=weight_init,
            bias_init=bias_init,
        )
        self._finish(
            has_bn, lambda: BatchNorm2d(out_channels, eps, momentum), activation, alpha, after_fake
        )

    def construct(self, x):
        return self._rest(self.conv(x))


class DenseBnAct(_BnAct):
    """nn.Dense, then nn.BatchNorm1d (with `has_bn`), then an activation (a name as
    `nn.get_activation` takes, ``"leakyrelu"`` with slope `alpha`, or a Cell).

    Args:
        in_channels (int): Input features, as nn.Dense takes them.
        out_channels (int): Output features.
        weight_init (Union[str, Initializer]): The weight's initializer. Default: ``"normal"``.
        bias_init (Union[str, Initializer]): The bias's initializer. Default: ``"zeros"``.
        has_bias (bool): Add a bias. Default: ``True``.
        has_bn (bool): Add the batch norm. Default: ``False``.
        momentum (float): The batch norm's momentum. Default: ``0.9``.
        eps (float): The batch norm's epsilon. Default: ``1e-5``.
        activation (Union[str, Cell, Primitive, None]): The activation. Default: ``None``.
        alpha (float): The slope of ``"leakyrelu"``. Default: ``0.2``.
        after_fake (bool): Quantization's flag, checked and kept with no effect.
            Default: ``True``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.DenseBnAct(3, 2, weight_init="ones", activation="relu")
        >>> print(net(ms.Tensor(np.array([[1.0, -2.0, 0.5]], np.float32))))
        [[0. 0.]]
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        weight_init: Any = "normal",
        bias_init: Any = "zeros",
        has_bias: bool = True,
        has_bn: bool = False,
        momentum: float = 0.9,
        eps: float = 1e-5,
        activation: Any = None,
        alpha: float = 0.2,
        after_fake: bool = True,
    ):
        super().__init__()
        from .basic import Dense
        from .normalization import BatchNorm1d

        self.dense = Dense(
            in_channels,
            out_channels,
            weight_init=weight_init,
            bias_init=bias_init,
            has_bias=has_bias,
        )
        self._finish(
            has_bn, lambda: BatchNorm1d(out_channels, eps, momentum), activation, alpha, after_fake
        )

    def construct(self, x):
        return self._rest(self.dense(x))
