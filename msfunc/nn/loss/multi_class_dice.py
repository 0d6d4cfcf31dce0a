"""MultiClassDiceLoss: the Dice loss of each class channel, weighted and averaged."""

from __future__ import annotations

import jax.numpy as jnp

from ...common.tensor import Tensor, unwrap
from ..cell import Cell
from ..layer.activation import get_activation
from .loss import LossBase

__all__ = ["MultiClassDiceLoss"]

_ACTIVATIONS = ("softmax", "logsoftmax", "relu", "relu6", "tanh", "sigmoid")
_SMOOTH = 1e-5  # the smoothing of the per-class Dice loss, as in DiceLoss's default


def _dice(x, y):
    """1 - 2 sum(x y) / (sum(x^2) + sum(y^2) + smooth) over all elements."""
    inter = jnp.sum(x * y)
    union = jnp.sum(x * x) + jnp.sum(y * y)
    return 1 - 2 * inter / (union + _SMOOTH)


class MultiClassDiceLoss(LossBase):
    """Mean over the C classes (axis 1) of ``weights[i] * dice(act(logits)[:, i], labels[:, i])``.

    `labels` is one-hot, with the logits' shape (N, C, ...). `activation` is applied to the
    logits first: a name ('softmax', 'logsoftmax', 'relu', 'relu6', 'tanh', 'sigmoid'; the
    softmax is over the last axis), a Cell, or None. `weights` is a 2-D Tensor with a row per
    class (the loss then has the rows' shape); the class `ignore_indiex` (MindSpore's
    spelling) adds nothing, yet still counts in the divisor C.

    Args:
        weights (Union[Tensor, None]): A 2-D weight, a row per class. Default: ``None``.
        ignore_indiex (Union[int, None]): A class left out of the sum. Default: ``None``.
        activation (Union[str, Cell, None]): Applied to the logits first. Default: ``"softmax"``.

    Inputs:
        logits (Tensor): (N, C, ...) scores.
        label (Tensor): One-hot, `logits`' shape.

    Outputs:
        Tensor, a scalar (or the weights' row shape).

    Example:
        >>> import msfunc as ms
        >>> loss = ms.nn.MultiClassDiceLoss(activation=None)
        >>> round(float(loss(ms.Tensor([[1.0, 0.0]]), ms.Tensor([[1.0, 0.0]]))), 4)
        0.5
    """

    def __init__(
        self,
        weights: Tensor | None = None,
        ignore_indiex: int | None = None,
        activation: str | Cell | None = "softmax",
    ):
        super().__init__()
        who = "MultiClassDiceLoss"
        if weights is not None:
            if not isinstance(weights, Tensor):
                raise TypeError(
                    f"{who}: `weights` must be a Tensor or None, got {type(weights).__name__}"
                )
            if weights.ndim != 2:
                raise ValueError(
                    f"{who}: `weights` must be 2-D (a row per class), got {weights.ndim}-D"
                )
        if ignore_indiex is not None and (
            isinstance(ignore_indiex, bool) or not isinstance(ignore_indiex, int)
        ):
            raise TypeError(
                f"{who}: `ignore_indiex` must be an int or None, got {type(ignore_indiex).__name__}"
            )
        if isinstance(activation, str):
            if activation not in _ACTIVATIONS:
                raise ValueError(
                    f"{who}: `activation` must be one of {_ACTIVATIONS}, a Cell "
                    f"or None, got {activation!r}"
                )
            activation = get_activation(activation)
        elif activation is not None and not isinstance(activation, Cell):
            raise TypeError(
                f"{who}: `activation` must be a str, a Cell or None, got "
                f"{type(activation).__name__}"
            )
        self.weights = None if weights is None else unwrap(weights)
        self.ignore_indiex = ignore_indiex
        self.activation = activation

    def construct(self, logits, label):
        who = "MultiClassDiceLoss"
        for name, value in (("logits", logits), ("labels", label)):
            if not isinstance(value, Tensor):
                raise TypeError(f"{who}: `{name}` must be a Tensor, got {type(value).__name__}")
        x, y = unwrap(logits), unwrap(label)
        if x.shape != y.shape:
            raise ValueError(
                f"{who}: `logits` {x.shape} and `labels` {y.shape} must have the same shape"
            )
        if x.ndim < 2:
            raise ValueError(
                f"{who}: `logits` and `labels` must be at least 2-D (N, C, ...), got {x.ndim}-D"
            )
        classes = y.shape[1]
        if self.weights is not None and self.weights.shape[0] != classes:
            raise ValueError(
                f"{who}: `weights` has {self.weights.shape[0]} rows for {classes} classes"
            )
        if self.activation is not None:
            x = unwrap(self.activation(x))
        total = 0.0
        for i in range(classes):
            if i == self.ignore_indiex:
                continue
            loss = _dice(x[:, i], y[:, i])
            total = total + (loss if self.weights is None else loss * self.weights[i])
        return total / classes
