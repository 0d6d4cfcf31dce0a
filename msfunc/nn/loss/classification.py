"""Classification losses: cross entropy, NLL, binary cross entropy, KL divergence, CTC, focal
and Dice, as Cells with MindSpore 2.10's signatures, defaults and reductions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ... import ops
from ...common import cpu_softmax_ce
from ...common.tensor import unwrap, wrap
from ..cell import Cell
from .loss import _REDUCTIONS, LossBase, _check_reduction, _optional

if TYPE_CHECKING:
    from ...common.tensor import Tensor

__all__ = [
    "CrossEntropyLoss",
    "NLLLoss",
    "BCELoss",
    "BCEWithLogitsLoss",
    "SoftmaxCrossEntropyWithLogits",
    "KLDivLoss",
    "CTCLoss",
    "MultiLabelSoftMarginLoss",
    "FocalLoss",
    "DiceLoss",
]


class CrossEntropyLoss(LossBase):
    """Softmax cross entropy of logits (N, C, ...) against class indices or probabilities.

    Supports per-class `weight`, `ignore_index` and `label_smoothing`; a 'mean' over class
    indices divides by the summed weights of the targets not ignored.

    Args:
        weight (Union[Tensor, None]): A rescaling weight per class (C,). Default: ``None``.
        ignore_index (int): A class index whose samples add nothing (nor count in the mean).
            Default: ``-100``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.
        label_smoothing (float): In [0, 1]: mixes the target with the uniform distribution.
            Default: ``0.0``.

    Inputs:
        logits (Tensor): (N, C), (N, C, d1, ...) or (C,) unnormalised scores.
        labels (Tensor): Class indices (N, ...) or probabilities with `logits`' shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> loss = ms.nn.CrossEntropyLoss()
        >>> round(float(loss(ms.Tensor([[0.0, 0.0]]), ms.Tensor([1], ms.int32))), 6)
        0.693147
    """

    def __init__(
        self,
        weight: Tensor | None = None,
        ignore_index: int = -100,
        reduction: str = "mean",
        label_smoothing: float = 0.0,
    ):
        super().__init__(reduction)
        if isinstance(label_smoothing, bool) or not isinstance(label_smoothing, (int, float)):
            raise TypeError(
                "CrossEntropyLoss: `label_smoothing` must be a float, got "
                f"{type(label_smoothing).__name__}"
            )
        if not 0.0 <= label_smoothing <= 1.0:
            raise ValueError(
                f"CrossEntropyLoss: `label_smoothing` must be in [0, 1], got {label_smoothing!r}"
            )
        if isinstance(ignore_index, bool) or not isinstance(ignore_index, int):
            raise TypeError(
                f"CrossEntropyLoss: `ignore_index` must be an int, got {ignore_index!r}"
            )
        self.weight = _optional(weight)
        self.ignore_index = ignore_index
        self.label_smoothing = float(label_smoothing)

    def construct(self, logits, labels):
        x, t = unwrap(logits), unwrap(labels)
        if x.ndim == 1:  # a single sample (C,)
            out = ops.cross_entropy(
                x[None],
                t[None],
                self.weight,
                self.ignore_index,
                self.reduction,
                self.label_smoothing,
            )
            return out[0] if self.reduction == "none" else out
        return ops.cross_entropy(
            x, t, self.weight, self.ignore_index, self.reduction, self.label_smoothing
        )


class NLLLoss(LossBase):
    """Negative log-likelihood of log-probabilities (N, C, ...) at class indices.

    Args:
        weight (Union[Tensor, None]): A rescaling weight per class (C,). Default: ``None``.
        ignore_index (int): A class index whose samples add nothing. Default: ``-100``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): (N, C) or (N, C, d1, ...) log-probabilities.
        labels (Tensor): Integer class indices (N, ...).

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> logp = ms.ops.log(ms.Tensor([[0.5, 0.25, 0.25], [0.1, 0.1, 0.8]]))
        >>> round(float(ms.nn.NLLLoss()(logp, ms.Tensor([0, 2]))), 4)  # mean of -log .5, -log .8
        0.4581
    """

    def __init__(
        self, weight: Tensor | None = None, ignore_index: int = -100, reduction: str = "mean"
    ):
        super().__init__(reduction)
        self.weight = _optional(weight)
        self.ignore_index = ignore_index

    def construct(self, logits, labels):
        return ops.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class BCELoss(LossBase):
    """Binary cross entropy of probabilities (logs clamped at -100), optionally weighted.

    Args:
        weight (Union[Tensor, None]): A weight per element, broadcastable to the input. Default:
            ``None``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): Probabilities in [0, 1].
        labels (Tensor): Targets in [0, 1], `logits`' shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> p, y = ms.Tensor([0.8, 0.4]), ms.Tensor([1.0, 0.0])
        >>> round(float(ms.nn.BCELoss()(p, y)), 4)  # mean of -log 0.8, -log 0.6
        0.367
    """

    def __init__(self, weight: Tensor | None = None, reduction: str = "mean"):
        super().__init__(reduction)
        self.weight = _optional(weight)

    def construct(self, logits, labels):
        return ops.binary_cross_entropy(logits, labels, self.weight, self.reduction)


class BCEWithLogitsLoss(LossBase):
    """Binary cross entropy on logits, with optional `weight` and `pos_weight`.

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.
        weight (Union[Tensor, None]): A weight per element, broadcastable to the input. Default:
            ``None``.
        pos_weight (Union[Tensor, None]): A weight of the positive term per class, broadcastable
            to the input. Default: ``None``.

    Inputs:
        input (Tensor): Logits, any shape.
        target (Tensor): Targets in [0, 1], `input`'s shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> loss = ms.nn.BCEWithLogitsLoss()
        >>> round(float(loss(ms.Tensor([0.0]), ms.Tensor([1.0]))), 6)
        0.693147
    """

    def __init__(
        self,
        reduction: str = "mean",
        weight: Tensor | None = None,
        pos_weight: Tensor | None = None,
    ):
        super().__init__(reduction)
        self.weight = _optional(weight)
        self.pos_weight = _optional(pos_weight)

    def construct(self, input, target):
        return ops.binary_cross_entropy_with_logits(
            input, target, self.weight, self.pos_weight, self.reduction
        )


class SoftmaxCrossEntropyWithLogits(LossBase):
    """Per-sample softmax cross entropy of (N, C) logits; labels one-hot (N, C), or class
    indices (N,) with `sparse`. Default reduction 'none'.

    Args:
        sparse (bool): `labels` are class indices rather than one-hot rows. Default: ``False``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"none"``.

    Inputs:
        logits (Tensor): (N, C) unnormalised scores.
        labels (Tensor): One-hot (N, C), or integer indices (N,) with `sparse`.

    Outputs:
        Tensor (N,) per sample, or a scalar when reduced.

    Example:
        >>> import msfunc as ms
        >>> logits = ms.Tensor([[0.0, 0.0], [0.0, 0.0]])
        >>> loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True)(logits, ms.Tensor([0, 1]))
        >>> [round(v, 4) for v in loss.tolist()]  # log 2 each
        [0.6931, 0.6931]
    """

    def __init__(self, sparse: bool = False, reduction: str = "none"):
        super().__init__(reduction)
        self.sparse = bool(sparse)

    def construct(self, logits, labels):
        x, y = unwrap(logits), unwrap(labels)
        if self.sparse and self.reduction == "mean" and x.ndim > 2:
            # MindSpore's sparse mean form (its SparseSoftmaxCrossEntropyWithLogits) takes
            # logits (..., C) with labels (...): the mean over every position
            x, y = x.reshape(-1, x.shape[-1]), y.reshape(-1)
        if x.ndim != 2:
            raise ValueError(
                f"SoftmaxCrossEntropyWithLogits: `logits` must be (N, C), got shape {x.shape}"
            )
        if self.sparse:
            if not jnp.issubdtype(y.dtype, jnp.integer):
                raise TypeError(
                    "SoftmaxCrossEntropyWithLogits: sparse `labels` must be "
                    f"integer class indices, got {y.dtype}"
                )
            if cpu_softmax_ce.applies(x) and self.reduction == "mean":
                return wrap(cpu_softmax_ce.sparse_mean_loss(x, y))  # MindSpore's sparse kernel
            y = jax.nn.one_hot(y, x.shape[1], dtype=x.dtype)
        if cpu_softmax_ce.applies(x):  # MindSpore's dense CPU kernel
            return self.get_loss(cpu_softmax_ce.dense_loss(x, y.astype(x.dtype))[0])
        loss = -jnp.sum(jax.nn.log_softmax(x, axis=-1) * y.astype(x.dtype), axis=-1)
        return self.get_loss(loss)


class KLDivLoss(LossBase):
    """labels * (log(labels) - logits), where `logits` are log-probabilities; reduction
    'mean', 'sum', 'none' or 'batchmean'.

    Args:
        reduction (str): ``"mean"``, ``"batchmean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): Log-probabilities.
        labels (Tensor): Probabilities, `logits`' shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> logits, labels = ms.ops.log(ms.Tensor([0.5, 0.5])), ms.Tensor([0.25, 0.75])
        >>> round(float(ms.nn.KLDivLoss(reduction='sum')(logits, labels)), 4)
        0.1308
    """

    def __init__(self, reduction: str = "mean"):
        Cell.__init__(self)
        self.reduction = _check_reduction(reduction, "KLDivLoss", _REDUCTIONS + ("batchmean",))

    def construct(self, logits, labels):
        return ops.kl_div(logits, labels, self.reduction)


class CTCLoss(LossBase):
    """Connectionist temporal classification loss of (T, N, C) log-probabilities; 'mean'
    divides each sample's loss by its target length, then averages.

    Args:
        blank (int): The blank label's index. Default: ``0``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.
        zero_infinity (bool): Replace infinite losses (impossible alignments) and their
            gradients by 0. Default: ``False``.

    Inputs:
        log_probs (Tensor): (T, N, C) log-probabilities.
        targets (Tensor): (N, S) label indices (padded), or the targets concatenated.
        input_lengths (Tensor): (N,) the valid length of each input.
        target_lengths (Tensor): (N,) the length of each target.

    Outputs:
        Tensor (N,) with reduction ``"none"``, else a scalar.

    Example:
        >>> import msfunc as ms
        >>> log_probs = ms.ops.log(ms.ops.full((2, 1, 2), 0.5))  # (T, N, C), blank 0
        >>> targets, in_lens, target_lens = ms.Tensor([[1]]), ms.Tensor([2]), ms.Tensor([1])
        >>> loss = ms.nn.CTCLoss(reduction='sum')(log_probs, targets, in_lens, target_lens)
        >>> round(float(loss), 4)  # -log 0.75
        0.2877
    """

    def __init__(self, blank: int = 0, reduction: str = "mean", zero_infinity: bool = False):
        super().__init__(reduction)
        if isinstance(blank, bool) or not isinstance(blank, int) or blank < 0:
            raise ValueError(f"CTCLoss: `blank` must be a non-negative int, got {blank!r}")
        self.blank, self.zero_infinity = blank, bool(zero_infinity)

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        loss, _ = ops.ctc_loss(
            log_probs,
            targets,
            input_lengths,
            target_lengths,
            self.blank,
            self.reduction,
            self.zero_infinity,
        )
        return loss


class MultiLabelSoftMarginLoss(LossBase):
    """-mean over classes of y log sigmoid(x) + (1 - y) log sigmoid(-x), optionally weighted.

    Args:
        weight (Union[Tensor, None]): A weight per class (C,). Default: ``None``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        x (Tensor): (N, C) logits.
        target (Tensor): (N, C) of 0 and 1.

    Outputs:
        Tensor, a scalar, or (N,) with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> x, y = ms.Tensor([[0.0, 0.0]]), ms.Tensor([[1.0, 0.0]])
        >>> round(float(ms.nn.MultiLabelSoftMarginLoss()(x, y)), 4)  # log 2
        0.6931
    """

    def __init__(self, weight: Tensor | None = None, reduction: str = "mean"):
        super().__init__(reduction)
        self.weight = _optional(weight)

    def construct(self, x, target):
        return ops.multilabel_soft_margin_loss(x, target, self.weight, self.reduction)


class FocalLoss(LossBase):
    """-(1 - p_t)^gamma log p_t averaged over classes, of (N, C[, ...]) logits.

    `labels` has the logits' rank: class indices with a channel dim of 1, or per-class
    targets with C channels (broadcast against the logits). `weight` scales each class's
    log-probability.

    Args:
        weight (Union[Tensor, None]): A weight per class (C,). Default: ``None``.
        gamma (float): The focusing exponent, at least 0. Default: ``2.0``.
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Inputs:
        logits (Tensor): (N, C) or (N, C, ...) unnormalised scores.
        labels (Tensor): Class indices (N, ...) (or with a unit class axis), or one-hot with
            `logits`' shape.

    Outputs:
        Tensor, a scalar, or the per-element losses with reduction ``"none"``.

    Example:
        >>> import msfunc as ms
        >>> logits, labels = ms.Tensor([[[0.0], [0.0]]]), ms.Tensor([[[1]]])  # (N, C, 1)
        >>> round(float(ms.nn.FocalLoss(gamma=0.0)(logits, labels)), 4)  # gamma 0: cross entropy
        0.6931
    """

    def __init__(self, weight: Tensor | None = None, gamma: float = 2.0, reduction: str = "mean"):
        super().__init__(reduction)
        if isinstance(gamma, bool) or not isinstance(gamma, (int, float)):
            raise TypeError(f"FocalLoss: `gamma` must be a float, got {gamma!r}")
        self.weight, self.gamma = _optional(weight), float(gamma)

    def construct(self, logits, labels):
        x, y = unwrap(logits), unwrap(labels)
        if x.ndim != y.ndim or x.ndim < 2:
            raise ValueError(
                f"FocalLoss: `logits` and `labels` must have the same rank >= 2, "
                f"got shapes {x.shape} and {y.shape}"
            )
        if y.shape[1] not in (1, x.shape[1]):
            raise ValueError(
                f"FocalLoss: `labels` must have 1 or {x.shape[1]} channels, got {y.shape[1]}"
            )
        n, c = x.shape[:2]
        x, y = x.reshape(n, c, -1), y.reshape(y.shape[0], y.shape[1], -1)
        logp = jax.nn.log_softmax(x, axis=1)
        w = (
            None
            if self.weight is None
            else jnp.broadcast_to(self.weight[None, :, None], logp.shape)
        )
        if y.shape[1] == 1 and c != 1:
            # Class indices pick from the leading samples and positions they cover (labels
            # of batch 1 score the first sample), as MindSpore's gather does.
            if y.shape[0] > n or y.shape[2] > x.shape[2]:
                raise ValueError(
                    f"FocalLoss: class-index `labels` of shape {labels.shape} "
                    f"cover more samples or positions than `logits` "
                    f"{logits.shape}"
                )
            logp = logp[: y.shape[0], :, : y.shape[2]]
            w = None if w is None else w[: y.shape[0], :, : y.shape[2]]
            idx = y.astype(jnp.int32)
            logp = jnp.take_along_axis(logp, idx, axis=1)
            w = None if w is None else jnp.take_along_axis(w, idx, axis=1)
        else:
            try:
                jnp.broadcast_shapes(y.shape, logp.shape)
            except ValueError:
                raise ValueError(
                    f"FocalLoss: `labels` of shape {labels.shape} does not "
                    f"broadcast to `logits` {logits.shape}"
                ) from None
        focal = jnp.power(1.0 - jnp.exp(logp), self.gamma)
        if w is not None:
            logp = logp * w
        if y.shape[1] == 1 and c != 1:  # per sample: the mean over positions
            loss = jnp.mean(-focal * logp, axis=(1, 2))
        else:  # per sample and class: the mean over positions
            loss = jnp.mean(-focal * y.astype(x.dtype) * logp, axis=-1)
        return self.get_loss(loss)


class DiceLoss(LossBase):
    """1 - 2 sum(x y) / (sum(x^2) + sum(y^2) + smooth) over all elements.

    Args:
        smooth (float): Added to the denominator, above 0. Default: ``1e-5``.

    Inputs:
        logits (Tensor): The prediction, any shape.
        label (Tensor): The target, `logits`' shape.

    Outputs:
        Tensor, a scalar.

    Example:
        >>> import msfunc as ms
        >>> y = ms.Tensor([[1.0, 0.0], [0.0, 1.0]])
        >>> round(float(ms.nn.DiceLoss()(y, y)), 4)  # a perfect overlap
        0.0
    """

    def __init__(self, smooth: float = 1e-5):
        super().__init__("mean")
        if isinstance(smooth, bool) or not isinstance(smooth, (int, float)) or smooth <= 0:
            raise ValueError(f"DiceLoss: `smooth` must be a positive float, got {smooth!r}")
        self.smooth = float(smooth)

    def construct(self, logits, label):
        x, y = unwrap(logits), unwrap(label)
        if x.shape != y.shape:
            raise ValueError(f"DiceLoss: `logits` {x.shape} and `label` {y.shape} differ")
        inter = jnp.sum(x * y)
        union = jnp.sum(x * x) + jnp.sum(y * y)
        return 1 - 2 * inter / (union + self.smooth)
