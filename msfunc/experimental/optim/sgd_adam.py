"""``mindspore.experimental.optim`` SGD, Adam and AdamW: torch's options, MindSpore's kernels."""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import ops as _ops
from ...common import dtype as mstype
from ...common.arg_docs import document_args
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from .optimizer import Optimizer

# The ops are called with Tensors and Parameters (their signatures name ArrayLike).
ops: Any = _ops


# The Args entries the optimizers share.
_OPTIM_ARGS = """
params (Iterable[Parameter] | Iterable[dict]): The Parameters, or parameter groups (dicts
    with ``params`` and the options they set).
lr (float | Tensor): The learning rate. Default: ``1e-3``.
betas (tuple[float, float]): The moments' decay rates. Default: ``(0.9, 0.999)``.
eps (float): Added to the denominator. Default: ``1e-8``.
maximize (bool): Whether the objective is maximised. Default: ``False``.
"""


def _check_number(value: Any, name: str, who: str) -> None:
    if not isinstance(value, (float, int)) or isinstance(value, bool):
        raise TypeError(f"{who}: {name} must be an int or float, got {type(value).__name__}")


def _check_adam_args(lr: Any, betas: Any, eps: float, weight_decay: float, who: str) -> None:
    if not isinstance(lr, Tensor):
        _check_number(lr, "lr", who)
    if float(lr) < 0.0:
        raise ValueError(f"{who}: lr must be >= 0, got {lr}")
    if eps < 0.0:
        raise ValueError(f"{who}: eps must be >= 0, got {eps}")
    for i in (0, 1):
        if not 0.0 <= betas[i] < 1.0:
            raise ValueError(f"{who}: betas[{i}] must be in [0, 1), got {betas[i]}")
    if weight_decay < 0.0:
        raise ValueError(f"{who}: weight_decay must be >= 0, got {weight_decay}")


def _grads(gradients: Any, start: int, end: int, maximize: bool) -> tuple:
    return tuple(ops.neg(g) if maximize else g for g in gradients[start:end])


@document_args(_OPTIM_ARGS)
class SGD(Optimizer):
    """Stochastic gradient descent with momentum, dampening, Nesterov momentum and L2 decay.

    Per Parameter: ``g += weight_decay * p``; with momentum, ``buf = g`` on the first step and
    ``buf = momentum * buf + (1 - dampening) * g`` after, then ``g = g + momentum * buf``
    (Nesterov) or ``g = buf``; ``p -= lr * g``.

    Args:
        {params}
        lr (float | int | Tensor): The learning rate.
        momentum (float): The momentum factor. Default: ``0``.
        dampening (float): The share of the gradient left out of the momentum. Default: ``0``.
        weight_decay (float): The L2 penalty. Default: ``0.0``.
        nesterov (bool): Whether Nesterov momentum is used. Default: ``False``.
        {maximize}

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> opt = SGD([w], lr=0.1, momentum=0.9)
        >>> _ = opt((ms.Tensor([1.0]),)); _ = opt((ms.Tensor([1.0]),))
        >>> round(float(w.asnumpy()[0]), 4)  # 1 - 0.1 * 1 - 0.1 * (0.9 + 1)
        0.71
    """

    def __init__(
        self,
        params: Any,
        lr: Any,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0.0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        if not isinstance(lr, Tensor):
            _check_number(lr, "lr", "SGD")
        if float(lr) < 0.0:
            raise ValueError(f"SGD: lr must be >= 0, got {lr}")
        _check_number(momentum, "momentum", "SGD")
        if momentum < 0.0:
            raise ValueError(f"SGD: momentum must be >= 0, got {momentum}")
        for name, flag in (("nesterov", nesterov), ("maximize", maximize)):
            if not isinstance(flag, bool):
                raise TypeError(f"SGD: {name} must be a bool, got {type(flag).__name__}")
        defaults = {
            "lr": lr,
            "momentum": float(momentum),
            "dampening": dampening,
            "weight_decay": weight_decay,
            "nesterov": nesterov,
            "maximize": maximize,
            "grad_centralization": False,
        }
        super().__init__(params, defaults)
        for group in self.param_groups:
            _check_number(group.get("dampening"), "dampening", "SGD")
            group["dampening"] = float(group["dampening"])
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("SGD: nesterov=True needs momentum > 0 and dampening == 0")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.stat = self.parameters.clone(prefix="stat", init="ones")

    def construct(self, gradients: Any) -> Any:
        for group_id, group in enumerate(self.param_groups):
            start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
            lr = self._group_rate(group_id)
            momentum = group["momentum"]
            grads = _grads(gradients, start, end, group["maximize"])
            grads = self._decay_weight(group["weight_decay"], self.parameters[start:end], grads)
            for i, g in enumerate(grads):
                param, accum, stat = (
                    self.parameters[start + i],
                    self.accum[start + i],
                    self.stat[start + i],
                )
                if momentum > 0.0:
                    # The first step (stat still 1) starts the buffer at the gradient itself.
                    buf = ops.where(stat > 0, g, accum * momentum + g * (1.0 - group["dampening"]))
                    ops.assign(accum, buf)
                    ops.assign(stat, ops.zeros_like(stat))
                    g = g + buf * momentum if group["nesterov"] else buf
                ops.assign(param, param - g * ops.cast(lr, param.dtype))
        return True


class _AdamBase(Optimizer):
    """The moments and the step counter Adam and AdamW keep."""

    def __init__(self, params, lr, betas, eps, weight_decay, amsgrad, maximize, who) -> None:
        _check_adam_args(lr, betas, eps, weight_decay, who)
        defaults = {
            "lr": lr,
            "betas": betas,
            "eps": eps,
            "weight_decay": weight_decay,
            "amsgrad": amsgrad,
            "maximize": maximize,
        }
        super().__init__(params, defaults)
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.max_exp_avg_sq = self.parameters.clone(prefix="max_exp_avg_sq", init="zeros")
        self.state_step = Parameter(Tensor(np.int32(0)), name="state_step")

    def _powers(self, beta1: float, beta2: float) -> tuple:
        step = ops.cast(self.state_step, mstype.float32)
        return ops.pow(Tensor(np.float32(beta1)), step), ops.pow(Tensor(np.float32(beta2)), step)


@document_args(_OPTIM_ARGS)
class Adam(_AdamBase):
    """Adam, each step through MindSpore's Adam kernel:
    ``p -= lr * sqrt(1 - beta2^t) / (1 - beta1^t) * m / (sqrt(v) + eps)``.

    ``weight_decay`` adds ``weight_decay * p`` to the gradient. As in MindSpore 2.10,
    ``amsgrad`` is accepted and kept in the groups but the update does not use it.

    Args:
        {params}
        {lr}
        {betas}
        {eps}
        weight_decay (float): The L2 penalty. Default: ``0.0``.
        amsgrad (bool): Kept in the groups (unused). Default: ``False``.
        {maximize}

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = Adam([w], lr=0.1)((ms.Tensor([5.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize, "Adam")

    def construct(self, gradients: Any) -> Any:
        ops.assign_add(self.state_step, Tensor(np.int32(1)))
        for group_id, group in enumerate(self.param_groups):
            start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
            beta1, beta2 = group["betas"]
            beta1_power, beta2_power = self._powers(beta1, beta2)
            params = self.parameters[start:end]
            grads = _grads(gradients, start, end, group["maximize"])
            grads = self._decay_weight(group["weight_decay"], params, grads)
            kernel = ops.Adam(False, False)
            lr = self._group_rate(group_id)
            for i, g in enumerate(grads):
                kernel(
                    params[i],
                    self.exp_avg[start + i],
                    self.exp_avg_sq[start + i],
                    beta1_power,
                    beta2_power,
                    lr,
                    beta1,
                    beta2,
                    group["eps"],
                    g,
                )
        return True


@document_args(_OPTIM_ARGS)
class AdamW(_AdamBase):
    """AdamW: decoupled weight decay ``p *= 1 - lr * weight_decay``, then torch's Adam step
    (``eps`` added after the bias correction), with the AMSGrad variant on request.

    Args:
        {params}
        {lr}
        {betas}
        {eps}
        weight_decay (float): The decoupled decay. Default: ``1e-2``.
        amsgrad (bool): Whether the largest second moment so far is used. Default: ``False``.
        {maximize}

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = AdamW([w], lr=0.1, weight_decay=0.0)((ms.Tensor([5.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize, "AdamW")

    def construct(self, gradients: Any) -> Any:
        ops.assign_add(self.state_step, Tensor(np.int32(1)))
        for group_id, group in enumerate(self.param_groups):
            start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
            beta1, beta2 = group["betas"]
            beta1_power, beta2_power = self._powers(beta1, beta2)
            lr = self._group_rate(group_id)
            decay = 1 - lr * group["weight_decay"]
            step_size = lr / (1 - beta1_power)
            correction2 = ops.sqrt(1 - beta2_power)
            # MindSpore's compiled update takes the betas as float32 constants: 1 - beta is
            # rounded in float32 (1 - 0.999 there is 0.00099998713).
            b1: Any = Tensor(np.float32(beta1))
            b2: Any = Tensor(np.float32(beta2))
            grads = _grads(gradients, start, end, group["maximize"])
            for i, g in enumerate(grads):
                j = start + i
                param, m, v = self.parameters[j], self.exp_avg[j], self.exp_avg_sq[j]
                decayed = param * decay
                ops.assign(m, m * b1 + g * (1 - b1))
                ops.assign(v, v * b2 + g * g * (1 - b2))
                if group["amsgrad"]:
                    largest = ops.maximum(self.max_exp_avg_sq[j], v)
                    ops.assign(self.max_exp_avg_sq[j], largest)
                    denom = ops.sqrt(largest) / correction2 + group["eps"]
                else:
                    denom = ops.sqrt(v) / correction2 + group["eps"]
                ops.assign(param, decayed - m / denom * step_size)
        return True
