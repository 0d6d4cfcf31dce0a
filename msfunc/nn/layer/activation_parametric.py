"""Activation Cells shaped by arguments or Parameters: LeakyReLU, ELU, shrinks, PReLU, LRN, ..."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ..cell import Cell
from .activation_elementwise import (
    _check_float,
    _Elementwise,
    _ElementwiseInput,
    _ElementwiseInputX,
)

if TYPE_CHECKING:
    from collections.abc import Sequence


class LeakyReLU(_Elementwise):
    """Leaky ReLU: ``x`` where ``x >= 0``, else ``alpha * x``.

    Args:
        alpha (float): The slope for negative input. Default: ``0.2``.

    Inputs:
        x (Tensor): Any shape.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.LeakyReLU(alpha=0.5)(ms.Tensor([-2.0, 3.0])).tolist()
        [-1.0, 3.0]
    """

    _fn = staticmethod(ops.leaky_relu)

    def __init__(self, alpha: float = 0.2):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "LeakyReLU")

    def _kwargs(self):
        return {"alpha": self.alpha}


class ELU(_Elementwise):
    """Exponential linear unit: ``x`` where ``x > 0``, else ``alpha * (exp(x) - 1)``.

    Args:
        alpha (float): The scale of the negative branch. Default: ``1.0``.

    Inputs:
        x (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.ELU()(ms.Tensor([-1.0, 2.0])).tolist()]
        [-0.6321, 2.0]
    """

    _fn = staticmethod(jax.nn.elu)

    def __init__(self, alpha: float = 1.0):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "ELU")

    def _kwargs(self):
        return {"alpha": self.alpha}


class CELU(_Elementwise):
    """Continuously differentiable ELU: ``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``.

    Args:
        alpha (float): The scale of the negative branch; must not be 0. Default: ``1.0``.

    Inputs:
        x (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> [round(v, 4) for v in ms.nn.CELU(alpha=0.5)(ms.Tensor([-1.0, 2.0])).tolist()]
        [-0.4323, 2.0]
    """

    _fn = staticmethod(ops.celu)

    def __init__(self, alpha: float = 1.0):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "CELU")
        if self.alpha == 0:
            raise ValueError("CELU: `alpha` must not be 0")

    def _kwargs(self):
        return {"alpha": self.alpha}


class Hardtanh(_Elementwise):
    """Clip every element to ``[min_val, max_val]``.

    Args:
        min_val (float): The lower bound. Default: ``-1.0``.
        max_val (float): The upper bound, at least `min_val`. Default: ``1.0``.

    Inputs:
        x (Tensor): Any shape.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Hardtanh()(ms.Tensor([-2.0, 0.5, 2.0])).tolist()
        [-1.0, 0.5, 1.0]
    """

    _fn = staticmethod(ops.hardtanh)

    def __init__(self, min_val: float = -1.0, max_val: float = 1.0):
        super().__init__()
        self.min_val = _check_float(min_val, "min_val", "Hardtanh")
        self.max_val = _check_float(max_val, "max_val", "Hardtanh")
        if self.min_val > self.max_val:
            raise ValueError(f"Hardtanh: `min_val` ({min_val}) must be <= `max_val` ({max_val})")

    def _kwargs(self):
        return {"min_val": self.min_val, "max_val": self.max_val}


class HShrink(_ElementwiseInput):
    """Hard shrink: ``x`` where ``|x| > lambd``, else 0.

    Args:
        lambd (float): The half-width of the zeroed band. Default: ``0.5``.

    Inputs:
        input (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.HShrink()(ms.Tensor([-1.0, 0.2, 0.5, 1.0])).tolist()
        [-1.0, 0.0, 0.0, 1.0]
    """

    _fn = staticmethod(ops.hardshrink)

    def __init__(self, lambd: float = 0.5):
        super().__init__()
        self.lambd = _check_float(lambd, "lambd", type(self).__name__)

    def _kwargs(self):
        return {"lambd": self.lambd}


class SoftShrink(HShrink):
    """Soft shrink: ``x - lambd`` above `lambd`, ``x + lambd`` below ``-lambd``, else 0.

    Args:
        lambd (float): The half-width of the zeroed band, at least 0. Default: ``0.5``.

    Inputs:
        input (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.SoftShrink()(ms.Tensor([-2.0, 0.25, 1.0])).tolist()
        [-1.5, 0.0, 0.5]
    """

    _fn = staticmethod(ops.softshrink)

    def __init__(self, lambd: float = 0.5):
        super().__init__(lambd)


class Threshold(_ElementwiseInputX):
    """``x`` where ``x > threshold``, else `value`.

    Args:
        threshold (float): Elements at or below it are replaced.
        value (float): What replaces them.

    Inputs:
        input_x (Tensor): Any shape.

    Outputs:
        Tensor of `input_x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Threshold(2.0, -1.0)(ms.Tensor([1.0, 2.0, 3.0])).tolist()
        [-1.0, -1.0, 3.0]
    """

    _fn = staticmethod(ops.threshold)

    def __init__(self, threshold: float, value: float):
        super().__init__()
        self.threshold = _check_float(threshold, "threshold", "Threshold")
        self.value = _check_float(value, "value", "Threshold")

    def _kwargs(self):
        return {"thr": self.threshold, "value": self.value}


class RReLU(Cell):
    """Randomised leaky ReLU: negative input is scaled by a slope drawn per element.

    The slope is drawn uniformly from ``[lower, upper]`` in training and inference alike, as
    MindSpore does; the draw uses msfunc's global random state (``ms.set_seed``).

    Args:
        lower (float): The smallest slope. Default: ``1/8``.
        upper (float): The largest slope, at least `lower`. Default: ``1/3``.

    Inputs:
        x (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> y = ms.nn.RReLU(lower=0.1, upper=0.3)(ms.Tensor([-1.0, 2.0])).tolist()
        >>> -0.3 <= y[0] <= -0.1, y[1]
        (True, 2.0)
    """

    def __init__(self, lower: float = 1 / 8, upper: float = 1 / 3):
        super().__init__()
        self.lower = _check_float(lower, "lower", "RReLU")
        self.upper = _check_float(upper, "upper", "RReLU")
        if self.lower > self.upper:
            raise ValueError(f"RReLU: `lower` ({lower}) must be <= `upper` ({upper})")

    def construct(self, x):
        return ops.rrelu(x, self.lower, self.upper)


class PReLU(Cell):
    """Leaky ReLU with a learnt slope `w`: one per channel of axis 1, or one shared.

    The Parameter is the attribute ``w`` named ``a``, as in MindSpore checkpoints.

    Args:
        channel (int): The number of slopes: 1 (shared) or the input's channel count.
            Default: ``1``.
        w (Union[float, list, Tensor]): The initial slope(s): one number, or `channel` of them.
            Default: ``0.25``.

    Inputs:
        x (Tensor): Floating point; axis 1 holds `channel` channels when ``channel > 1``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.PReLU()(ms.Tensor([-2.0, 3.0])).tolist()
        [-0.5, 3.0]
    """

    def __init__(self, channel: int = 1, w: float | Sequence[float] | Tensor = 0.25):
        super().__init__()
        if isinstance(channel, bool) or not isinstance(channel, int) or channel < 1:
            raise ValueError(f"PReLU: `channel` must be a positive int, got {channel!r}")
        if isinstance(w, (int, float)) and not isinstance(w, bool):
            value = jnp.full((channel,), w, jnp.float32)
        elif isinstance(w, (list, tuple, np.ndarray, jax.Array, Tensor)):
            value = jnp.asarray(w, jnp.float32).reshape(-1)
            if value.shape != (channel,):
                raise ValueError(f"PReLU: `w` must have {channel} elements, got {value.shape}")
        else:
            raise TypeError(f"PReLU: `w` must be a float, list or Tensor, got {type(w).__name__}")
        self.w = Parameter(value, name="a")

    def construct(self, x):
        return ops.prelu(x, self.w.value())


class PReLUExt(Cell):
    """PReLU with torch's argument names: `num_parameters` learnt slopes set to `init`.

    Args:
        num_parameters (int): The number of slopes: 1 or the input's channel count (axis 1).
            Default: ``1``.
        init (float): The initial slope. Default: ``0.25``.
        dtype (Union[mstype.Number, None]): The Parameter's dtype; ``None`` is float32.
            Default: ``None``.

    Inputs:
        input (Tensor): Floating point.

    Outputs:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.PReLUExt(num_parameters=1, init=0.25)(ms.Tensor([-4.0, 2.0])).tolist()
        [-1.0, 2.0]
    """

    def __init__(
        self, num_parameters: int = 1, init: float = 0.25, dtype: mstype.Number | None = None
    ):
        super().__init__()
        dt = mstype.float32 if dtype is None else dtype
        self.weight = Parameter(
            jnp.full((num_parameters,), init, mstype.dtype_to_nptype(dt)), name="weight"
        )

    def construct(self, input):
        return ops.prelu(input, self.weight.value())


class LRN(Cell):
    """Local response normalisation of NCHW input across neighbouring channels.

    Each element is divided by ``(bias + alpha * s) ** beta``, `s` the sum of squares over the
    channels within `depth_radius` of it.

    Args:
        depth_radius (int): How many channels on each side enter the sum. Default: ``5``.
        bias (float): Added to the scaled sum. Default: ``1.0``.
        alpha (float): Scale of the sum of squares. Default: ``1.0``.
        beta (float): Exponent. Default: ``0.5``.
        norm_region (str): Only ``"ACROSS_CHANNELS"``. Default: ``"ACROSS_CHANNELS"``.

    Inputs:
        input_x (Tensor): (N, C, H, W), floating point.

    Outputs:
        Tensor of `input_x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[[1.0]], [[2.0]]]])  # (N=1, C=2, H=1, W=1)
        >>> [round(v, 4) for v in ms.nn.LRN(depth_radius=1)(x).reshape(-1).tolist()]
        [0.4082, 0.8165]
    """

    def __init__(
        self,
        depth_radius: int = 5,
        bias: float = 1.0,
        alpha: float = 1.0,
        beta: float = 0.5,
        norm_region: str = "ACROSS_CHANNELS",
    ):
        super().__init__()
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, input_x):
        return ops.lrn(
            input_x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region
        )
