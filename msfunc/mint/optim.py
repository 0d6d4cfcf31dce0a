"""``mindspore.mint.optim``: torch-style optimizers (``lr``, ``betas``) on msfunc's Optimizer.

Called as MindSpore calls them, ``optimizer(grads)``; the update rules are torch's
(Adam's epsilon after bias correction, AdamW's decoupled weight decay), applied to
every Parameter (torch does not exempt 'beta'/'gamma' names as MindSpore's nn does).

Example:
    >>> import msfunc as ms
    >>> from msfunc.mint import optim
    >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
    >>> _ = optim.SGD([w], lr=0.5)((ms.Tensor([2.0]),))
    >>> w.asnumpy().tolist()
    [0.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import jax.numpy as jnp

from ..common.arg_docs import document_args
from ..errors import UnsupportedError
from ..nn.optim import SGD as _MindSporeSGD
from ..nn.optim import Optimizer
from ..nn.optim._base import as_lr, transformation, zeros
from ._coverage import module_getattr

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..common.parameter import Parameter
    from ..common.tensor import Tensor

__all__ = ["SGD", "Adam", "AdamW", "FusedAdamW", "torch_adam"]


# The Args entries of the torch-style optimizers (Adam's `weight_decay` is an L2 term, so it
# documents its own).
_TORCH_OPTIM_ARGS = """
params (Iterable[Parameter] | Iterable[dict[str, Any]]): The Parameters to train, or
    parameter groups (dicts with ``params`` and optional ``lr``, ``weight_decay``).
lr (float | Tensor): The learning rate. Default: ``0.001``.
betas (tuple[float, float]): The decay rates of the first and second moments.
    Default: ``(0.9, 0.999)``.
eps (float): Added to the denominator, for numerical stability. Default: ``1e-08``.
weight_decay (float): The decoupled decay coefficient. Default: ``0.01``.
amsgrad (bool): Whether the AMSGrad variant (the largest second moment so far) is
    used. Default: ``False``.
maximize (bool): Only ``False`` is supported. Default: ``False``.
"""


def _no_maximize(maximize: bool, who: str) -> None:
    if maximize:
        raise UnsupportedError(
            f"mint.optim.{who}: maximize=True is not supported yet; minimise the negated loss"
        )


@document_args(_TORCH_OPTIM_ARGS)
class SGD(_MindSporeSGD):
    """Stochastic gradient descent with momentum, dampening, Nesterov and L2 weight decay, as
    torch computes it.

    Each step: ``g += weight_decay * p``; ``buf = momentum * buf + (1 - dampening) * g`` (the
    first step: ``buf = g``); ``p -= lr * (g + momentum * buf if nesterov else buf)``.

    Args:
        {params}
        lr (float | Tensor): The learning rate.
        momentum (float): The momentum factor. Default: ``0``.
        dampening (float): The share of the gradient taken off in the momentum. Default:
            ``0``.
        weight_decay (float): The L2 penalty added to the gradient. Default: ``0``.
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
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        lr: float | Tensor,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        _no_maximize(maximize, "SGD")
        super().__init__(
            params,
            learning_rate=lr,  # pyright: ignore[reportArgumentType]  (Tensor rates too)
            momentum=float(momentum),
            dampening=float(dampening),
            weight_decay=float(weight_decay),
            nesterov=nesterov,
        )


def torch_adam(
    b1: float, b2: float, eps: float, weight_decay: float, decoupled: bool, amsgrad: bool
) -> Any:
    """torch's Adam/AdamW update as an optax transformation (it returns additive updates).

    Args:
        b1 (float): The decay rate of the first moment.
        b2 (float): The decay rate of the second moment.
        eps (float): Added to the bias-corrected root of the second moment.
        weight_decay (float): The weight decay coefficient.
        decoupled (bool): Whether the decay is AdamW's (added to the step) or Adam's (an L2
            term added to the gradient).
        amsgrad (bool): Whether the largest second moment seen so far is used.

    Returns:
        Any, an optax ``GradientTransformationExtraArgs`` whose state holds ``exp_avg``,
        ``exp_avg_sq`` (and ``max_exp_avg_sq``) per Parameter and the ``state_step``.

    Example:
        >>> import jax.numpy as jnp
        >>> tx = torch_adam(0.9, 0.999, 1e-8, 0.0, False, False)
        >>> p = (jnp.ones(1),)
        >>> u, _ = tx.update((jnp.full(1, 3.0),), tx.init(p), p, learning_rate=(0.1,))
        >>> round(float(u[0][0]), 4)  # the first step moves by lr whatever the gradient
        -0.1
    """

    def init(params):
        state = {
            "exp_avg": zeros(params),
            "exp_avg_sq": zeros(params),
            "state_step": jnp.zeros((1,), jnp.float32),
        }
        if amsgrad:
            state["max_exp_avg_sq"] = zeros(params)
        return state

    def update(grads, state, params, learning_rate, **_):
        t = state["state_step"] + 1
        out, ms, vs, vmaxes = [], [], [], []
        maxima = state.get("max_exp_avg_sq", state["exp_avg_sq"])
        for g, m, v, vmax, p, lr in zip(
            grads, state["exp_avg"], state["exp_avg_sq"], maxima, params, learning_rate
        ):
            if weight_decay and not decoupled:
                g = g + weight_decay * p
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            vmax = jnp.maximum(vmax, v) if amsgrad else v
            step = (m / (1 - b1**t)) / (jnp.sqrt(vmax / (1 - b2**t)) + eps)
            if weight_decay and decoupled:
                step = step + weight_decay * p
            out.append(-as_lr(lr, g) * step.astype(g.dtype))
            ms.append(m)
            vs.append(v)
            vmaxes.append(vmax)
        new = {"exp_avg": tuple(ms), "exp_avg_sq": tuple(vs), "state_step": t}
        if amsgrad:
            new["max_exp_avg_sq"] = tuple(vmaxes)
        return tuple(out), new

    return transformation(init, update)


@document_args(_TORCH_OPTIM_ARGS)
class Adam(Optimizer):
    """Adam as torch computes it; ``weight_decay`` is an L2 term added to the gradient.

    Unlike MindSpore's ``nn.Adam``, epsilon is added after the bias correction and every
    Parameter is decayed (none is exempted by its name).

    Args:
        {params}
        {lr}
        {betas}
        {eps}
        weight_decay (float): The L2 penalty added to the gradient. Default: ``0.0``.
        {amsgrad}
        {maximize}

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = Adam([w], lr=0.1)((ms.Tensor([5.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.9
    """

    _STATE_NAMES = {
        "exp_avg": "exp_avg.{}",
        "exp_avg_sq": "exp_avg_sq.{}",
        "max_exp_avg_sq": "max_exp_avg_sq.{}",
        "state_step": "state_step",
    }
    _decoupled = False

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        lr: float | Tensor = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        who = type(self).__name__
        _no_maximize(maximize, who)
        beta1, beta2 = betas
        if not (0.0 <= beta1 < 1.0 and 0.0 <= beta2 < 1.0) or eps < 0 or weight_decay < 0:
            raise ValueError(
                f"mint.optim.{who}: need 0 <= betas < 1, eps >= 0 and "
                f"weight_decay >= 0, got {betas}, {eps}, {weight_decay}"
            )
        self.beta1, self.beta2, self.eps, self.amsgrad = beta1, beta2, eps, bool(amsgrad)
        self._wd = float(weight_decay)
        super().__init__(lr, params, 0.0)  # the decay is applied in torch_adam, unfiltered

    def _transformation(self):
        return torch_adam(self.beta1, self.beta2, self.eps, self._wd, self._decoupled, self.amsgrad)


@document_args(_TORCH_OPTIM_ARGS)
class AdamW(Adam):
    """Adam with decoupled weight decay: ``p -= lr * (adam_direction + weight_decay * p)``.

    Args:
        {args}

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = AdamW([w], lr=0.1, weight_decay=0.5)((ms.Tensor([5.0]),))
        >>> round(float(w.asnumpy()[0]), 4)
        0.85
    """

    _decoupled = True

    def __init__(
        self,
        params: Iterable[Parameter] | Iterable[dict[str, Any]],
        lr: float | Tensor = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)


@document_args(_TORCH_OPTIM_ARGS)
class FusedAdamW(AdamW):
    """AdamW under the name of MindSpore's fused kernel, which computes the same update.

    Args:
        {args}

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
        >>> _ = FusedAdamW([w], lr=0.1, weight_decay=0.5)((ms.Tensor([5.0]),))
        >>> round(float(w.asnumpy()[0]), 4)  # as AdamW: 1 - 0.1 * (1 + 0.5 * 1)
        0.85
    """


__getattr__ = module_getattr("mindspore.mint.optim", __name__, {})
