"""Primitive classes for losses."""

import functools

import jax
import jax.numpy as jnp

from ...common import cpu_softmax_ce
from ...common.args import is_concrete
from .. import func_loss as L
from .. import func_margin_loss as ML
from ._common import sig

__all__ = ["TABLE"]


def _softmax_ce(p, logits, labels):
    if cpu_softmax_ce.applies(logits):  # MindSpore's CPU kernel, step for step
        return cpu_softmax_ce.dense_loss(logits, jnp.asarray(labels, logits.dtype))
    logp = jax.nn.log_softmax(logits, axis=-1)
    loss = -jnp.sum(labels * logp, axis=-1)
    return loss, jax.nn.softmax(logits, axis=-1) - labels


def _sparse_softmax_ce(p, logits, labels):
    if cpu_softmax_ce.applies(logits):  # MindSpore's CPU kernel, step for step
        if p.is_grad:
            return cpu_softmax_ce.sparse_mean_gradient(logits, labels)
        return cpu_softmax_ce.sparse_mean_loss(logits, labels)
    c = logits.shape[-1]
    onehot = jax.nn.one_hot(labels, c, dtype=logits.dtype)
    if p.is_grad:
        return (jax.nn.softmax(logits, -1) - onehot) / logits.shape[0]
    return jnp.mean(-jnp.sum(onehot * jax.nn.log_softmax(logits, -1), -1))


def _sparse_softmax_ce_v2(p, logits, labels):
    """Per-example loss and its gradient ``softmax(logits) - one_hot(labels)``."""
    who = "SparseSoftmaxCrossEntropyWithLogitsV2"
    logits, labels = jnp.asarray(logits), jnp.asarray(labels)
    if logits.dtype not in (jnp.float16, jnp.float32):
        raise TypeError(f"{who}: `logits` must be float16 or float32, got {logits.dtype}")
    if labels.dtype not in (jnp.int32, jnp.int64):
        raise TypeError(f"{who}: `labels` must be int32 or int64, got {labels.dtype}")
    if logits.ndim != 2 or labels.shape != logits.shape[:1]:
        raise ValueError(
            f"{who}: `logits` must be (N, C) and `labels` (N,), got {logits.shape} and "
            f"{labels.shape}"
        )
    c = logits.shape[-1]
    if is_concrete(labels) and labels.size and not (0 <= labels.min() and labels.max() < c):
        # (MindSpore's kernel refuses the index when it runs)
        raise RuntimeError(f"{who}: every label must be in [0, {c}), got {labels.tolist()}")
    onehot = jax.nn.one_hot(labels, c, dtype=logits.dtype)
    logp = jax.nn.log_softmax(logits, -1)
    return -jnp.sum(onehot * logp, -1), jnp.exp(logp) - onehot


def _multilabel_margin(p, x, t):
    """The loss, and ``is_target``: 1 at each class `t` names before its first -1."""
    t = jnp.asarray(t)
    listed = jnp.cumprod(t >= 0, axis=-1).astype(bool)
    hits = jax.nn.one_hot(jnp.where(listed, t, -1), t.shape[-1], dtype=jnp.int32)  # -1: no hit
    return ML.multilabel_margin_loss(x, t, p.reduction), jnp.max(hits, axis=-2)


def _ctc_loss(p, x, labels_indices, labels_values, sequence_length):
    """TF-style CTC: logits (T, N, C), sparse labels, blank = C - 1; (loss, d loss / d x)."""
    if p.preprocess_collapse_repeated or not p.ctc_merge_repeated:
        raise NotImplementedError(
            "CTCLoss: only preprocess_collapse_repeated=False and "
            "ctc_merge_repeated=True (standard CTC) are supported"
        )
    return _ctc_kernel(
        x,
        jnp.asarray(labels_indices).astype(jnp.int32),
        jnp.asarray(labels_values).astype(jnp.int32),
        jnp.asarray(sequence_length).astype(jnp.int32),
        bool(p.ignore_longer_outputs_than_inputs),
    )


# One compile per shape: run op by op, optax's scan and its pullback were traced and compiled
# anew on every eager call (seconds each). The kernel reads nothing but its arguments.
@functools.partial(jax.jit, static_argnums=4)
def _ctc_kernel(x, idx, values, lengths, ignore_longer):
    n_batch, n_lab = x.shape[1], idx.shape[0]
    targets = jnp.zeros((n_batch, n_lab), jnp.int32).at[idx[:, 0], idx[:, 1]].set(values)
    target_lengths = jnp.zeros((n_batch,), jnp.int32).at[idx[:, 0]].add(1)
    t_len = x.shape[0]
    logit_pad = (jnp.arange(t_len)[None, :] >= lengths[:, None]).astype(x.dtype)
    label_pad = (jnp.arange(n_lab)[None, :] >= target_lengths[:, None]).astype(x.dtype)

    import optax  # (on first use: optax takes a tenth of msfunc's import time)

    def losses(logits):
        # optax's CTC masks padded frames without NaN gradients
        out = optax.ctc_loss(
            jnp.swapaxes(logits, 0, 1), logit_pad, targets, label_pad, blank_id=x.shape[-1] - 1
        )
        if ignore_longer:
            out = jnp.where(target_lengths > lengths, 0, out)
        return out.astype(x.dtype)  # optax computes in float64 when x64 is on

    loss, vjp = jax.vjp(losses, x)
    return loss, vjp(jnp.ones_like(loss))[0]


TABLE = [
    ("L2Loss", sig(), lambda p, x: jnp.sum(jnp.square(x)) / 2),
    (
        "BCEWithLogitsLoss",
        sig(reduction="mean"),
        lambda p, x, t, weight=None, posWeight=None: L.binary_cross_entropy_with_logits(
            x, t, weight, posWeight, p.reduction
        ),
    ),
    (
        "BinaryCrossEntropy",
        sig(reduction="mean"),
        lambda p, x, t, weight=None: L.binary_cross_entropy(x, t, weight, p.reduction),
    ),
    ("KLDivLoss", sig(reduction="mean"), lambda p, x, t: L.kl_div(x, t, p.reduction)),
    (
        "NLLLoss",
        sig(reduction="mean", ignore_index=-100),
        lambda p, logits, labels, weight: (
            L.nll_loss(logits, labels, weight, p.ignore_index, p.reduction),
            jnp.sum(
                jnp.where(
                    labels != p.ignore_index,
                    weight[jnp.where(labels != p.ignore_index, labels, 0)],
                    0,
                )
            ),
        ),
    ),
    (
        "SmoothL1Loss",
        sig(beta=1.0, reduction="none"),
        lambda p, x, t: L.smooth_l1_loss(x, t, p.beta, p.reduction),
    ),
    (
        "SoftMarginLoss",
        sig(reduction="mean"),
        lambda p, x, t: ML.soft_margin_loss(x, t, p.reduction),
    ),
    (
        "MultiMarginLoss",
        sig(p=1, margin=1.0, reduction="mean"),
        lambda q, x, t, weight=None: ML.multi_margin_loss(x, t, q.p, q.margin, weight, q.reduction),
    ),
    ("MultilabelMarginLoss", sig(reduction="mean"), _multilabel_margin),
    (
        "TripletMarginLoss",
        sig(p=2, swap=False, eps=1e-06, reduction="mean"),
        lambda q, x, pos, neg, margin: ML.triplet_margin_loss(
            x, pos, neg, margin, q.p, q.eps, q.swap, q.reduction
        ),
    ),
    (
        "SigmoidCrossEntropyWithLogits",
        sig(),
        lambda p, x, y: L.binary_cross_entropy_with_logits(x, y, reduction="none"),
    ),
    ("SoftmaxCrossEntropyWithLogits", sig(), _softmax_ce),
    ("SparseSoftmaxCrossEntropyWithLogits", sig(is_grad=False), _sparse_softmax_ce),
    ("SparseSoftmaxCrossEntropyWithLogitsV2", sig(), _sparse_softmax_ce_v2),
    (
        "CTCLossV2",
        sig(blank=0, reduction="none", zero_infinity=False),
        lambda p, lp, tg, il, tl: L.ctc_loss(lp, tg, il, tl, p.blank, p.reduction, p.zero_infinity),
    ),
    (
        "CTCLoss",
        sig(
            preprocess_collapse_repeated=False,
            ctc_merge_repeated=True,
            ignore_longer_outputs_than_inputs=False,
        ),
        _ctc_loss,
    ),
]
