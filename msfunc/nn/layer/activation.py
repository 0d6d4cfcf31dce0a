"""Activation Cells with MindSpore 2.10's names and defaults, and `get_activation` by name."""

from __future__ import annotations

from ..cell import Cell
from .activation_elementwise import (
    GELU,
    FastGelu,
    HSigmoid,
    HSwish,
    LogSigmoid,
    Mish,
    ReLU,
    ReLU6,
    SeLU,
    Sigmoid,
    SiLU,
    Softsign,
    Tanh,
    Tanhshrink,
)
from .activation_parametric import (
    CELU,
    ELU,
    LRN,
    Hardtanh,
    HShrink,
    LeakyReLU,
    PReLU,
    PReLUExt,
    RReLU,
    SoftShrink,
    Threshold,
)
from .activation_softmax import GLU, LogSoftmax, LogSoftmaxExt, Softmax, Softmax2d, Softmin

__all__ = [
    "Softmin",
    "Softmax",
    "Softmax2d",
    "LogSoftmax",
    "LogSoftmaxExt",
    "ReLU",
    "ReLU6",
    "RReLU",
    "SeLU",
    "SiLU",
    "Tanh",
    "Tanhshrink",
    "Hardtanh",
    "GELU",
    "FastGelu",
    "Sigmoid",
    "Softsign",
    "PReLU",
    "PReLUExt",
    "get_activation",
    "LeakyReLU",
    "HSigmoid",
    "HSwish",
    "ELU",
    "LogSigmoid",
    "LRN",
    "SoftShrink",
    "HShrink",
    "CELU",
    "Threshold",
    "Mish",
    "GLU",
]


_BY_NAME = {
    "softmin": Softmin,
    "softmax": Softmax,
    "softmax2d": Softmax2d,
    "logsoftmax": LogSoftmax,
    "logsoftmaxext": LogSoftmaxExt,
    "relu": ReLU,
    "relu6": ReLU6,
    "rrelu": RReLU,
    "silu": SiLU,
    "swish": SiLU,
    "tanh": Tanh,
    "tanhshrink": Tanhshrink,
    "hardtanh": Hardtanh,
    "gelu": GELU,
    "fast_gelu": FastGelu,
    "sigmoid": Sigmoid,
    "softsign": Softsign,
    "prelu": PReLU,
    "preluext": PReLUExt,
    "leakyrelu": LeakyReLU,
    "hsigmoid": HSigmoid,
    "hswish": HSwish,
    "elu": ELU,
    "logsigmoid": LogSigmoid,
    "softshrink": SoftShrink,
    "hshrink": HShrink,
    "threshold": Threshold,
    "mish": Mish,
    "selu": SeLU,
    "celu": CELU,
    "glu": GLU,
}

# MindSpore's own name table, keys as it spells them; programs read it to list activations.
_activation = {
    "softmin": Softmin,
    "softmax": Softmax,
    "softmax2d": Softmax2d,
    "logsoftmax": LogSoftmax,
    "logsoftmaxExt": LogSoftmaxExt,
    "relu": ReLU,
    "relu6": ReLU6,
    "rrelu": RReLU,
    "silu": SiLU,
    "tanh": Tanh,
    "tanhshrink": Tanhshrink,
    "hardtanh": Hardtanh,
    "gelu": GELU,
    "fast_gelu": FastGelu,
    "elu": ELU,
    "sigmoid": Sigmoid,
    "softsign": Softsign,
    "prelu": PReLU,
    "preluExt": PReLUExt,
    "leakyrelu": LeakyReLU,
    "hswish": HSwish,
    "hsigmoid": HSigmoid,
    "logsigmoid": LogSigmoid,
    "softshrink": SoftShrink,
    "hshrink": HShrink,
    "threshold": Threshold,
    "mish": Mish,
}


def get_activation(name: str | None, prim_name: str | None = None) -> Cell | None:
    """Build the activation Cell a name stands for, with its default arguments.

    Names are matched without regard to case: ``"relu"``, ``"sigmoid"``, ``"tanh"``,
    ``"gelu"``, ``"swish"`` (SiLU), ``"fast_gelu"`` and the others MindSpore accepts.

    Args:
        name (Union[str, None]): The activation's name; ``None`` gives ``None``.
        prim_name (Union[str, None]): The caller's name, accepted for MindSpore compatibility;
            unused. Default: ``None``.

    Returns:
        Cell, a new activation Cell, or ``None`` when `name` is ``None``.

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
        raise KeyError(
            f"get_activation: unknown activation {name!r}; expected one of {sorted(_BY_NAME)}"
        )
    if cls is Threshold:
        raise ValueError("get_activation: 'threshold' needs arguments; build nn.Threshold")
    return cls()
