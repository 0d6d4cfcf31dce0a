"""mint.nn.ConvTranspose2d: torch's transposed 2-D convolution Cell over
`mint.nn.functional.conv_transpose2d`."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...nn import Cell
from . import functional as F

if TYPE_CHECKING:
    from ...common.dtype import Float

__all__ = ["ConvTranspose2d"]


def _pair(value: int | tuple[int, int]) -> tuple[int, int]:
    if isinstance(value, int):
        return value, value
    first, second = value
    return first, second


class ConvTranspose2d(Cell):
    """Transposed 2-D convolution over (N, C, H, W) with torch's arguments and initialisation:
    each input pixel scatters ``weight[c_in]`` (shape ``(out_channels // groups, kH, kW)``)
    into the output, ``stride`` apart; ``padding`` trims the output's borders and
    ``output_padding`` adds rows and columns at its far side.

    The weight, of shape ``(in_channels, out_channels // groups, kH, kW)``, starts
    Kaiming-uniform (``a = sqrt(5)``) and the bias uniform in ``+-1 / sqrt(fan_in)``, with
    ``fan_in = out_channels // groups * kH * kW``, as torch initialises them.

    Args:
        in_channels (int): The channels of the input.
        out_channels (int): The channels of the output.
        kernel_size (int | tuple[int, int]): The size of the kernel.
        stride (int | tuple[int, int]): The step between scattered kernels. Default: ``1``.
        padding (int | tuple[int, int]): Rows and columns removed from each border of the
            full output: ``dilation * (kernel_size - 1) - padding`` of zero padding. Default:
            ``0``.
        output_padding (int | tuple[int, int]): Rows and columns added at the bottom and right
            (less than `stride` or `dilation`). Default: ``0``.
        groups (int): The number of groups the channels are split into; both channel counts
            divide by it. Default: ``1``.
        bias (bool): Whether a learnt bias is added. Default: ``True``.
        dilation (int | tuple[int, int]): The spacing between kernel elements. Default: ``1``.
        padding_mode (str): Only ``'zeros'`` is supported. Default: ``'zeros'``.
        dtype (Float | None): The dtype of the Parameters; ``None`` gives float32. Default:
            ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> up = ConvTranspose2d(2, 3, 2, stride=2)
        >>> up(jnp.ones((1, 2, 4, 4))).shape
        (1, 3, 8, 8)
        >>> up.weight.shape
        (2, 3, 2, 2)
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int | tuple[int, int],
        stride: int | tuple[int, int] = 1,
        padding: int | tuple[int, int] = 0,
        output_padding: int | tuple[int, int] = 0,
        groups: int = 1,
        bias: bool = True,
        dilation: int | tuple[int, int] = 1,
        padding_mode: str = "zeros",
        dtype: Float | None = None,
    ) -> None:
        super().__init__()
        if in_channels % groups or out_channels % groups:
            raise ValueError(
                f"ConvTranspose2d: `in_channels` ({in_channels}) and `out_channels` "
                f"({out_channels}) must be divisible by `groups` ({groups})"
            )
        if padding_mode != "zeros":
            raise ValueError(
                f"ConvTranspose2d: only padding_mode='zeros' is supported, got {padding_mode!r}"
            )
        kernel = _pair(kernel_size)
        dtype = dtype or mstype.float32
        self.stride, self.padding, self.output_padding = stride, padding, output_padding
        self.groups, self.dilation = groups, dilation
        self.weight = Parameter(
            initializer(
                HeUniform(math.sqrt(5)), [in_channels, out_channels // groups, *kernel], dtype
            ),
            name="weight",
        )
        fan_in = out_channels // groups * math.prod(kernel)
        self.bias = (
            Parameter(
                initializer(Uniform(1 / math.sqrt(fan_in)), [out_channels], dtype), name="bias"
            )
            if bias
            else None
        )

    def construct(self, input):
        return F.conv_transpose2d(
            input,
            self.weight,
            self.bias,
            self.stride,
            self.padding,
            self.output_padding,
            self.groups,
            self.dilation,
        )
