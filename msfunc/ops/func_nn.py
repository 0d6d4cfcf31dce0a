"""Functional neural-network layers: dense, embedding, one_hot, dropout, attention.

Activations are in `func_activation`, normalisation in `func_normalization`.
"""

import jax
import jax.numpy as jnp
import numpy as np

from ..common import low_precision as fp16
from ..common.args import tensor_arg
from ..common.seed import next_key
from ._amp_auto import low_precision
from .func_normalization import _bcast_c
from .seeded_draws import dropout_keep

__all__ = [
    "dense",
    "bidense",
    "bias_add",
    "embedding",
    "one_hot",
    "dropout",
    "dropout1d",
    "dropout2d",
    "dropout3d",
    "sequence_mask",
    "flash_attention_score",
    "rotary_position_embedding",
]


def dense(input, weight, bias=None):
    """x @ weight.T + bias.

    Example:
        >>> x, w = jnp.array([[1.0, 2.0]]), jnp.array([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]])
        >>> dense(x, w, jnp.array([0.0, 0.0, 1.0])).tolist()
        [[1.0, 3.0, 5.0]]
    """
    x, w = low_precision(tensor_arg(input), tensor_arg(weight, "weight"))
    # a 1-D weight is one output unit: the last axis contracts away (MindSpore's Dense)
    y = fp16.matmul(x, w.T if w.ndim == 2 else w)
    return (
        y
        if bias is None
        else jnp.add(*fp16.broadcast_operands(y, low_precision(tensor_arg(bias, "bias"))))
    )


def bidense(input1, input2, weight, bias=None):
    """Bilinear map ``y_o = x1^T W_o x2 + b_o`` with weight of shape (out, in1, in2).

    Example:
        >>> w = jnp.ones((1, 2, 3))  # (out, in1, in2)
        >>> bidense(jnp.array([[1.0, 2.0]]), jnp.array([[1.0, 1.0, 1.0]]), w).tolist()
        [[9.0]]
    """
    x1, x2 = tensor_arg(input1, "input1"), tensor_arg(input2, "input2")
    w = tensor_arg(weight, "weight")
    y = jnp.einsum("...i,oij,...j->...o", x1, w, x2)
    return y if bias is None else y + tensor_arg(bias, "bias")


def bias_add(input_x, bias):
    """Add a per-channel bias on axis 1.

    Example:
        >>> bias_add(jnp.zeros((1, 2, 2)), jnp.array([1.0, 2.0])).tolist()
        [[[1.0, 1.0], [2.0, 2.0]]]
    """
    x, b = tensor_arg(input_x, "input_x"), tensor_arg(bias, "bias")
    if b.ndim != 1 or x.ndim < 2 or b.shape[0] != x.shape[1]:
        raise ValueError(
            f"bias_add: `bias` must be 1-D with length x.shape[1]; got bias "
            f"{b.shape} for input {x.shape}"
        )
    return x + fp16.broadcast_to(_bcast_c(b, x.ndim), x.shape)


def embedding(
    input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False
):
    """Rows of `weight` selected by integer `input` (renormalised to `max_norm` if given).

    Example:
        >>> w = jnp.array([[0.0, 0.0], [1.0, 1.0], [3.0, 4.0]])
        >>> embedding(jnp.array([2, 1]), w).tolist()
        [[3.0, 4.0], [1.0, 1.0]]
        >>> print(embedding(jnp.array([2]), w, max_norm=1.0).round(4))
        [[0.6 0.8]]
    """
    idx, w = tensor_arg(input), tensor_arg(weight, "weight")
    if not jnp.issubdtype(idx.dtype, jnp.integer):
        raise TypeError(f"embedding: `input` must be an integer tensor, got {idx.dtype}")
    rows = w[idx]
    if max_norm is not None:
        norms = jnp.linalg.norm(rows, ord=norm_type, axis=-1, keepdims=True)
        rows = rows * jnp.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
    if padding_idx is not None:
        pad = padding_idx % w.shape[0]
        rows = jnp.where((idx == pad)[..., None], jax.lax.stop_gradient(rows), rows)
    return rows


def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """One-hot encode `indices` with `depth` classes on `axis`.

    Example:
        >>> one_hot(jnp.array([0, 2]), 3).tolist()
        [[1, 0, 0], [0, 0, 1]]
        >>> one_hot(jnp.array([1]), 2, on_value=5, off_value=-1).tolist()
        [[-1, 5]]
    """
    idx = tensor_arg(indices, "indices")
    depth = int(depth)
    on, off = jnp.asarray(on_value), jnp.asarray(off_value)
    dtype = jnp.result_type(on, off)
    mask = jax.nn.one_hot(idx, depth, axis=axis, dtype=jnp.bool_)
    return jnp.where(mask, on.astype(dtype), off.astype(dtype))


# --------------------------------------------------------------------------- dropout
def _check_p(p):
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout: `p` must be in [0, 1], got {p}")


def dropout(input, p=0.5, training=True, seed=None):
    """Zero elements with probability `p` and scale the rest by 1/(1-p) (global key).

    Example:
        >>> y = dropout(jnp.ones(1000), p=0.5)  # kept entries scaled by 1 / (1 - p)
        >>> sorted(set(y.tolist())), 400 < int((y > 0).sum()) < 600
        ([0.0, 2.0], True)
        >>> dropout(jnp.ones(3), p=0.5, training=False).tolist()
        [1.0, 1.0, 1.0]
    """
    _check_p(p)
    x = tensor_arg(input)
    if not training or p == 0:
        return x
    if p == 1:
        return jnp.zeros_like(x)
    keep = dropout_keep("dropout", seed, x.shape, 1 - p)  # MindSpore's mask when seeded
    if keep is None:
        keep = jax.random.bernoulli(next_key(), 1 - p, x.shape)
    return x * keep.astype(x.dtype) * jnp.asarray(np.float32(1.0 / (1 - p)), x.dtype)


def _channel_dropout(x, p, training, nd):
    _check_p(p)
    x = tensor_arg(x)
    if x.ndim not in (nd + 1, nd + 2):
        raise ValueError(f"dropout{nd}d: input must be {nd + 1}-D or {nd + 2}-D, got {x.ndim}-D")
    if not training or p == 0:
        return x
    mask_shape = x.shape[: x.ndim - nd] + (1,) * nd
    keep = jax.random.bernoulli(next_key(), 1 - p, mask_shape)
    return jnp.where(keep, x / (1 - p) if p < 1 else x, jnp.zeros_like(x))


def dropout1d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, L) input.

    Example:
        >>> y = dropout1d(jnp.ones((1, 8, 3)), p=0.5)
        >>> bool(((y == 0) | (y == 2)).all()), bool((y.min(2) == y.max(2)).all())
        (True, True)
    """
    return _channel_dropout(input, p, training, 1)


def dropout2d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, H, W) input.

    Example:
        >>> y = dropout2d(jnp.ones((1, 8, 2, 2)), p=0.5)
        >>> bool(((y == 0) | (y == 2)).all()), bool((y.min((2, 3)) == y.max((2, 3))).all())
        (True, True)
    """
    return _channel_dropout(input, p, training, 2)


def dropout3d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, D, H, W) input.

    Example:
        >>> y = dropout3d(jnp.ones((1, 8, 2, 2, 2)), p=0.5)
        >>> bool(((y == 0) | (y == 2)).all()), bool((y.min((2, 3, 4)) == y.max((2, 3, 4))).all())
        (True, True)
    """
    return _channel_dropout(input, p, training, 3)


def sequence_mask(lengths, maxlen=None):
    """Boolean mask ``[..., j] = j < lengths[...]``.

    Example:
        >>> sequence_mask(jnp.array([1, 3]), 4).tolist()
        [[True, False, False, False], [True, True, True, False]]
    """
    ln = tensor_arg(lengths, "lengths")
    if maxlen is None:
        maxlen = int(jnp.max(ln))
    return jnp.arange(int(maxlen)) < ln[..., None]


# --------------------------------------------------------------------------- attention
def _to_bnsd(t, layout, heads):
    if layout == "BNSD":
        return t
    if layout == "BSND":
        return jnp.swapaxes(t, 1, 2)
    if layout == "BSH":
        b, s, h = t.shape
        return t.reshape(b, s, heads, h // heads).transpose(0, 2, 1, 3)
    if layout == "SBH":
        s, b, h = t.shape
        return t.reshape(s, b, heads, h // heads).transpose(1, 2, 0, 3)
    raise ValueError(f"`input_layout` must be BSH, SBH, BSND or BNSD, got {layout!r}")


def _from_bnsd(t, layout):
    b, n, s, d = t.shape
    if layout == "BNSD":
        return t
    if layout == "BSND":
        return jnp.swapaxes(t, 1, 2)
    if layout == "BSH":
        return t.transpose(0, 2, 1, 3).reshape(b, s, n * d)
    return t.transpose(2, 0, 1, 3).reshape(s, b, n * d)


def flash_attention_score(
    query,
    key,
    value,
    head_num,
    real_shift=None,
    drop_mask=None,
    padding_mask=None,
    attn_mask=None,
    prefix=None,
    actual_seq_qlen=None,
    actual_seq_kvlen=None,
    keep_prob=1.0,
    scalar_value=1.0,
    pre_tokens=2147483647,
    next_tokens=2147483647,
    inner_precise=0,
    input_layout="BSH",
    sparse_mode=0,
):
    """Scaled dot-product attention in MindSpore's layouts (plain XLA, not a fused kernel).

    `attn_mask` entries that are True/1 are masked out; `real_shift` is added to the scores;
    keys and values may have fewer heads than queries (grouped-query attention).

    Example:
        >>> q = k = jnp.ones((1, 2, 4))  # (batch, seq, hidden) for layout BSH
        >>> v = jnp.array([[[1.0, 2.0, 3.0, 4.0], [3.0, 4.0, 5.0, 6.0]]])
        >>> flash_attention_score(q, k, v, head_num=2).tolist()  # equal scores: the mean of v
        [[[2.0, 3.0, 4.0, 5.0], [2.0, 3.0, 4.0, 5.0]]]
    """
    if sparse_mode not in (0,) or prefix is not None or actual_seq_qlen is not None:
        raise ValueError(
            "flash_attention_score: only sparse_mode=0 without prefix / actual "
            "sequence lengths is supported on JAX"
        )
    q = _to_bnsd(tensor_arg(query, "query"), input_layout, head_num)
    kh = head_num
    k0 = tensor_arg(key, "key")
    if input_layout in ("BSH", "SBH"):
        kh = head_num * k0.shape[-1] // tensor_arg(query, "query").shape[-1]
    k = _to_bnsd(k0, input_layout, kh)
    v = _to_bnsd(tensor_arg(value, "value"), input_layout, kh)
    if k.shape[1] != q.shape[1]:
        rep = q.shape[1] // k.shape[1]
        k, v = jnp.repeat(k, rep, axis=1), jnp.repeat(v, rep, axis=1)
    scores = jnp.einsum("bnqd,bnkd->bnqk", q, k) * scalar_value
    if real_shift is not None:
        scores = scores + tensor_arg(real_shift, "real_shift")
    if attn_mask is not None:
        m = tensor_arg(attn_mask, "attn_mask").astype(bool)
        scores = jnp.where(m, jnp.finfo(scores.dtype).min, scores)
    # softmax in at least float32 (half-precision inputs), never below the input precision
    p = jax.nn.softmax(scores.astype(jnp.promote_types(scores.dtype, jnp.float32)), axis=-1).astype(
        q.dtype
    )
    if keep_prob < 1.0:
        keep = jax.random.bernoulli(next_key(), keep_prob, p.shape)
        p = jnp.where(keep, p / keep_prob, 0)
    return _from_bnsd(jnp.einsum("bnqk,bnkd->bnqd", p, v), input_layout)


def rotary_position_embedding(x, cos, sin, mode=0):
    """Rotary embedding ``x * cos + rotate(x) * sin``; mode 0 rotates halves, 1 pairs.

    Example:
        >>> x = jnp.array([[[[1.0, 2.0]]]])
        >>> cos, sin = jnp.zeros((1, 1, 1, 2)), jnp.ones((1, 1, 1, 2))
        >>> rotary_position_embedding(x, cos, sin).tolist()  # (-x2, x1)
        [[[[-2.0, 1.0]]]]
    """
    x, c, s = tensor_arg(x, "x"), tensor_arg(cos, "cos"), tensor_arg(sin, "sin")
    if mode == 0:
        x1, x2 = jnp.split(x, 2, axis=-1)
        rot = jnp.concatenate([-x2, x1], axis=-1)
    elif mode == 1:
        x1, x2 = x[..., 0::2], x[..., 1::2]
        rot = jnp.stack([-x2, x1], axis=-1).reshape(x.shape)
    else:
        raise ValueError(f"rotary_position_embedding: `mode` must be 0 or 1, got {mode}")
    return x * c + rot * s
