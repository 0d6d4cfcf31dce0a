"""Basic layers: Dense and Flatten."""

import math

import jax.numpy as jnp

from ..common import dtype as mstype
from ..common.initializer import HeUniform, Uniform, initializer
from ..common.parameter import Parameter, unwrap
from .activation import get_activation
from .cell import Cell

__all__ = ["Dense", "Flatten"]


class Dense(Cell):
    """Fully connected layer ``activation(x @ weight.T + bias)``; weight is (out, in).

    Defaults follow MindSpore: weight HeUniform(sqrt(5)) and bias U(-1/sqrt(in), 1/sqrt(in)).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        >>> net(ms.Tensor([[1.0, 2.0, 3.0]])).tolist()
        [[6.0, 6.0]]
    """

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None,
                 has_bias=True, activation=None, dtype=mstype.float32):
        super().__init__()
        for name, value in (("in_channels", in_channels), ("out_channels", out_channels)):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"Dense: `{name}` must be a positive int, got {value!r}")
        self.in_channels, self.out_channels, self.has_bias = in_channels, out_channels, has_bias
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels], dtype),
                                name="weight")
        if has_bias:
            if bias_init is None:
                bias_init = Uniform(1.0 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        self.activation = get_activation(activation) if isinstance(activation, str) \
            else activation
        self.activation_flag = self.activation is not None

    def construct(self, x):
        x = unwrap(x)
        out = jnp.matmul(x, self.weight.value().T)
        if self.has_bias:
            out = out + self.bias.value()
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
    """Flatten dims `start_dim`..`end_dim` (default: all but the first).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Flatten()(ms.numpy.ones((2, 3, 4))).shape
        (2, 12)
    """

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x):
        x = unwrap(x)
        nd = x.ndim
        start = self.start_dim % nd if nd else 0
        end = self.end_dim % nd if nd else 0
        shape = x.shape[:start] + (-1,) + x.shape[end + 1:]
        return jnp.reshape(x, shape)
