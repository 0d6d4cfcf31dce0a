"""BiDense: the bilinear layer ``y_o = x1^T W_o x2 + b_o``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import jax.numpy as jnp

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor, unwrap
from .._arg_checks import check_flag, check_steps
from ..cell import Cell

if TYPE_CHECKING:
    from ...common.initializer import Initializer

__all__ = ["BiDense"]


def _init_shape(init):
    """The shape of an initial value given as an array, else None (a name or an Initializer)."""
    if isinstance(init, (Tensor, jnp.ndarray)) or hasattr(init, "__array__"):
        return tuple(jnp.shape(unwrap(init)))
    return None


class BiDense(Cell):
    """Bilinear layer: ``y[..., o] = sum_ij x1[..., i] weight[o, i, j] x2[..., j] + bias[o]``.

    `weight` is (out_channels, in1_channels, in2_channels); both it and `bias` default to
    U(-1/sqrt(in1_channels), 1/sqrt(in1_channels)). The inputs share their leading dims and
    have the weight's dtype.

    Args:
        in1_channels (int): The size of `input1`'s last dim.
        in2_channels (int): The size of `input2`'s last dim.
        out_channels (int): The size of the output's last dim.
        weight_init (Union[str, Initializer, Tensor, None]): The weight's initializer.
            Default: ``None``.
        bias_init (Union[str, Initializer, Tensor, None]): The bias' initializer.
            Default: ``None``.
        has_bias (bool): Whether to add a bias. Default: ``True``.
        dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        input1 (Tensor): (*, in1_channels).
        input2 (Tensor): (*, in2_channels), the same leading dims.

    Outputs:
        Tensor (*, out_channels).

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.BiDense(2, 3, 1, weight_init="ones", bias_init="zeros")
        >>> net(ms.Tensor([[1.0, 2.0]]), ms.Tensor([[1.0, 1.0, 1.0]])).tolist()
        [[9.0]]
    """

    def __init__(
        self,
        in1_channels: int,
        in2_channels: int,
        out_channels: int,
        weight_init: str | Initializer | Tensor | None = None,
        bias_init: str | Initializer | Tensor | None = None,
        has_bias: bool = True,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        self.in1_channels = check_steps("BiDense", "in1_channels", in1_channels)
        self.in2_channels = check_steps("BiDense", "in2_channels", in2_channels)
        self.out_channels = check_steps("BiDense", "out_channels", out_channels)
        self.has_bias = check_flag("BiDense", "has_bias", has_bias)
        weight_shape = (out_channels, in1_channels, in2_channels)
        shape = _init_shape(weight_init)
        if shape is not None and shape != weight_shape:
            raise ValueError(
                f"BiDense: `weight_init` must have shape {weight_shape} "
                f"(out_channels, in1_channels, in2_channels), got {shape}"
            )
        bound = 1.0 / math.sqrt(in1_channels)
        if weight_init is None:
            weight_init = Uniform(bound)
        self.weight = Parameter(initializer(weight_init, weight_shape, dtype), name="weight")
        self.bias = None
        if has_bias:
            shape = _init_shape(bias_init)
            if shape is not None and shape != (out_channels,):
                raise ValueError(
                    f"BiDense: `bias_init` must have shape ({out_channels},), got {shape}"
                )
            if bias_init is None:
                bias_init = Uniform(bound)
            self.bias = Parameter(initializer(bias_init, (out_channels,), dtype), name="bias")

    def construct(self, input1, input2):
        x1, x2 = unwrap(input1), unwrap(input2)
        if x1.shape[-1:] != (self.in1_channels,) or x2.shape[-1:] != (self.in2_channels,):
            raise ValueError(
                f"BiDense: the last dims of `input1` and `input2` must be "
                f"{self.in1_channels} and {self.in2_channels}, got shapes "
                f"{x1.shape} and {x2.shape}"
            )
        if x1.shape[:-1] != x2.shape[:-1]:
            raise ValueError(
                f"BiDense: `input1` and `input2` must share every dim but the "
                f"last, got shapes {x1.shape} and {x2.shape}"
            )
        weight = self.weight.value()
        if x1.dtype != weight.dtype or x2.dtype != weight.dtype:
            raise TypeError(
                f"BiDense: the inputs must have the weight's dtype {weight.dtype}, "
                f"got {x1.dtype} and {x2.dtype}"
            )
        return ops.bidense(x1, x2, weight, None if self.bias is None else self.bias.value())

    def extend_repr(self):
        return (
            f"in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, "
            f"output_channels={self.out_channels}, has_bias={self.has_bias}"
        )
