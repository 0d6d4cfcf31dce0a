"""Loss Cells: MSELoss, L1Loss, BCEWithLogitsLoss, CrossEntropyLoss."""

import jax
import jax.numpy as jnp

from ..common.parameter import unwrap
from .cell import Cell

__all__ = ["LossBase", "MSELoss", "L1Loss", "BCEWithLogitsLoss", "CrossEntropyLoss"]

_REDUCTIONS = ("mean", "sum", "none")


def _check_reduction(reduction, who):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{who}: `reduction` must be one of {_REDUCTIONS}, got {reduction!r}")
    return reduction


def _reduce(x, reduction):
    if reduction == "mean":
        return jnp.mean(x)
    if reduction == "sum":
        return jnp.sum(x)
    return x


class LossBase(Cell):
    """Base of the losses: `get_loss` applies optional weights and the reduction."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = _check_reduction(reduction, type(self).__name__)

    def get_loss(self, x, weights=1.0):
        x = unwrap(x) * unwrap(weights)
        return _reduce(x, self.reduction)


class MSELoss(LossBase):
    """Mean squared error ``(logits - labels) ** 2`` with a reduction.

    Example:
        >>> import msfunc as ms
        >>> float(ms.nn.MSELoss()(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 4.0])))
        2.0
    """

    def construct(self, logits, labels):
        return self.get_loss(jnp.square(unwrap(logits) - unwrap(labels)))


class L1Loss(LossBase):
    """Mean absolute error with a reduction."""

    def construct(self, logits, labels):
        return self.get_loss(jnp.abs(unwrap(logits) - unwrap(labels)))


class BCEWithLogitsLoss(LossBase):
    """Binary cross entropy on logits, with optional `weight` and `pos_weight`.

    Example:
        >>> import msfunc as ms
        >>> loss = ms.nn.BCEWithLogitsLoss()
        >>> round(float(loss(ms.Tensor([0.0]), ms.Tensor([1.0]))), 6)
        0.693147
    """

    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__(reduction)
        self.weight = None if weight is None else jnp.asarray(unwrap(weight))
        self.pos_weight = None if pos_weight is None else jnp.asarray(unwrap(pos_weight))

    def construct(self, logits, labels):
        x, y = unwrap(logits), unwrap(labels)
        log_p = jax.nn.log_sigmoid(x)
        log_not_p = jax.nn.log_sigmoid(-x)
        pos = y * log_p if self.pos_weight is None else self.pos_weight * y * log_p
        loss = -(pos + (1 - y) * log_not_p)
        if self.weight is not None:
            loss = loss * self.weight
        return _reduce(loss, self.reduction)


class CrossEntropyLoss(LossBase):
    """Softmax cross entropy on logits ``(N, C, ...)`` with class-index or probability targets.

    Supports `weight` (per class), `ignore_index`, `label_smoothing` and reductions;
    a weighted mean divides by the summed weights of the non-ignored targets.

    Example:
        >>> import msfunc as ms
        >>> loss = ms.nn.CrossEntropyLoss()
        >>> round(float(loss(ms.Tensor([[0.0, 0.0]]), ms.Tensor([1], ms.int32))), 6)
        0.693147
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        if not 0.0 <= label_smoothing <= 1.0:
            raise ValueError("CrossEntropyLoss: `label_smoothing` must be in [0, 1], got "
                             f"{label_smoothing}")
        self.weight = None if weight is None else jnp.asarray(unwrap(weight))
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def construct(self, logits, labels):
        x, t = unwrap(logits), unwrap(labels)
        class_axis = 1 if x.ndim > 1 else 0
        n_classes = x.shape[class_axis]
        log_p = jax.nn.log_softmax(x, axis=class_axis)
        w = jnp.ones((n_classes,), log_p.dtype) if self.weight is None else self.weight
        w_shape = [1] * x.ndim
        w_shape[class_axis] = n_classes
        w_b = w.reshape(w_shape)
        if jnp.issubdtype(t.dtype, jnp.integer):
            return self._from_indices(log_p, t, w, w_b, class_axis, n_classes)
        return self._from_probabilities(log_p, t, w_b, class_axis, n_classes)

    def _from_indices(self, log_p, t, w, w_b, class_axis, n_classes):
        valid = t != self.ignore_index
        safe_t = jnp.where(valid, t, 0)
        picked = jnp.take_along_axis(log_p, jnp.expand_dims(safe_t, class_axis), class_axis)
        picked = jnp.squeeze(picked, class_axis)
        w_t = jnp.where(valid, w[safe_t], 0.0)
        nll = -w_t * picked
        smooth = -jnp.sum(log_p * w_b, axis=class_axis) * valid
        eps = self.label_smoothing
        if self.reduction == "mean":
            denom = jnp.sum(w_t)
            nll_r, smooth_r = jnp.sum(nll) / denom, jnp.sum(smooth) / denom
        elif self.reduction == "sum":
            nll_r, smooth_r = jnp.sum(nll), jnp.sum(smooth)
        else:
            nll_r, smooth_r = nll, smooth
        if eps == 0.0:
            return nll_r
        return (1 - eps) * nll_r + eps / n_classes * smooth_r

    def _from_probabilities(self, log_p, t, w_b, class_axis, n_classes):
        eps = self.label_smoothing
        if eps > 0:
            t = t * (1 - eps) + eps / n_classes
        loss = -jnp.sum(log_p * t * w_b, axis=class_axis)
        return _reduce(loss, self.reduction)
