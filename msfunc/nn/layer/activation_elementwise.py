"""Parameter-free elementwise activation Cells (ReLU, Sigmoid, GELU, ...) and their bases."""

from __future__ import annotations

import inspect
import textwrap
from typing import Any

import jax

from ... import ops
from ...common import cpu_exp, low_precision
from ...common.tensor import unwrap
from ...ops import func_activation
from ..cell import Cell


class _Elementwise(Cell):
    """An activation without Parameters: ``construct(x) = _fn(x, **self._kwargs())``."""

    _fn: Any = None

    def __init__(self):
        super().__init__()

    def _kwargs(self):
        return {}

    def construct(self, x):
        return type(self)._fn(unwrap(x), **self._kwargs())


# MindSpore names the argument of `construct` differently from class to class; keyword
# calls (``relu(input=x)``) work when the names match.
class _ElementwiseInput(_Elementwise):
    def construct(self, input):
        return type(self)._fn(unwrap(input), **self._kwargs())


class _ElementwiseInputX(_Elementwise):
    def construct(self, input_x):
        return type(self)._fn(unwrap(input_x), **self._kwargs())


def _elementwise(name, fn, summary, example, base=_Elementwise):
    """The Cell class `name` computing `fn`; its docstring is `summary`, the Inputs and Outputs
    every one of these shares (named as `base`'s construct names its argument) and `example`
    (doctest lines after ``import msfunc as ms``)."""
    arg = list(inspect.signature(base.construct).parameters)[1]
    doc = (
        f"{summary}\n\n"
        f"    Inputs:\n        {arg} (Tensor): Any shape, floating point.\n\n"
        f"    Outputs:\n        Tensor of `{arg}`'s shape and dtype.\n\n"
        "    Example:\n        >>> import msfunc as ms\n"
        + textwrap.indent(textwrap.dedent(example).strip("\n"), " " * 8)
        + "\n    "
    )
    return type(name, (base,), {"_fn": staticmethod(fn), "__doc__": doc, "__module__": __name__})


ReLU = _elementwise(
    "ReLU",
    jax.nn.relu,
    "max(x, 0).",
    """
    >>> ms.nn.ReLU()(ms.Tensor([-1.0, 2.0])).tolist()
    [0.0, 2.0]
    """,
    _ElementwiseInput,
)
ReLU6 = _elementwise(
    "ReLU6",
    jax.nn.relu6,
    "min(max(x, 0), 6).",
    """
    >>> ms.nn.ReLU6()(ms.Tensor([-1.0, 3.0, 7.0])).tolist()
    [0.0, 3.0, 6.0]
    """,
)
Sigmoid = _elementwise(
    "Sigmoid",
    cpu_exp.mindspore_sigmoid,
    "1 / (1 + exp(-x)).",
    """
    >>> [round(v, 4) for v in ms.nn.Sigmoid()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [0.2689, 0.5, 0.7311]
    """,
)
Tanh = _elementwise(
    "Tanh",
    low_precision.tanh,
    "tanh(x).",
    """
    >>> [round(v, 4) for v in ms.nn.Tanh()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.7616, 0.0, 0.7616]
    """,
)
SiLU = _elementwise(
    "SiLU",
    func_activation.silu,
    "x * sigmoid(x).",
    """
    >>> [round(v, 4) for v in ms.nn.SiLU()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.2689, 0.0, 0.7311]
    """,
)
SeLU = _elementwise(
    "SeLU",
    jax.nn.selu,
    "Scaled ELU with the self-normalising constants.",
    """
    >>> [round(v, 4) for v in ms.nn.SeLU()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-1.1113, 0.0, 1.0507]
    """,
    _ElementwiseInputX,
)
Mish = _elementwise(
    "Mish",
    ops.mish,
    "x * tanh(softplus(x)).",
    """
    >>> [round(v, 4) for v in ms.nn.Mish()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.3034, 0.0, 0.8651]
    """,
    _ElementwiseInputX,
)
FastGelu = _elementwise(
    "FastGelu",
    ops.fast_gelu,
    "x * sigmoid(1.702 x) (MindSpore's fast GELU).",
    """
    >>> [round(v, 4) for v in ms.nn.FastGelu()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.1542, 0.0, 0.8458]
    """,
)
Softsign = _elementwise(
    "Softsign",
    ops.softsign,
    "x / (1 + |x|).",
    """
    >>> ms.nn.Softsign()(ms.Tensor([-3.0, 0.0, 1.0])).tolist()
    [-0.75, 0.0, 0.5]
    """,
)
Tanhshrink = _elementwise(
    "Tanhshrink",
    ops.tanhshrink,
    "x - tanh(x).",
    """
    >>> [round(v, 4) for v in ms.nn.Tanhshrink()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.2384, 0.0, 0.2384]
    """,
)
LogSigmoid = _elementwise(
    "LogSigmoid",
    jax.nn.log_sigmoid,
    "log(sigmoid(x)).",
    """
    >>> [round(v, 4) for v in ms.nn.LogSigmoid()(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-1.3133, -0.6931, -0.3133]
    """,
    _ElementwiseInputX,
)
HSigmoid = _elementwise(
    "HSigmoid",
    ops.hardsigmoid,
    "relu6(x + 3) / 6.",
    """
    >>> ms.nn.HSigmoid()(ms.Tensor([-4.0, 0.0, 1.5, 4.0])).tolist()
    [0.0, 0.5, 0.75, 1.0]
    """,
    _ElementwiseInput,
)
HSwish = _elementwise(
    "HSwish",
    ops.hardswish,
    "x * relu6(x + 3) / 6.",
    """
    >>> [round(v, 4) for v in ms.nn.HSwish()(ms.Tensor([-1.0, 0.0, 1.0, 4.0])).tolist()]
    [-0.3333, 0.0, 0.6667, 4.0]
    """,
    _ElementwiseInput,
)


class GELU(Cell):
    """Gaussian error linear unit ``x * P(X <= x)``, X standard normal.

    Args:
        approximate (bool): Use the tanh approximation (MindSpore's default) rather than the
            exact erf form. Default: ``True``.

    Inputs:
        x (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> round(float(ms.nn.GELU(approximate=False)(ms.Tensor(1.0))), 4)
        0.8413
    """

    def __init__(self, approximate: bool = True):
        super().__init__()
        if not isinstance(approximate, bool):
            raise TypeError(f"GELU: `approximate` must be a bool, got {approximate!r}")
        self.approximate = approximate

    def construct(self, x):
        return jax.nn.gelu(unwrap(x), approximate=self.approximate)


def _check_float(value, name, who):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{who}: `{name}` must be a number, got {value!r}")
    return float(value)


def _check_axis(axis, who):
    if isinstance(axis, bool) or not isinstance(axis, (int, tuple, list)):
        raise TypeError(f"{who}: `axis` must be an int or a tuple of ints, got {axis!r}")
    return tuple(axis) if isinstance(axis, list) else axis
