"""Margin and embedding losses: cosine embedding, margin ranking, triplet, hinge embedding and
the (multi-)margin losses, as Cells with MindSpore 2.10's signatures, defaults and reductions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import ops
from ...common.tensor import unwrap
from .loss import LossBase, _optional

if TYPE_CHECKING:
    from ...common.tensor import Tensor

__all__ = [
    "CosineEmbeddingLoss",
    "MarginRankingLoss",
    "TripletMarginLoss",
    "HingeEmbeddingLoss",
    "SoftMarginLoss",
    "MultiMarginLoss",
    "MultilabelMarginLoss",
]


class CosineEmbeddingLoss(LossBase):
    """1 - cos(x1, x2) where labels are 1, max(0, cos - margin) where they are -1.

    Args:
        margin (float): In [-1, 1]; dissimilar pairs with a cosine above it are penalised.
            Default: ``0.0``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits_x1 (Tensor): (N, D) first vectors.
        logits_x2 (Tensor): (N, D) second vectors.
        labels (Tensor): (N,) of 1 (similar) and -1 (dissimilar).

    Outputs:
        Tensor, a scalar, or (N,) with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x1, x2 = ms.Tensor([[1.0, 0.0]]), ms.Tensor([[0.0, 1.0]])
        >>> round(float(ms.nn.CosineEmbeddingLoss()(x1, x2, ms.Tensor([1]))), 4)  # 1 - cos
        1.0
    """

    def __init__(self, margin: float = 0.0, reduction: str = "mean"):
        super().__init__(reduction)
        if (
            isinstance(margin, bool)
            or not isinstance(margin, (int, float))
            or not -1.0 <= margin <= 1.0
        ):
            raise ValueError(
                f"CosineEmbeddingLoss: `margin` must be a float in [-1, 1], got {margin!r}"
            )
        self.margin = float(margin)

    def construct(self, logits_x1, logits_x2, labels):
        return ops.cosine_embedding_loss(logits_x1, logits_x2, labels, self.margin, self.reduction)


class MarginRankingLoss(LossBase):
    """max(0, -target * (input1 - input2) + margin).

    Args:
        margin (float): The required gap. Default: ``0.0``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        input1 (Tensor): The first scores.
        input2 (Tensor): The second scores, `input1`'s shape.
        target (Tensor): 1 where `input1` should rank higher, -1 where lower.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x1, x2 = ms.Tensor([1.0, 1.0]), ms.Tensor([0.0, 2.0])
        >>> loss = ms.nn.MarginRankingLoss(margin=0.5)(x1, x2, ms.Tensor([1.0, 1.0]))
        >>> round(float(loss), 4)  # mean of 0, 1.5
        0.75
    """

    def __init__(self, margin: float = 0.0, reduction: str = "mean"):
        super().__init__(reduction)
        self.margin = float(margin)

    def construct(self, input1, input2, target):
        return ops.margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class TripletMarginLoss(LossBase):
    """max(d(x, positive) - d(x, negative) + margin, 0) with p-norm distances.

    As in MindSpore, the margin used is the one passed to ``construct`` (default 1.0).

    Args:
        p (int): The norm of the distances. Default: ``2``.
        swap (bool): Use the smaller of d(anchor, negative) and d(positive, negative). Default:
            ``False``.
        eps (float): Added inside the distances for stability. Default: ``1e-06``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.
        margin (float): The required gap (the call's `margin` overrides it). Default: ``1.0``.

    Inputs:
        x (Tensor): (N, D) anchors.
        positive (Tensor): (N, D) samples of the anchor's class.
        negative (Tensor): (N, D) samples of another class.
        margin (Union[float, Tensor]): The gap for this call. Default: ``1.0``.

    Outputs:
        Tensor, a scalar, or (N,) with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> a, p, n = ms.Tensor([[0.0, 0.0]]), ms.Tensor([[3.0, 4.0]]), ms.Tensor([[1.0, 0.0]])
        >>> round(float(ms.nn.TripletMarginLoss()(a, p, n)), 4)  # max(5 - 1 + 1, 0)
        5.0
    """

    def __init__(
        self,
        p: int = 2,
        swap: bool = False,
        eps: float = 1e-06,
        reduction: str = "mean",
        margin: float = 1.0,
    ):
        super().__init__(reduction)
        self.p, self.swap, self.eps, self.margin = p, bool(swap), float(eps), float(margin)

    def construct(self, x, positive, negative, margin=1.0):
        return ops.triplet_margin_loss(
            x,
            positive,
            negative,
            float(unwrap(margin)),
            self.p,
            self.eps,
            self.swap,
            self.reduction,
        )


class HingeEmbeddingLoss(LossBase):
    """x where labels are 1, max(0, margin - x) where they are -1.

    Args:
        margin (float): The margin for the -1 labels. Default: ``1.0``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): Distances, any shape.
        labels (Tensor): 1 or -1, `logits`' shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x, y = ms.Tensor([0.3, 0.3]), ms.Tensor([1.0, -1.0])
        >>> round(float(ms.nn.HingeEmbeddingLoss()(x, y)), 4)  # mean of 0.3, 0.7
        0.5
    """

    def __init__(self, margin: float = 1.0, reduction: str = "mean"):
        super().__init__(reduction)
        if isinstance(margin, bool) or not isinstance(margin, (int, float)):
            raise TypeError(f"HingeEmbeddingLoss: `margin` must be a float, got {margin!r}")
        self.margin = float(margin)

    def construct(self, logits, labels):
        return ops.hinge_embedding_loss(logits, labels, self.margin, self.reduction)


class SoftMarginLoss(LossBase):
    """log(1 + exp(-labels * logits)), reduced.

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): Scores, any shape.
        labels (Tensor): 1 or -1, `logits`' shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x, y = ms.Tensor([0.0, 0.0]), ms.Tensor([1.0, -1.0])
        >>> round(float(ms.nn.SoftMarginLoss()(x, y)), 4)  # log 2
        0.6931
    """

    def construct(self, logits, labels):
        return ops.soft_margin_loss(logits, labels, self.reduction)


class MultiMarginLoss(LossBase):
    """Multi-class hinge: sum over i != y of max(0, margin - x_y + x_i)^p / C; the `weight`
    given to ``construct`` (else the one given here) scales each sample by its class.

    Args:
        p (int): 1 or 2, the hinge's exponent. Default: ``1``.
        margin (float): The required gap. Default: ``1.0``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.
        weight (Union[Tensor, None]): A weight per class (C,). Default: ``None``.

    Inputs:
        x (Tensor): (N, C) scores.
        target (Tensor): (N,) class indices.
        weight (Union[Tensor, None]): Overrides the constructor's `weight`. Default: ``None``.

    Outputs:
        Tensor, a scalar, or (N,) with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[0.1, 0.8, 0.4]])
        >>> round(float(ms.nn.MultiMarginLoss()(x, ms.Tensor([1]))), 4)  # (0.3 + 0.6) / 3
        0.3
    """

    def __init__(
        self, p: int = 1, margin: float = 1.0, reduction: str = "mean", weight: Tensor | None = None
    ):
        super().__init__(reduction)
        if p not in (1, 2):
            raise ValueError(f"MultiMarginLoss: `p` must be 1 or 2, got {p!r}")
        self.p, self.margin, self.weight = p, float(margin), _optional(weight)

    def construct(self, x, target, weight=None):
        w = self.weight if weight is None else weight
        return ops.multi_margin_loss(x, target, self.p, self.margin, w, self.reduction)


class MultilabelMarginLoss(LossBase):
    """Multi-label hinge; each row of `target` lists class indices, ended by the first -1.

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        x (Tensor): (N, C) or (C,) scores.
        target (Tensor): Integer, `x`'s shape: class indices, ended by the first -1.

    Outputs:
        Tensor, a scalar, or (N,) with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x, target = ms.Tensor([[0.1, 0.2, 0.4, 0.8]]), ms.Tensor([[3, 0, -1, 1]])
        >>> round(float(ms.nn.MultilabelMarginLoss()(x, target)), 4)  # targets 3, 0
        0.85
    """

    def construct(self, x, target):
        return ops.multilabel_margin_loss(x, target, self.reduction)
