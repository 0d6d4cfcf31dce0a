"""Activation Cells (ReLU, Sigmoid, Tanh, ...) and `get_activation` by name."""

import jax
import jax.numpy as jnp

from ..common.parameter import unwrap
from .cell import Cell

__all__ = ["ReLU", "ReLU6", "Sigmoid", "Tanh", "GELU", "SiLU", "Softmax", "LogSoftmax",
           "LeakyReLU", "ELU", "Identity", "get_activation"]


class _Elementwise(Cell):
    _fn = None

    def construct(self, x):
        return type(self)._fn(unwrap(x))


class ReLU(_Elementwise):
    """max(x, 0).

    Example:
        >>> import msfunc as ms
        >>> ms.nn.ReLU()(ms.Tensor([-1.0, 2.0])).tolist()
        [0.0, 2.0]
    """

    _fn = staticmethod(jax.nn.relu)


class ReLU6(_Elementwise):
    """min(max(x, 0), 6)."""

    _fn = staticmethod(jax.nn.relu6)


class Sigmoid(_Elementwise):
    """1 / (1 + exp(-x))."""

    _fn = staticmethod(jax.nn.sigmoid)


class Tanh(_Elementwise):
    """tanh(x)."""

    _fn = staticmethod(jnp.tanh)


class SiLU(_Elementwise):
    """x * sigmoid(x)."""

    _fn = staticmethod(jax.nn.silu)


class Identity(_Elementwise):
    """Returns its input."""

    _fn = staticmethod(lambda x: x)


class GELU(Cell):
    """Gaussian error linear unit (exact by default, tanh form with approximate=True)."""

    def __init__(self, approximate=True):
        super().__init__()
        self.approximate = approximate

    def construct(self, x):
        return jax.nn.gelu(unwrap(x), approximate=self.approximate)


class Softmax(Cell):
    """softmax along `axis`."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def construct(self, x):
        return jax.nn.softmax(unwrap(x), axis=self.axis)


class LogSoftmax(Cell):
    """log(softmax) along `axis`."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def construct(self, x):
        return jax.nn.log_softmax(unwrap(x), axis=self.axis)


class LeakyReLU(Cell):
    """x if x >= 0 else alpha * x."""

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return jax.nn.leaky_relu(unwrap(x), self.alpha)


class ELU(Cell):
    """x if x > 0 else alpha * (exp(x) - 1)."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return jax.nn.elu(unwrap(x), self.alpha)


_BY_NAME = {"relu": ReLU, "relu6": ReLU6, "sigmoid": Sigmoid, "tanh": Tanh, "gelu": GELU,
            "silu": SiLU, "swish": SiLU, "softmax": Softmax, "logsoftmax": LogSoftmax,
            "leakyrelu": LeakyReLU, "elu": ELU}


def get_activation(name, prim_name=None):
    """An activation Cell by name ('relu', 'sigmoid', 'tanh', 'gelu', ...); None for None.

    Example:
        >>> from msfunc import nn
        >>> type(nn.get_activation("relu")).__name__
        'ReLU'
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"get_activation: `name` must be a str, got {type(name).__name__}")
    cls = _BY_NAME.get(name.lower())
    if cls is None:
        raise KeyError(f"get_activation: unknown activation {name!r}; expected one of "
                       f"{sorted(_BY_NAME)}")
    return cls()
