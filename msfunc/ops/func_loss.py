"""Functional loss ops with MindSpore's argument names and reductions."""

import jax
import jax.numpy as jnp

from ..common.args import tensor_arg
from ..common.dtype import to_ms_dtype
from ..common.tensor import Tensor, unwrap

__all__ = [
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "cosine_embedding_loss",
    "cross_entropy",
    "ctc_loss",
    "gaussian_nll_loss",
    "hinge_embedding_loss",
    "huber_loss",
    "kl_div",
    "l1_loss",
    "margin_ranking_loss",
    "mse_loss",
    "mse_loss_ext",
    "multi_margin_loss",
    "multilabel_margin_loss",
    "multilabel_soft_margin_loss",
    "nll_loss",
    "smooth_l1_loss",
    "soft_margin_loss",
    "triplet_margin_loss",
]


def _pair(a, b, na="input", nb="target"):
    a, b = tensor_arg(a, na), tensor_arg(b, nb)
    return a, b.astype(a.dtype) if jnp.issubdtype(a.dtype, jnp.floating) else b


def binary_cross_entropy(logits, labels, weight=None, reduction="mean"):
    """BCE of probabilities `logits` against `labels` (logs clamped at -100).

    Example:
        >>> p, y = jnp.array([0.8, 0.4]), jnp.array([1.0, 0.0])
        >>> print(binary_cross_entropy(p, y, reduction='none').round(4))  # -log 0.8, -log 0.6
        [0.2231 0.5108]
    """
    x, y = _pair(logits, labels, "logits", "labels")
    loss = -(y * jnp.maximum(jnp.log(x), -100.0) + (1 - y) * jnp.maximum(jnp.log1p(-x), -100.0))
    if weight is not None:
        loss = loss * tensor_arg(weight, "weight")
    return reduce_loss(loss, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction="mean"):
    """BCE on raw logits, numerically stable; `pos_weight` scales the positive term.

    Example:
        >>> x, y = jnp.array([0.0, 2.0]), jnp.array([1.0, 0.0])
        >>> print(binary_cross_entropy_with_logits(x, y, reduction='none').round(4))
        [0.6931 2.1269]
        >>> loss = binary_cross_entropy_with_logits(x, y, pos_weight=jnp.array([2.0, 2.0]))
        >>> round(float(loss), 4)  # mean of 2 * 0.6931 and 2.1269
        1.7566
    """
    x, y = _pair(input, target)
    log_p, log_not_p = jax.nn.log_sigmoid(x), jax.nn.log_sigmoid(-x)
    pw = 1.0 if pos_weight is None else tensor_arg(pos_weight, "pos_weight")
    loss = -(pw * y * log_p + (1 - y) * log_not_p)
    if weight is not None:
        loss = loss * tensor_arg(weight, "weight")
    return reduce_loss(loss, reduction)


def _cos(a, b, axis, eps=1e-8):
    num = jnp.sum(a * b, axis=axis)
    den = jnp.sqrt(jnp.maximum(jnp.sum(a * a, axis=axis) * jnp.sum(b * b, axis=axis), eps * eps))
    return num / den


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """1 - cos(x1, x2) where target is 1, max(0, cos - margin) where it is -1 (cos over axis 1).

    Example:
        >>> x1, x2 = jnp.array([[1.0, 0.0], [1.0, 0.0]]), jnp.array([[0.0, 1.0], [1.0, 1.0]])
        >>> print(cosine_embedding_loss(x1, x2, jnp.array([1, -1]), reduction='none').round(4))
        [1.     0.7071]
    """
    a, b = _pair(input1, input2, "input1", "input2")
    y = tensor_arg(target, "target")
    c = _cos(a, b, 1)
    loss = jnp.where(y == 1, 1 - c, jnp.maximum(c - margin, 0.0))
    return reduce_loss(loss, reduction)


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
    if reduction == "mean":
        return jnp.sum(loss) / jnp.sum(wt)
    return jnp.sum(loss) if reduction == "sum" else loss


def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    """Negative log-likelihood of class indices; 'mean' divides by the summed target weights.

    Example:
        >>> logp = jnp.log(jnp.array([[0.5, 0.25, 0.25], [0.1, 0.1, 0.8]]))
        >>> print(nll_loss(logp, jnp.array([0, 2]), reduction='none').round(4))  # -log .5, -log .8
        [0.6931 0.2231]
    """
    return _nll(
        tensor_arg(inputs, "inputs"),
        tensor_arg(target, "target"),
        weight,
        ignore_index,
        reduction,
        label_smoothing,
    )


def cross_entropy(
    input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0
):
    """Softmax cross entropy over axis 1; `target` holds class indices or class probabilities.

    Example:
        >>> x = jnp.array([[0.0, 0.0], [0.0, 0.0]])
        >>> round(float(cross_entropy(x, jnp.array([0, 1]))), 4)  # log 2
        0.6931
        >>> round(float(cross_entropy(x, jnp.array([[0.5, 0.5], [1.0, 0.0]]))), 4)
        0.6931
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
    logp = jax.nn.log_softmax(x, axis=1)
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
    log_probs,
    targets,
    input_lengths,
    target_lengths,
    blank=0,
    reduction="mean",
    zero_infinity=False,
):
    """CTC loss of (T, N, C) log-probabilities; returns ``(loss, log_alpha)`` like MindSpore.

    'mean' divides each loss by its target length and averages over the batch. `targets` and
    the lengths must hold integers, `log_probs` floats (TypeError otherwise, before tracing).

    Example:
        >>> log_probs = jnp.log(jnp.full((2, 1, 2), 0.5))  # (T=2, N=1, C=2), blank 0
        >>> targets, in_lens, target_lens = jnp.array([[1]]), jnp.array([2]), jnp.array([1])
        >>> loss, _ = ctc_loss(log_probs, targets, in_lens, target_lens, reduction='none')
        >>> print(loss.round(4))  # 3 paths of probability 0.25: -log 0.75
        [0.2877]
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


def gaussian_nll_loss(x, target, var, full=False, eps=1e-06, reduction="mean"):
    """0.5 * (log var + (x - target)^2 / var) (+ 0.5 log 2 pi when `full`); var clamped at eps.

    Example:
        >>> x, y = jnp.array([1.0, 2.0]), jnp.array([2.0, 2.0])
        >>> print(gaussian_nll_loss(x, y, jnp.array([1.0, 1.0]), reduction='none').round(4))
        [0.5 0. ]
    """
    a, b = _pair(x, target, "x", "target")
    v = jnp.maximum(tensor_arg(var, "var"), eps)
    loss = 0.5 * (jnp.log(v) + jnp.square(a - b) / v)
    if full:
        loss = loss + 0.5 * jnp.log(2 * jnp.pi)
    return reduce_loss(loss, reduction)


def hinge_embedding_loss(inputs, targets, margin=1.0, reduction="mean"):
    """x where target is 1, max(0, margin - x) where target is -1.

    Example:
        >>> x = jnp.array([0.3, 0.3, 2.0])
        >>> hinge_embedding_loss(x, jnp.array([1, -1, -1]), margin=1.0, reduction='none').tolist()
        [0.3, 0.7, 0.0]
    """
    x, y = _pair(inputs, targets, "inputs", "targets")
    loss = jnp.where(y == 1, x, 0.0) + jnp.where(y == -1, jnp.maximum(margin - x, 0.0), 0.0)
    return reduce_loss(loss, reduction)


def huber_loss(input, target, reduction="mean", delta=1.0):
    """0.5 d^2 for |d| < delta, delta (|d| - delta / 2) beyond.

    Example:
        >>> x, y = jnp.array([0.5, 3.0]), jnp.array([0.0, 0.0])
        >>> huber_loss(x, y, reduction='none').tolist()  # 0.5 * 0.25, 3 - 0.5
        [0.125, 2.5]
    """
    if delta <= 0:
        raise ValueError(f"huber_loss: `delta` must be > 0, got {delta}")
    a, b = _pair(input, target)
    d = jnp.abs(a - b)
    loss = jnp.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta))
    return reduce_loss(loss, reduction)


def kl_div(logits, labels, reduction="mean"):
    """labels * (log labels - logits); reduction also accepts 'batchmean'.

    Example:
        >>> logits, labels = jnp.log(jnp.array([0.5, 0.5])), jnp.array([0.25, 0.75])
        >>> round(float(kl_div(logits, labels, reduction='sum')), 4)
        0.1308
    """
    check_reduction(reduction, ("none", "mean", "sum", "batchmean"))
    x, y = _pair(logits, labels, "logits", "labels")
    loss = jnp.where(y > 0, y * (jnp.log(jnp.where(y > 0, y, 1.0)) - x), 0.0)
    if reduction == "batchmean":
        return jnp.sum(loss) / x.shape[0]
    return reduce_loss(loss, reduction)


def l1_loss(input, target, reduction="mean"):
    """|input - target| reduced.

    Example:
        >>> l1_loss(jnp.array([1.0, 2.0]), jnp.array([2.0, 4.0])).tolist()
        1.5
        >>> l1_loss(jnp.array([1.0, 2.0]), jnp.array([2.0, 4.0]), reduction='none').tolist()
        [1.0, 2.0]
    """
    a, b = _pair(input, target)
    return reduce_loss(jnp.abs(a - b), reduction)


def mse_loss(input, target, reduction="mean"):
    """(input - target)^2 reduced.

    Example:
        >>> mse_loss(jnp.array([1.0, 2.0]), jnp.array([2.0, 4.0])).tolist()
        2.5
        >>> mse_loss(jnp.array([1.0, 2.0]), jnp.array([2.0, 4.0]), reduction='sum').tolist()
        5.0
    """
    a, b = _pair(input, target)
    return reduce_loss(jnp.square(a - b), reduction)


mse_loss_ext = mse_loss


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """max(0, -target * (x1 - x2) + margin).

    Example:
        >>> x1, x2 = jnp.array([1.0, 1.0]), jnp.array([0.0, 2.0])
        >>> margin_ranking_loss(x1, x2, jnp.ones(2), margin=0.5, reduction='none').tolist()
        [0.0, 1.5]
    """
    a, b = _pair(input1, input2, "input1", "input2")
    y = tensor_arg(target, "target")
    return reduce_loss(jnp.maximum(-y * (a - b) + margin, 0.0), reduction)


def multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction="mean"):
    """Multi-class hinge: sum over i != y of max(0, margin - x_y + x_i)^p / C.

    Example:
        >>> x = jnp.array([[0.1, 0.8, 0.4]])
        >>> round(float(multi_margin_loss(x, jnp.array([1]))), 4)  # (0.3 + 0.6) / 3
        0.3
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


def multilabel_margin_loss(input, target, reduction="mean"):
    """Multi-label hinge; `target` lists class indices, ended by the first -1.

    Example:
        >>> x = jnp.array([[0.1, 0.2, 0.4, 0.8]])
        >>> round(float(multilabel_margin_loss(x, jnp.array([[3, 0, -1, 1]]))), 4)  # targets 3, 0
        0.85
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


def multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    """-mean_c(y log sigmoid(x) + (1 - y) log sigmoid(-x)), optionally weighted per class.

    Example:
        >>> x, y = jnp.array([[0.0, 0.0]]), jnp.array([[1.0, 0.0]])
        >>> round(float(multilabel_soft_margin_loss(x, y)), 4)  # log 2
        0.6931
    """
    x, y = _pair(input, target)
    loss = -(y * jax.nn.log_sigmoid(x) + (1 - y) * jax.nn.log_sigmoid(-x))
    if weight is not None:
        loss = loss * tensor_arg(weight, "weight")
    return reduce_loss(jnp.mean(loss, axis=-1), reduction)


def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    """0.5 d^2 / beta for |d| < beta, |d| - beta / 2 beyond; default reduction 'none'.

    Example:
        >>> x, y = jnp.array([0.5, 3.0]), jnp.array([0.0, 0.0])
        >>> smooth_l1_loss(x, y).tolist()  # 0.5 * 0.25, 3 - 0.5
        [0.125, 2.5]
    """
    if beta <= 0:
        raise ValueError(f"smooth_l1_loss: `beta` must be > 0, got {beta}")
    a, b = _pair(input, target)
    d = jnp.abs(a - b)
    return reduce_loss(jnp.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta), reduction)


def soft_margin_loss(input, target, reduction="mean"):
    """log(1 + exp(-target * input)) reduced.

    Example:
        >>> x, y = jnp.array([0.0, 2.0]), jnp.array([1.0, -1.0])
        >>> print(soft_margin_loss(x, y, reduction='none').round(4))
        [0.6931 2.1269]
    """
    a, b = _pair(input, target)
    return reduce_loss(jax.nn.softplus(-b * a), reduction)


def triplet_margin_loss(
    anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction="mean"
):
    """max(d(a, p) - d(a, n) + margin, 0) with p-norm distances over the last axis.

    Example:
        >>> a, p, n = jnp.array([[0.0, 0.0]]), jnp.array([[3.0, 4.0]]), jnp.array([[1.0, 0.0]])
        >>> round(float(triplet_margin_loss(a, p, n, margin=1.0)), 4)  # max(5 - 1 + 1, 0)
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
