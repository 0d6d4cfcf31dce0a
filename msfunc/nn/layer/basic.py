"""Basic layers: Dense, Flatten, Unflatten, Identity (dropout layers: dropout.py; Unfold,
Upsample and PixelShuffle: spatial.py)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import jax.numpy as jnp

from ... import ops
from ...common import cpu_matmul
from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import unwrap
from ...context import mindspore_dtype_checks
from ..cell import Cell
from .activation import get_activation
from .kept_primitives import KeptPrimitive

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ...common.initializer import Initializer
    from ...common.tensor import Tensor

__all__ = ["Dense", "Flatten", "Unflatten", "Identity"]


def check_positive_int(value, name, who):
    """`value` if it is a positive int, else ValueError naming the argument."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{who}: `{name}` must be a positive int, got {value!r}")
    return value


class Dense(Cell):
    """Fully connected layer ``activation(x @ weight.T + bias)``; weight is (out, in).

    Defaults follow MindSpore: weight HeUniform(sqrt(5)) and bias U(-1/sqrt(in), 1/sqrt(in)).
    In a MindSpore program (``import mindspore`` answered by msfunc) the input must have the
    weight's dtype (TypeError, as MindSpore); msfunc's own API promotes as jnp.matmul does.

    Args:
        in_channels (int): The size of the input's last dim.
        out_channels (int): The size of the output's last dim.
        weight_init (Union[str, Initializer, Tensor, None]): The weight's initializer;
            ``None`` is HeUniform(sqrt(5)). Default: ``None``.
        bias_init (Union[str, Initializer, Tensor, None]): The bias' initializer; ``None`` is
            U(-1/sqrt(in_channels), 1/sqrt(in_channels)). Default: ``None``.
        has_bias (bool): Whether to add a bias. Default: ``True``.
        activation (Union[str, Cell, Callable, None]): Applied to the output; a name goes
            through ``nn.get_activation``. Default: ``None``.
        dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        x (Tensor): (*, in_channels).

    Outputs:
        Tensor (*, out_channels).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        >>> net(ms.Tensor([[1.0, 2.0, 3.0]])).tolist()
        [[6.0, 6.0]]
    """

    # MindSpore's primitive for the product, which subclasses may call
    matmul = KeptPrimitive(lambda cell: ops.MatMul(transpose_b=True))

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        weight_init: str | Initializer | Tensor | None = None,
        bias_init: str | Initializer | Tensor | None = None,
        has_bias: bool = True,
        activation: str | Cell | Callable[..., Any] | None = None,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        check_positive_int(in_channels, "in_channels", "Dense")
        check_positive_int(out_channels, "out_channels", "Dense")
        self.in_channels, self.out_channels, self.has_bias = in_channels, out_channels, has_bias
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(
            initializer(weight_init, [out_channels, in_channels], dtype), name="weight"
        )
        if has_bias:
            if bias_init is None:
                bias_init = Uniform(1.0 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        else:
            self.bias = None  # (MindSpore's: programs test ``cell.bias is not None``)
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if self.activation is not None and not callable(self.activation):
            raise TypeError(
                f"Dense: `activation` must be a str, Cell or callable, got "
                f"{type(activation).__name__}"
            )
        self.activation_flag = self.activation is not None

    def construct(self, x):
        array, weight = unwrap(x), self.weight.value()
        # MindSpore checks both before multiplying: no silent float64 net, no JAX shape error
        # (the dtype for MindSpore programs: msfunc.context.mindspore_dtype_checks).
        if array.dtype != weight.dtype and mindspore_dtype_checks():
            raise TypeError(
                f"Dense: `x` must have the weight's dtype {weight.dtype}, got {array.dtype}"
            )
        if array.shape[-1:] != (self.in_channels,):
            raise ValueError(
                f"Dense: the last dim of `x` must be in_channels="
                f"{self.in_channels}, got `x` of shape {tuple(array.shape)}"
            )
        bias = self.bias.value() if self.bias is not None else None
        # (float16 in MindSpore's graph mode: MatMul, BiasAdd and Tanh chain in float32 through
        # `common.kernel_chain`, as its CPU build runs them)
        if array.ndim > 2 and cpu_matmul.applies(array.reshape(-1, array.shape[-1]), weight):
            # MindSpore's Dense multiplies (N, in_channels) rows: MatMul and BiasAdd on the
            # flattened input, reshaped back (a batched product rounds otherwise)
            flat = ops.dense(array.reshape(-1, array.shape[-1]), weight, bias)
            out = flat.reshape(array.shape[:-1] + flat.shape[-1:])
        else:
            out = ops.dense(array, weight, bias)
        if self.activation_flag:
            out = self.activation(out)
        return out

    def extend_repr(self):
        # MindSpore's wording: has_bias and activation are shown only when set.
        text = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            text += f", has_bias={self.has_bias}"
        if self.activation_flag:
            text += f", activation={self.activation}"
        return text


class Flatten(Cell):
    """Merge the dims from `start_dim` to `end_dim` (both included) into one.

    Args:
        start_dim (int): The first dim merged. Default: ``1``.
        end_dim (int): The last dim merged. Default: ``-1``.

    Inputs:
        x (Tensor): Any shape.

    Outputs:
        Tensor with the same elements, those dims merged.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Flatten()(ms.numpy.ones((2, 3, 4))).shape
        (2, 12)
    """

    def __init__(self, start_dim: int = 1, end_dim: int = -1):
        super().__init__()
        for name, v in (("start_dim", start_dim), ("end_dim", end_dim)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"Flatten: `{name}` must be an int, got {v!r}")
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x):
        x = unwrap(x)
        nd = x.ndim
        start = self.start_dim % nd if nd else 0
        end = self.end_dim % nd if nd else 0
        if start > end:
            raise ValueError(
                f"Flatten: `start_dim` ({self.start_dim}) comes after `end_dim` "
                f"({self.end_dim}) for a {nd}-D input"
            )
        shape = x.shape[:start] + (-1,) + x.shape[end + 1 :]
        return jnp.reshape(x, shape)


class Unflatten(Cell):
    """Split dim `axis` into several dims, `unflattened_size`.

    Args:
        axis (int): The dim split.
        unflattened_size (Sequence[int]): The new dims; their product is that dim's size.

    Inputs:
        input_x (Tensor): Any shape.

    Outputs:
        Tensor with the same elements and `axis` replaced by `unflattened_size`.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Unflatten(1, (2, 3))(ms.numpy.ones((4, 6))).shape
        (4, 2, 3)
    """

    def __init__(self, axis: int, unflattened_size: Sequence[int]):
        super().__init__()
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError(
                "Unflatten: `unflattened_size` must be a tuple or list, got "
                f"{type(unflattened_size).__name__}"
            )
        self.axis, self.unflattened_size = axis, tuple(unflattened_size)

    def construct(self, input_x):
        x = unwrap(input_x)
        axis = self.axis % x.ndim
        return jnp.reshape(x, x.shape[:axis] + self.unflattened_size + x.shape[axis + 1 :])


class Identity(Cell):
    """Returns its input (any constructor arguments are ignored, as in MindSpore).

    Inputs:
        input (Any): Anything.

    Outputs:
        `input` itself.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Identity()(ms.Tensor([1.0, 2.0])).tolist()
        [1.0, 2.0]
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, input):
        return input
