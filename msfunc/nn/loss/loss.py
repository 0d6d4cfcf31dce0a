"""`LossBase` and the regression losses (MSE, L1, smooth L1, Huber, MAE, RMSE, Poisson and
Gaussian NLL), with MindSpore 2.10's signatures, defaults and reductions ('mean'/'sum'/'none').

`LossBase` is the pattern custom losses subclass: compute the elementwise loss in
``construct`` and return ``self.get_loss(x, weights)``. The classification losses are in
`classification`, the margin and embedding losses in `margin`.
"""

from __future__ import annotations

import jax.numpy as jnp

from ... import ops
from ...common import cpu_reduce
from ...common.tensor import unwrap
from ...ops.func_math import abs_sign_grad
from ..cell import Cell

__all__ = [
    "LossBase",
    "MSELoss",
    "L1Loss",
    "SmoothL1Loss",
    "HuberLoss",
    "PoissonNLLLoss",
    "GaussianNLLLoss",
    "MAELoss",
    "RMSELoss",
]

_REDUCTIONS = ("mean", "sum", "none")


def _check_reduction(reduction, who, allowed=_REDUCTIONS):
    if reduction not in allowed:
        raise ValueError(f"{who}: `reduction` must be one of {allowed}, got {reduction!r}")
    return reduction


def _reduce(x, reduction):
    if reduction == "mean":
        return cpu_reduce.reduce_mean(x)
    if reduction == "sum":
        return cpu_reduce.reduce_sum(x)
    return x


def _optional(v):
    return None if v is None else jnp.asarray(unwrap(v))


class LossBase(Cell):
    """Base of the losses: `get_loss` multiplies by `weights` and applies the reduction.

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): The prediction.
        labels (Tensor): The target.

    Outputs:
        Tensor, as the subclass computes it.

    Example:
        >>> import msfunc as ms
        >>> class Cube(ms.nn.LossBase):
        ...     def construct(self, logits, labels):
        ...         return self.get_loss((logits - labels) ** 3)
        >>> float(Cube(reduction="sum")(ms.Tensor([2.0, 3.0]), ms.Tensor([1.0, 1.0])))
        9.0
    """

    def __init__(self, reduction: str = "mean"):
        super().__init__()
        self.reduction = _check_reduction(reduction, type(self).__name__)
        self.average = reduction == "mean"
        self.reduce = reduction != "none"

    def get_axis(self, x):
        """All axes of `x`, as a tuple."""
        return tuple(range(jnp.ndim(unwrap(x))))

    def get_loss(self, x, weights=1.0):
        """``reduction(x * weights)``; x is computed in float32 as MindSpore does."""
        x = unwrap(x)
        input_dtype = x.dtype
        x = x.astype(jnp.float32) * unwrap(weights)
        return _reduce(x, self.reduction).astype(input_dtype)

    def construct(self, logits, labels):
        raise NotImplementedError(f"{type(self).__name__} must define construct()")


class MSELoss(LossBase):
    """(logits - labels) ** 2, reduced.

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): The prediction.
        labels (Tensor): The target, broadcastable to `logits`.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> float(ms.nn.MSELoss()(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 4.0])))
        2.0
    """

    def construct(self, logits, labels):
        return self.get_loss(jnp.square(unwrap(logits) - unwrap(labels)))


class L1Loss(LossBase):
    """|logits - labels|, reduced.

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): The prediction.
        labels (Tensor): The target, broadcastable to `logits`.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.L1Loss()(ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 4.0])).tolist()
        1.5
    """

    def construct(self, logits, labels):
        return self.get_loss(abs_sign_grad(unwrap(logits) - unwrap(labels)))


class SmoothL1Loss(LossBase):
    """0.5 d^2 / beta where |d| < beta, else |d| - beta / 2 (reduction 'none' by default).

    Args:
        beta (float): Where the quadratic part ends, above 0. Default: ``1.0``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"none"``.

    Inputs:
        logits (Tensor): The prediction, floating point.
        labels (Tensor): The target, `logits`' shape and dtype.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.SmoothL1Loss()(ms.Tensor([0.5, 3.0]), ms.Tensor([0.0, 0.0])).tolist()
        [0.125, 2.5]
    """

    def __init__(self, beta: float = 1.0, reduction: str = "none"):
        super().__init__(reduction)
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or beta <= 0:
            raise ValueError(f"SmoothL1Loss: `beta` must be a positive float, got {beta!r}")
        self.beta = float(beta)

    def construct(self, logits, labels):
        return ops.smooth_l1_loss(logits, labels, self.beta, self.reduction)


class HuberLoss(LossBase):
    """0.5 d^2 where |d| < delta, else delta (|d| - delta / 2).

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.
        delta (float): Where the quadratic part ends, above 0. Default: ``1.0``.

    Inputs:
        logits (Tensor): The prediction.
        labels (Tensor): The target, `logits`' shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x, y = ms.Tensor([0.5, 3.0]), ms.Tensor([0.0, 0.0])
        >>> ms.nn.HuberLoss()(x, y).tolist()  # mean of 0.125, 2.5
        1.3125
    """

    def __init__(self, reduction: str = "mean", delta: float = 1.0):
        super().__init__(reduction)
        if isinstance(delta, bool) or not isinstance(delta, (int, float)) or delta <= 0:
            raise ValueError(f"HuberLoss: `delta` must be a positive float, got {delta!r}")
        self.delta = float(delta)

    def construct(self, logits, labels):
        return ops.huber_loss(logits, labels, self.reduction, self.delta)


class PoissonNLLLoss(LossBase):
    """exp(x) - target * x (log_input) or x - target * log(x + eps); `full` adds Stirling's
    term for targets > 1.

    Args:
        log_input (bool): `input` is the log of the rate rather than the rate. Default: ``True``.
        full (bool): Add Stirling's term ``target log target - target + 0.5 log(2 pi target)``
            (for targets above 1). Default: ``False``.
        eps (float): Added inside the log when `log_input` is False. Default: ``1e-08``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        input (Tensor): The predicted rate (or its log).
        target (Tensor): The observed counts, `input`'s shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x, y = ms.Tensor([0.0, 1.0]), ms.Tensor([1.0, 2.0])
        >>> round(float(ms.nn.PoissonNLLLoss()(x, y)), 4)  # mean of exp(x) - y x
        0.8591
    """

    def __init__(
        self,
        log_input: bool = True,
        full: bool = False,
        eps: float = 1e-08,
        reduction: str = "mean",
    ):
        super().__init__(reduction)
        self.log_input, self.full, self.eps = bool(log_input), bool(full), float(eps)

    def construct(self, input, target):
        x, t = unwrap(input), unwrap(target).astype(unwrap(input).dtype)
        if self.log_input:
            loss = jnp.exp(x) - t * x
        else:
            loss = x - t * jnp.log(x + self.eps)
        if self.full:
            safe = jnp.where(t > 1, t, 2.0)
            stirling = safe * jnp.log(safe) - safe + 0.5 * jnp.log(2 * jnp.pi * safe)
            loss = loss + jnp.where(t > 1, stirling, 0.0)
        return self.get_loss(loss)


class GaussianNLLLoss(LossBase):
    """0.5 * (log var + (logits - labels)^2 / var) (+ 0.5 log 2 pi with `full`); var >= eps.

    Args:
        full (bool): Add the constant ``0.5 log(2 pi)``. Default: ``False``.
        eps (float): The smallest variance used, for stability. Default: ``1e-06``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): The predicted mean.
        labels (Tensor): The target, broadcastable to `logits`.
        var (Tensor): The predicted variance, positive, broadcastable to `logits`.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x, y, var = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 2.0]), ms.Tensor([1.0, 1.0])
        >>> round(float(ms.nn.GaussianNLLLoss()(x, y, var)), 4)  # mean of 0.5, 0
        0.25
    """

    def __init__(self, *, full: bool = False, eps: float = 1e-06, reduction: str = "mean"):
        super().__init__(reduction)
        if isinstance(eps, bool) or not isinstance(eps, (int, float)) or eps <= 0:
            raise ValueError(f"GaussianNLLLoss: `eps` must be a positive float, got {eps!r}")
        self.full, self.eps = bool(full), float(eps)

    def construct(self, logits, labels, var):
        return ops.gaussian_nll_loss(logits, labels, var, self.full, self.eps, self.reduction)


class MAELoss(LossBase):
    """Mean absolute error |logits - label|, reduced.

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): The prediction.
        label (Tensor): The target, broadcastable to `logits`.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.MAELoss()(ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 4.0])).tolist()
        1.5
    """

    def construct(self, logits, label):
        return self.get_loss(abs_sign_grad(unwrap(logits) - unwrap(label)))


class RMSELoss(LossBase):
    """sqrt(mean((logits - label) ** 2)).

    Inputs:
        logits (Tensor): The prediction.
        label (Tensor): The target, broadcastable to `logits`.

    Outputs:
        Tensor, a scalar.

    Example:
        >>> import msfunc as ms
        >>> x, y = ms.Tensor([0.0, 0.0]), ms.Tensor([3.0, 4.0])
        >>> round(float(ms.nn.RMSELoss()(x, y)), 4)  # sqrt(25 / 2)
        3.5355
    """

    def __init__(self):
        super().__init__("mean")

    def construct(self, logits, label):
        return jnp.sqrt(jnp.mean(jnp.square(unwrap(logits) - unwrap(label))))
