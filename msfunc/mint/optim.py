"""``mindspore.mint.optim``: torch-style optimizers (``lr``, ``betas``) on msfunc's Optimizer.

Called as MindSpore calls them, ``optimizer(grads)``; the update rules are torch's
(Adam's epsilon after bias correction, AdamW's decoupled weight decay).

Example:
    >>> import msfunc as ms
    >>> from msfunc.mint import optim
    >>> w = ms.Parameter(ms.Tensor([1.0]), name="w")
    >>> _ = optim.SGD([w], lr=0.5)((ms.Tensor([2.0]),))
    >>> w.asnumpy().tolist()
    [0.0]
"""

import optax

from ..errors import UnsupportedError
from ..nn.optim import SGD as _MindSporeSGD
from ..nn.optim import Optimizer
from ._coverage import module_getattr

__all__ = ["SGD", "Adam", "AdamW", "FusedAdamW"]


def _no_maximize(maximize, who):
    if maximize:
        raise UnsupportedError(f"mint.optim.{who}: maximize=True is not supported yet; "
                               "minimise the negated loss")


class SGD(_MindSporeSGD):
    """SGD with momentum, dampening, Nesterov and L2 weight decay (torch's rule)."""

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False):
        _no_maximize(maximize, "SGD")
        super().__init__(params, learning_rate=lr, momentum=float(momentum),
                         dampening=float(dampening), weight_decay=float(weight_decay),
                         nesterov=nesterov)


class Adam(Optimizer):
    """Adam as torch computes it; ``weight_decay`` is L2 added to the gradient."""

    _decoupled = False

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False, *, maximize=False):
        who = type(self).__name__
        _no_maximize(maximize, who)
        beta1, beta2 = betas
        if not (0.0 <= beta1 < 1.0 and 0.0 <= beta2 < 1.0) or eps < 0 or weight_decay < 0:
            raise ValueError(f"mint.optim.{who}: need 0 <= betas < 1, eps >= 0 and "
                             f"weight_decay >= 0, got {betas}, {eps}, {weight_decay}")
        self.beta1, self.beta2, self.eps, self.amsgrad = beta1, beta2, eps, amsgrad
        self._wd = float(weight_decay)
        super().__init__(lr, params, 0.0 if self._decoupled else self._wd)

    def _direction(self):
        scale = optax.scale_by_amsgrad if self.amsgrad else optax.scale_by_adam
        direction = scale(self.beta1, self.beta2, self.eps)
        if self._decoupled and self._wd:
            return optax.chain(direction, optax.add_decayed_weights(self._wd))
        return direction


class AdamW(Adam):
    """Adam with decoupled weight decay: ``p -= lr * (adam_direction + weight_decay * p)``."""

    _decoupled = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)


class FusedAdamW(AdamW):
    """AdamW (MindSpore's fused kernel computes the same update)."""


__getattr__ = module_getattr("mindspore.mint.optim", __name__, {})
