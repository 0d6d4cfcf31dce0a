"""Functional margin and embedding losses with MindSpore's argument names and reductions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ..common.args import tensor_arg
from .func_loss import _pair, reduce_loss

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "cosine_embedding_loss",
    "hinge_embedding_loss",
    "margin_ranking_loss",
    "multi_margin_loss",
    "multilabel_margin_loss",
    "multilabel_soft_margin_loss",
    "soft_margin_loss",
    "triplet_margin_loss",
]


def _cos(a, b, axis, eps=1e-8):
    num = jnp.sum(a * b, axis=axis)
    den = jnp.sqrt(jnp.maximum(jnp.sum(a * a, axis=axis) * jnp.sum(b * b, axis=axis), eps * eps))
    return num / den


def cosine_embedding_loss(
    input1: ArrayLike,
    input2: ArrayLike,
    target: ArrayLike,
    margin: float = 0.0,
    reduction: str = "mean",
) -> Array:
    """Cosine embedding loss: ``1 - cos(x1, x2)`` for a target of 1 and
    ``max(0, cos(x1, x2) - margin)`` for -1, the cosine taken over axis 1.

    Args:
        input1 (Tensor): Shape ``(N, D)``.
        input2 (Tensor): Shape ``(N, D)``.
        target (Tensor): 1 or -1 per row, shape ``(N,)``.
        margin (float): In ``[-1, 1]``. Default: ``0.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per row (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x1 = ms.Tensor([[1.0, 0.0], [1.0, 0.0]])
        >>> x2 = ms.Tensor([[0.0, 1.0], [1.0, 1.0]])
        >>> print(ops.cosine_embedding_loss(x1, x2, ms.Tensor([1, -1]), reduction="none"))
        [1.         0.70710677]
    """
    a, b = _pair(input1, input2, "input1", "input2")
    y = tensor_arg(target, "target")
    c = _cos(a, b, 1)
    loss = jnp.where(y == 1, 1 - c, jnp.maximum(c - margin, 0.0))
    return reduce_loss(loss, reduction)


def hinge_embedding_loss(
    inputs: ArrayLike, targets: ArrayLike, margin: float = 1.0, reduction: str = "mean"
) -> Array:
    """Hinge embedding loss: ``x`` where the target is 1, ``max(0, margin - x)`` where it is -1.

    Args:
        inputs (Tensor): Distances or scores.
        targets (Tensor): 1 or -1 per element.
        margin (float): The margin for the -1 targets. Default: ``1.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0.25, 0.25, 2.0])
        >>> print(ops.hinge_embedding_loss(x, ms.Tensor([1.0, -1.0, -1.0]), reduction="none"))
        [0.25 0.75 0.  ]
    """
    x, y = _pair(inputs, targets, "inputs", "targets")
    loss = jnp.where(y == 1, x, 0.0) + jnp.where(y == -1, jnp.maximum(margin - x, 0.0), 0.0)
    return reduce_loss(loss, reduction)


def margin_ranking_loss(
    input1: ArrayLike,
    input2: ArrayLike,
    target: ArrayLike,
    margin: float = 0.0,
    reduction: str = "mean",
) -> Array:
    """Margin ranking loss: ``max(0, -target * (input1 - input2) + margin)``.

    Args:
        input1 (Tensor): The first scores.
        input2 (Tensor): The second scores.
        target (Tensor): 1 where `input1` should rank higher, -1 where `input2` should.
        margin (float): The margin. Default: ``0.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x1, x2 = ms.Tensor([1.0, 1.0]), ms.Tensor([0.0, 2.0])
        >>> print(ops.margin_ranking_loss(x1, x2, ms.Tensor([1.0, 1.0]), 0.5, reduction="none"))
        [0.  1.5]
    """
    a, b = _pair(input1, input2, "input1", "input2")
    y = tensor_arg(target, "target")
    return reduce_loss(jnp.maximum(-y * (a - b) + margin, 0.0), reduction)


def multi_margin_loss(
    input: ArrayLike,
    target: ArrayLike,
    p: int = 1,
    margin: float = 1,
    weight: ArrayLike | None = None,
    reduction: str = "mean",
) -> Array:
    """Multi-class hinge loss: per sample, the sum over classes ``i != y`` of
    ``max(0, margin - x[y] + x[i]) ** p``, divided by the number of classes.

    Args:
        input (Tensor): Scores, shape ``(N, C)``.
        target (Tensor): Class indices, shape ``(N,)``.
        p (int): 1 or 2. Default: ``1``.
        margin (float): The margin. Default: ``1``.
        weight (Tensor, optional): A weight per class, shape ``(C,)``. Default: ``None``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per sample (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[0.25, 0.75, 0.5, 0.0]])
        >>> print(ops.multi_margin_loss(x, ms.Tensor([1], ms.int64)))  # (0.5 + 0.75 + 0.25) / 4
        0.375
    """
    if p not in (1, 2):
        raise ValueError(f"multi_margin_loss: `p` must be 1 or 2, got {p}")
    x, t = tensor_arg(input), tensor_arg(target, "target").astype(jnp.int32)
    c = x.shape[-1]
    xy = jnp.take_along_axis(x, t[..., None], axis=-1)
    h = jnp.maximum(margin - xy + x, 0.0) ** p
    if weight is not None:
        h = h * tensor_arg(weight, "weight")[t][..., None]
    h = jnp.where(jax.nn.one_hot(t, c, dtype=bool), 0.0, h)
    return reduce_loss(jnp.sum(h, axis=-1) / c, reduction)


def multilabel_margin_loss(input: ArrayLike, target: ArrayLike, reduction: str = "mean") -> Array:
    """Multi-label hinge loss: per sample, the sum over target classes ``j`` and non-target
    classes ``i`` of ``max(0, 1 - (x[j] - x[i]))``, divided by the number of classes.

    Args:
        input (Tensor): Scores, shape ``(C,)`` or ``(N, C)``.
        target (Tensor): Target class indices of `input`'s shape; the first -1 ends the list.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per sample (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[0.25, 0.5, 0.0, 1.0]])  # targets 3 and 0: (0.5 + 2.0) / 4
        >>> print(ops.multilabel_margin_loss(x, ms.Tensor([[3, 0, -1, 1]], ms.int32)))
        0.625
    """
    x, t = tensor_arg(input), tensor_arg(target, "target").astype(jnp.int32)
    c = x.shape[-1]
    valid = jnp.cumprod(t >= 0, axis=-1).astype(bool)
    safe = jnp.where(valid, t, 0)
    is_target = jnp.any(jax.nn.one_hot(safe, c, dtype=bool) & valid[..., None], axis=-2)
    xj = jnp.take_along_axis(x, safe, axis=-1)
    h = jnp.maximum(1 - (xj[..., :, None] - x[..., None, :]), 0.0)
    h = h * valid[..., :, None] * (~is_target)[..., None, :]
    return reduce_loss(jnp.sum(h, axis=(-1, -2)) / c, reduction)


def multilabel_soft_margin_loss(
    input: ArrayLike, target: ArrayLike, weight: ArrayLike | None = None, reduction: str = "mean"
) -> Array:
    """Multi-label soft margin loss: per sample, the mean over classes of
    ``-(y * log(sigmoid(x)) + (1 - y) * log(sigmoid(-x)))``.

    Args:
        input (Tensor): Scores, shape ``(N, C)``.
        target (Tensor): 0 or 1 per class, of `input`'s shape.
        weight (Tensor, optional): A weight per class. Default: ``None``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per sample (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([[0.0, 0.0]]), ms.Tensor([[1.0, 0.0]])
        >>> print(ops.multilabel_soft_margin_loss(x, y))  # log 2
        0.6931472
    """
    x, y = _pair(input, target)
    loss = -(y * jax.nn.log_sigmoid(x) + (1 - y) * jax.nn.log_sigmoid(-x))
    if weight is not None:
        loss = loss * tensor_arg(weight, "weight")
    return reduce_loss(jnp.mean(loss, axis=-1), reduction)


def soft_margin_loss(input: ArrayLike, target: ArrayLike, reduction: str = "mean") -> Array:
    """Soft margin loss: ``log(1 + exp(-target * input))``.

    Args:
        input (Tensor): Scores.
        target (Tensor): 1 or -1 per element.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([0.0, 2.0]), ms.Tensor([1.0, -1.0])
        >>> print(ops.soft_margin_loss(x, y, reduction="none"))
        [0.6931472 2.126928 ]
    """
    a, b = _pair(input, target)
    return reduce_loss(jax.nn.softplus(-b * a), reduction)


def triplet_margin_loss(
    anchor: ArrayLike,
    positive: ArrayLike,
    negative: ArrayLike,
    margin: float = 1.0,
    p: int = 2,
    eps: float = 1e-06,
    swap: bool = False,
    reduction: str = "mean",
) -> Array:
    """Triplet margin loss: ``max(d(anchor, positive) - d(anchor, negative) + margin, 0)``
    with `p`-norm distances over the last axis.

    Args:
        anchor (Tensor): The anchors, shape ``(N, D)``.
        positive (Tensor): Samples of the anchors' class.
        negative (Tensor): Samples of other classes.
        margin (float): The margin. Default: ``1.0``.
        p (int): The norm's degree. Default: ``2``.
        eps (float): Added to the differences for stability. Default: ``1e-06``.
        swap (bool): Use the smaller of ``d(anchor, negative)`` and
            ``d(positive, negative)``. Default: ``False``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per sample (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, p, n = ms.Tensor([[0.0, 0.0]]), ms.Tensor([[3.0, 4.0]]), ms.Tensor([[1.0, 0.0]])
        >>> print(ops.triplet_margin_loss(a, p, n, margin=1.0, eps=0.0))  # 5 - 1 + 1
        5.0
    """
    a = tensor_arg(anchor, "anchor")
    po, ne = tensor_arg(positive, "positive"), tensor_arg(negative, "negative")

    def dist(u, v):
        return jnp.sum(jnp.abs(u - v + eps) ** p, axis=-1) ** (1.0 / p)

    dp, dn = dist(a, po), dist(a, ne)
    if swap:
        dn = jnp.minimum(dn, dist(po, ne))
    return reduce_loss(jnp.maximum(dp - dn + margin, 0.0), reduction)
