"""Functional loss ops with MindSpore's argument names and reductions: cross entropies,
likelihoods, CTC and regression losses (the margin losses are in `func_margin_loss`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ..common import cpu_softmax
from ..common.arg_docs import document_args
from ..common.args import tensor_arg
from ..common.cpu_reduce import float32_kernel_numerics
from ..common.dtype import to_ms_dtype
from ..common.tensor import Tensor, unwrap
from .func_math import abs_sign_grad

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "cross_entropy",
    "ctc_loss",
    "gaussian_nll_loss",
    "huber_loss",
    "kl_div",
    "l1_loss",
    "mse_loss",
    "mse_loss_ext",
    "nll_loss",
    "smooth_l1_loss",
]


def _pair(a, b, na="input", nb="target"):
    a, b = tensor_arg(a, na), tensor_arg(b, nb)
    return a, b.astype(a.dtype) if jnp.issubdtype(a.dtype, jnp.floating) else b


def binary_cross_entropy(
    logits: ArrayLike, labels: ArrayLike, weight: ArrayLike | None = None, reduction: str = "mean"
) -> Array:
    """Binary cross entropy of probabilities `logits` against `labels`:
    ``-(y * log(x) + (1 - y) * log(1 - x))``, each log clamped at -100.

    Args:
        logits (Tensor): Predicted probabilities in ``[0, 1]``.
        labels (Tensor): Targets, of `logits`' shape.
        weight (Tensor, optional): A weight per element, broadcast to `logits`. Default: ``None``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> p, y = ms.Tensor([0.8, 0.4]), ms.Tensor([1.0, 0.0])
        >>> print(ops.binary_cross_entropy(p, y, reduction="none"))  # -log 0.8, -log 0.6
        [0.22314... 0.51082...]
    """
    x, y = _pair(logits, labels, "logits", "labels")
    loss = -(y * jnp.maximum(jnp.log(x), -100.0) + (1 - y) * jnp.maximum(jnp.log1p(-x), -100.0))
    if weight is not None:
        loss = loss * tensor_arg(weight, "weight")
    return reduce_loss(loss, reduction)


def binary_cross_entropy_with_logits(
    input: ArrayLike,
    target: ArrayLike,
    weight: ArrayLike | None = None,
    pos_weight: ArrayLike | None = None,
    reduction: str = "mean",
) -> Array:
    """Binary cross entropy of raw scores `input` (through a sigmoid) against `target`,
    computed stably: ``-(pos_weight * y * log(sigmoid(x)) + (1 - y) * log(1 - sigmoid(x)))``.

    Args:
        input (Tensor): Raw scores (logits).
        target (Tensor): Targets, of `input`'s shape.
        weight (Tensor, optional): A weight per element, broadcast to `input`. Default: ``None``.
        pos_weight (Tensor, optional): A weight of the positive term per class (last axis).
            Default: ``None``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([0.0, 2.0]), ms.Tensor([1.0, 0.0])
        >>> print(ops.binary_cross_entropy_with_logits(x, y, reduction="none"))
        [0.6931472 2.126928 ]
    """
    x, y = _pair(input, target)
    log_p, log_not_p = jax.nn.log_sigmoid(x), jax.nn.log_sigmoid(-x)
    pw = 1.0 if pos_weight is None else tensor_arg(pos_weight, "pos_weight")
    loss = -(pw * y * log_p + (1 - y) * log_not_p)
    if weight is not None:
        loss = loss * tensor_arg(weight, "weight")
    return reduce_loss(loss, reduction)


# Args entries that sibling losses word alike (see `document_args`)
_REDUCTION = "reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``."
_CLASS_LOSS_ARGS = (  # nll_loss and cross_entropy, after their input and target
    "weight (Tensor, optional): A weight per class, shape ``(C,)``. Default: ``None``.",
    "ignore_index (int): A target index that adds nothing to the loss. Default: ``-100``.",
    _REDUCTION,
    "label_smoothing (float): Mixes the targets with the uniform distribution by this\n"
    "    amount. Default: ``0.0``.",
)
_ERROR_ARGS = (  # l1_loss and mse_loss
    "input (Tensor): The predictions.",
    "target (Tensor): The targets, broadcast to `input`.",
    _REDUCTION,
)


def _class_weights(weight, c, dtype):
    return jnp.ones((c,), dtype) if weight is None else tensor_arg(weight, "weight").astype(dtype)


def _nll(logp, target, weight, ignore_index, reduction, label_smoothing):
    """logp: (N, C, ...) log-probabilities; target: (N, ...) class indices."""
    check_reduction(reduction)
    c = logp.shape[1]
    w = _class_weights(weight, c, logp.dtype)
    t = target.astype(jnp.int32)
    valid = t != ignore_index
    safe = jnp.where(valid, t, 0)
    picked = jnp.take_along_axis(logp, safe[:, None], axis=1)[:, 0]
    wt = jnp.where(valid, w[safe], 0.0)
    loss = -picked * wt
    if label_smoothing > 0:
        wb = w.reshape((1, c) + (1,) * (logp.ndim - 2))
        smooth = -jnp.sum(logp * wb, axis=1) * valid
        loss = (1 - label_smoothing) * loss + label_smoothing / c * smooth
    if reduction != "none" and label_smoothing <= 0 and float32_kernel_numerics(loss):
        # MindSpore's CPU NLLLoss sums the losses (and the weights) in double, each rounded
        # once to float32; a mean is their float32 quotient
        total = jnp.sum(loss.astype(jnp.float64)).astype(jnp.float32)
        if reduction == "mean":
            total = total / jnp.sum(wt.astype(jnp.float64)).astype(jnp.float32)
        return total
    if reduction == "mean":
        return jnp.sum(loss) / jnp.sum(wt)
    return jnp.sum(loss) if reduction == "sum" else loss


@document_args(
    "inputs (Tensor): Log-probabilities, shape ``(N, C)`` or ``(N, C, d1, ...)``.",
    "target (Tensor): Class indices, shape ``(N, d1, ...)``.",
    *_CLASS_LOSS_ARGS,
)
def nll_loss(
    inputs: ArrayLike,
    target: ArrayLike,
    weight: ArrayLike | None = None,
    ignore_index: int = -100,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Array:
    """Negative log-likelihood of class indices `target` under log-probabilities `inputs`.

    ``'mean'`` divides by the summed weights of the counted targets.

    Args:
        {args}

    Returns:
        Tensor, the loss per sample (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> logp = ms.Tensor([[0.5, 0.25, 0.25], [0.1, 0.1, 0.8]]).log()
        >>> print(ops.nll_loss(logp, ms.Tensor([0, 2], ms.int32), reduction="none"))
        [0.69314... 0.22314...]
    """
    return _nll(
        tensor_arg(inputs, "inputs"),
        tensor_arg(target, "target"),
        weight,
        ignore_index,
        reduction,
        label_smoothing,
    )


@document_args(
    "input (Tensor): Logits, shape ``(N, C)`` or ``(N, C, d1, ...)``.",
    "target (Tensor): Class indices, shape ``(N, d1, ...)``, or class probabilities of\n"
    "    `input`'s shape.",
    *_CLASS_LOSS_ARGS,
)
def cross_entropy(
    input: ArrayLike,
    target: ArrayLike,
    weight: ArrayLike | None = None,
    ignore_index: int = -100,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Array:
    """Cross entropy of the softmax over axis 1 of `input` against class indices or class
    probabilities.

    With class indices, ``'mean'`` divides by the summed weights of the counted targets.

    Args:
        {args}

    Returns:
        Tensor, the loss per sample (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[0.0, 0.0], [0.0, 0.0]])
        >>> print(ops.cross_entropy(x, ms.Tensor([0, 1], ms.int32)))  # log 2
        0.6931472
    """
    x, t = tensor_arg(input), tensor_arg(target, "target")
    if not jnp.issubdtype(x.dtype, jnp.floating):
        raise TypeError(f"cross_entropy: `input` must be a float tensor of logits, got {x.dtype}")
    if isinstance(ignore_index, bool) or not isinstance(ignore_index, int):
        raise TypeError(
            f"cross_entropy: `ignore_index` must be an int, got {type(ignore_index).__name__}"
        )
    if isinstance(label_smoothing, bool) or not isinstance(label_smoothing, (int, float)):
        raise TypeError(
            f"cross_entropy: `label_smoothing` must be a float, got "
            f"{type(label_smoothing).__name__}"
        )
    logp = cpu_softmax.log_probabilities(x, 1)
    if jnp.issubdtype(t.dtype, jnp.floating):
        check_reduction(reduction)
        c = x.shape[1]
        if label_smoothing > 0:
            t = t * (1 - label_smoothing) + label_smoothing / c
        w = _class_weights(weight, c, x.dtype).reshape((1, c) + (1,) * (x.ndim - 2))
        loss = -jnp.sum(logp * t * w, axis=1)
        if reduction == "mean":
            return jnp.sum(loss) / (x.size // c)
        return reduce_loss(loss, reduction)
    return _nll(logp, t, weight, ignore_index, reduction, label_smoothing)


def _ctc_alpha(lp, tgt, in_len, tgt_len, blank):
    """lp: (T, C) log-probs for one sample; tgt: (S,). Returns (loss, log_alpha (T, 2S+1))."""
    s = tgt.shape[0]
    ext = jnp.full((2 * s + 1,), blank, tgt.dtype).at[1::2].set(tgt)
    # "impossible" as a huge finite log-probability, not -inf: logaddexp(-inf, -inf) has a
    # NaN derivative, which leaked into the gradient through frames past `in_len`
    neg = jnp.asarray(jnp.finfo(lp.dtype).min / 4, lp.dtype)
    allow2 = jnp.concatenate([jnp.zeros((2,), bool), (ext[2:] != blank) & (ext[2:] != ext[:-2])])
    a0 = jnp.full((2 * s + 1,), neg).at[0].set(lp[0, blank])
    a0 = a0.at[1].set(jnp.where(s > 0, lp[0, ext[1 % (2 * s + 1)]], neg))

    def step(prev, inp):
        t, row = inp
        p1 = jnp.concatenate([jnp.array([neg]), prev[:-1]])
        p2 = jnp.where(allow2, jnp.concatenate([jnp.array([neg, neg]), prev[:-2]]), neg)
        new = jnp.logaddexp(jnp.logaddexp(prev, p1), p2) + row[ext]
        new = jnp.where(t < in_len, new, prev)
        return new, new

    ts = jnp.arange(1, lp.shape[0])
    last, rest = jax.lax.scan(step, a0, (ts, lp[1:]))
    alpha = jnp.concatenate([a0[None], rest])
    end = 2 * tgt_len
    ll = jnp.logaddexp(last[end], jnp.where(tgt_len > 0, last[jnp.maximum(end - 1, 0)], neg))
    impossible = jnp.finfo(lp.dtype).min / 8
    alpha = jnp.where(alpha < impossible, -jnp.inf, alpha)
    return jnp.where(ll < impossible, jnp.inf, -ll), alpha


def _ctc_integers(x, name):
    """`x` as an int32 array; TypeError unless it holds integers. A Python sequence converts
    as a Tensor made from it would (floats as Float32)."""
    if isinstance(x, (list, tuple)):
        x = unwrap(Tensor(x))
    x = tensor_arg(x, name)
    if not jnp.issubdtype(x.dtype, jnp.integer):
        raise TypeError(
            f"ctc_loss: `{name}` must hold integers (int32 or int64), but got "
            f"{to_ms_dtype(x.dtype)}"
        )
    return x.astype(jnp.int32)


def ctc_loss(
    log_probs: ArrayLike,
    targets: ArrayLike,
    input_lengths: ArrayLike,
    target_lengths: ArrayLike,
    blank: int = 0,
    reduction: str = "mean",
    zero_infinity: bool = False,
) -> tuple[Array, Array]:
    """Connectionist temporal classification loss: the negative log-probability of each
    target sequence summed over all its alignments to the input frames.

    ``'mean'`` divides each loss by its target length and averages over the batch.

    Args:
        log_probs (Tensor): Log-probabilities, shape ``(T, N, C)``.
        targets (Tensor): Integer target sequences, shape ``(N, S)``.
        input_lengths (Union[Tensor, list[int]]): Frames used per sample, shape ``(N,)``.
        target_lengths (Union[Tensor, list[int]]): Target length per sample, shape ``(N,)``.
        blank (int): The blank class. Default: ``0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        zero_infinity (bool): Count impossible alignments (infinite loss) as 0.
            Default: ``False``.

    Returns:
        Tuple ``(loss, log_alpha)``: the loss, and the forward variables of shape
        ``(N, T, 2 * S + 1)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> log_probs = ms.Tensor([[[0.5, 0.5]], [[0.5, 0.5]]]).log()  # T=2, N=1, C=2
        >>> targets = ms.Tensor([[1]], ms.int32)
        >>> lengths = ms.Tensor([2], ms.int32), ms.Tensor([1], ms.int32)
        >>> loss, _ = ops.ctc_loss(log_probs, targets, *lengths, reduction="none")
        >>> print(loss)  # 3 of the 4 paths give "1": -log 0.75
        [0.28768...]
    """
    check_reduction(reduction)
    lp = tensor_arg(log_probs, "log_probs")
    if not jnp.issubdtype(lp.dtype, jnp.floating):
        raise TypeError(f"ctc_loss: `log_probs` must hold floats, but got {to_ms_dtype(lp.dtype)}")
    tg = _ctc_integers(targets, "targets")
    il = _ctc_integers(input_lengths, "input_lengths")
    tl = _ctc_integers(target_lengths, "target_lengths")
    if lp.ndim != 3:
        raise ValueError(f"ctc_loss: `log_probs` must be (T, N, C), got shape {lp.shape}")
    loss, alpha = jax.vmap(_ctc_alpha, in_axes=(1, 0, 0, 0, None))(lp, tg, il, tl, blank)
    if zero_infinity:
        loss = jnp.where(jnp.isinf(loss), 0.0, loss)
    if reduction == "mean":
        loss = jnp.mean(loss / jnp.maximum(tl, 1).astype(loss.dtype))
    elif reduction == "sum":
        loss = jnp.sum(loss)
    return loss, alpha


def gaussian_nll_loss(
    x: ArrayLike,
    target: ArrayLike,
    var: ArrayLike,
    full: bool = False,
    eps: float = 1e-06,
    reduction: str = "mean",
) -> Array:
    """Negative log-likelihood of `target` under normal distributions of mean `x` and variance
    `var`: ``0.5 * (log(var) + (x - target) ** 2 / var)``.

    Args:
        x (Tensor): The predicted means.
        target (Tensor): The observed values.
        var (Tensor): The predicted variances, broadcast to `x`; clamped below at `eps`.
        full (bool): Add the constant ``0.5 * log(2 * pi)``. Default: ``False``.
        eps (float): The least variance. Default: ``1e-06``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Returns:
        Tensor, the loss per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 2.0])
        >>> print(ops.gaussian_nll_loss(x, y, ms.Tensor([1.0, 1.0]), reduction="none"))
        [0.5 0. ]
    """
    if not isinstance(full, bool):
        raise TypeError(f"gaussian_nll_loss: `full` must be a bool, got {type(full).__name__}")
    if not isinstance(eps, float) or eps <= 0:
        raise ValueError(f"gaussian_nll_loss: `eps` must be a positive float, got {eps!r}")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(
            f"gaussian_nll_loss: `reduction` must be 'none', 'mean' or 'sum', got {reduction!r}"
        )
    a, b = _pair(x, target, "x", "target")
    v = jnp.maximum(tensor_arg(var, "var"), eps)
    loss = 0.5 * (jnp.log(v) + jnp.square(a - b) / v)
    if full:
        loss = loss + 0.5 * jnp.log(2 * jnp.pi)
    return reduce_loss(loss, reduction)


def huber_loss(
    input: ArrayLike, target: ArrayLike, reduction: str = "mean", delta: float = 1.0
) -> Array:
    """Huber loss: ``0.5 * d ** 2`` where ``d = |input - target| < delta``, else
    ``delta * (d - delta / 2)``.

    Args:
        input (Tensor): The predictions.
        target (Tensor): The targets.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        delta (float): Where the loss turns from quadratic to linear; > 0. Default: ``1.0``.

    Returns:
        Tensor, the loss per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([0.5, 3.0]), ms.Tensor([0.0, 0.0])
        >>> print(ops.huber_loss(x, y, reduction="none"))  # 0.5 * 0.25, 3 - 0.5
        [0.125 2.5  ]
    """
    if delta <= 0:
        raise ValueError(f"huber_loss: `delta` must be > 0, got {delta}")
    a, b = _pair(input, target)
    d = jnp.abs(a - b)
    loss = jnp.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta))
    return reduce_loss(loss, reduction)


def kl_div(logits: ArrayLike, labels: ArrayLike, reduction: str = "mean") -> Array:
    """Kullback-Leibler divergence of `labels` from the distribution whose log-probabilities
    are `logits`: ``labels * (log(labels) - logits)`` (0 where a label is 0).

    Args:
        logits (Tensor): Log-probabilities.
        labels (Tensor): Probabilities, of `logits`' shape.
        reduction (str): ``'none'``, ``'mean'``, ``'sum'`` or ``'batchmean'`` (the sum over
            the first axis's length). Default: ``'mean'``.

    Returns:
        Tensor, the divergence per element (``'none'``) or reduced.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> logits, labels = ms.Tensor([0.5, 0.5]).log(), ms.Tensor([0.25, 0.75])
        >>> print(ops.kl_div(logits, labels, reduction="sum"))
        0.13081...
    """
    check_reduction(reduction, ("none", "mean", "sum", "batchmean"))
    x, y = _pair(logits, labels, "logits", "labels")
    loss = jnp.where(y > 0, y * (jnp.log(jnp.where(y > 0, y, 1.0)) - x), 0.0)
    if reduction == "batchmean":
        return jnp.sum(loss) / x.shape[0]
    return reduce_loss(loss, reduction)


@document_args(*_ERROR_ARGS)
def l1_loss(input: ArrayLike, target: ArrayLike, reduction: str = "mean") -> Array:
    """Absolute error ``|input - target|``.

    Args:
        {args}

    Returns:
        Tensor, the error per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.l1_loss(ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 4.0])))
        1.5
    """
    a, b = _pair(input, target)
    return reduce_loss(abs_sign_grad(a - b), reduction)  # (MindSpore's slope 0 at 0)


@document_args(*_ERROR_ARGS)
def mse_loss(input: ArrayLike, target: ArrayLike, reduction: str = "mean") -> Array:
    """Squared error ``(input - target) ** 2``.

    Args:
        {args}

    Returns:
        Tensor, the error per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.mse_loss(ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 4.0]), reduction="sum"))
        5.0
    """
    a, b = _pair(input, target)
    return reduce_loss(jnp.square(a - b), reduction)


mse_loss_ext = mse_loss


def smooth_l1_loss(
    input: ArrayLike, target: ArrayLike, beta: float = 1.0, reduction: str = "none"
) -> Array:
    """Smooth L1 loss: ``0.5 * d ** 2 / beta`` where ``d = |input - target| < beta``, else
    ``d - beta / 2``.

    Args:
        input (Tensor): The predictions.
        target (Tensor): The targets.
        beta (float): Where the loss turns from quadratic to linear; > 0. Default: ``1.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'none'``.

    Returns:
        Tensor, the loss per element (``'none'``) or its mean or sum.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([0.5, 3.0]), ms.Tensor([0.0, 0.0])
        >>> print(ops.smooth_l1_loss(x, y))  # 0.5 * 0.25, 3 - 0.5
        [0.125 2.5  ]
    """
    if beta <= 0:
        raise ValueError(f"smooth_l1_loss: `beta` must be > 0, got {beta}")
    a, b = _pair(input, target)
    d = jnp.abs(a - b)
    return reduce_loss(jnp.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta), reduction)


_REDUCTIONS = ("none", "mean", "sum")


def check_reduction(reduction, allowed=_REDUCTIONS):
    """`reduction` if allowed, else ValueError."""
    if reduction not in allowed:
        raise ValueError(f"`reduction` must be one of {allowed}, got {reduction!r}")
    return reduction


def reduce_loss(loss, reduction):
    """Apply 'none' / 'mean' / 'sum'."""
    check_reduction(reduction)
    if reduction == "mean":
        return jnp.mean(loss)
    if reduction == "sum":
        return jnp.sum(loss)
    return loss
