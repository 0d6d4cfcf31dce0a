"""Functional neural-network layers: dense, embedding, one_hot, dropout, attention.

Activations are in `func_activation`, normalisation in `func_normalization`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common import cpu_matmul, kernel_chain
from ..common import low_precision as fp16
from ..common.args import tensor_arg
from ..common.seed import next_key
from ._amp_auto import low_precision
from .func_normalization import _bcast_c
from .seeded_draws import dropout_keep

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

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


def dense(input: ArrayLike, weight: ArrayLike, bias: ArrayLike | None = None) -> Array:
    """A linear map: ``input @ weight.T + bias``.

    Args:
        input (Tensor): Shape ``(*, in_channels)``.
        weight (Tensor): Shape ``(out_channels, in_channels)`` (or ``(in_channels,)``).
        bias (Tensor, optional): Shape ``(out_channels,)``. Default: ``None``.

    Returns:
        Tensor of shape ``(*, out_channels)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, w = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]])
        >>> print(ops.dense(x, w, ms.Tensor([0.0, 0.0, 1.0])))
        [[1. 3. 5.]]
    """
    x, w = low_precision(tensor_arg(input), tensor_arg(weight, "weight"))
    # a 1-D weight is one output unit: the last axis contracts away (MindSpore's Dense)
    if x.ndim == 2 and cpu_matmul.applies(x, w):
        y = cpu_matmul.matmul(x, w, transpose_b=True)  # MindSpore's MatMul(transpose_b=True)
    else:
        y = fp16.matmul(x, w.T if w.ndim == 2 else w)
    if bias is None:
        return y
    b = low_precision(tensor_arg(bias, "bias"))
    if cpu_matmul.bias_add_applies(y, b):
        return cpu_matmul.bias_add(y, b)  # BiasAdd: its gradient sums as MindSpore's does
    if kernel_chain.applies(y) and kernel_chain.applies(b):
        # BiasAdd is a float32-only kernel on MindSpore's CPU: the graph-mode chain goes on
        return kernel_chain.to16(kernel_chain.to32(y) + kernel_chain.to32(b))
    return jnp.add(*fp16.broadcast_operands(y, b))


def bidense(
    input1: ArrayLike, input2: ArrayLike, weight: ArrayLike, bias: ArrayLike | None = None
) -> Array:
    """A bilinear map: ``y[o] = input1 @ weight[o] @ input2 + bias[o]`` for each output ``o``.

    Args:
        input1 (Tensor): Shape ``(*, in1_channels)``.
        input2 (Tensor): Shape ``(*, in2_channels)``.
        weight (Tensor): Shape ``(out_channels, in1_channels, in2_channels)``.
        bias (Tensor, optional): Shape ``(out_channels,)``. Default: ``None``.

    Returns:
        Tensor of shape ``(*, out_channels)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x1, x2 = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0, 4.0]])
        >>> w = ms.Tensor([[[1.0, 0.0], [0.0, 1.0]]])  # x1 . x2
        >>> print(ops.bidense(x1, x2, w))
        [[11.]]
    """
    x1, x2 = tensor_arg(input1, "input1"), tensor_arg(input2, "input2")
    w = tensor_arg(weight, "weight")
    y = jnp.einsum("...i,oij,...j->...o", x1, w, x2)
    return y if bias is None else y + tensor_arg(bias, "bias")


def bias_add(input_x: ArrayLike, bias: ArrayLike) -> Array:
    """`input_x` plus a per-channel `bias` along axis 1.

    Args:
        input_x (Tensor): Shape ``(N, C, ...)``.
        bias (Tensor): Shape ``(C,)``.

    Returns:
        Tensor of `input_x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.bias_add(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([10.0, 20.0])))
        [[11. 22.]
         [13. 24.]]
    """
    x, b = tensor_arg(input_x, "input_x"), tensor_arg(bias, "bias")
    if b.ndim != 1 or x.ndim < 2 or b.shape[0] != x.shape[1]:
        raise ValueError(
            f"bias_add: `bias` must be 1-D with length x.shape[1]; got bias "
            f"{b.shape} for input {x.shape}"
        )
    if cpu_matmul.bias_add_applies(x, b):
        return cpu_matmul.bias_add(x, b)
    return x + fp16.broadcast_to(_bcast_c(b, x.ndim), x.shape)


def embedding(
    input: ArrayLike,
    weight: ArrayLike,
    padding_idx: int | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
) -> Array:
    """The rows of `weight` selected by the integer `input`.

    Args:
        input (Tensor): Integer indices into the rows of `weight`.
        weight (Tensor): The table, shape ``(num_embeddings, embedding_dim)``.
        padding_idx (int, optional): A row that gets no gradient. Default: ``None``.
        max_norm (float, optional): Rows whose `norm_type`-norm exceeds it are scaled down
            to it. Default: ``None``.
        norm_type (float): The norm's degree for `max_norm`. Default: ``2.0``.
        scale_grad_by_freq (bool): Scale gradients by the inverse frequency of the indices
            in the batch. Default: ``False``.

    Returns:
        Tensor of shape ``input.shape + (embedding_dim,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> w = ms.Tensor([[0.0, 0.0], [1.0, 1.0], [3.0, 4.0]])
        >>> print(ops.embedding(ms.Tensor([2, 1]), w))
        [[3. 4.]
         [1. 1.]]
        >>> print(ops.embedding(ms.Tensor([2]), w, max_norm=1.0))  # (3, 4) / 5
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


def one_hot(
    indices: ArrayLike,
    depth: int,
    on_value: float | ArrayLike = 1,
    off_value: float | ArrayLike = 0,
    axis: int = -1,
) -> Array:
    """One-hot vectors: `on_value` at each index of `indices`, `off_value` elsewhere.

    Args:
        indices (Tensor): Integer class indices.
        depth (int): The number of classes.
        on_value (Union[int, float, Tensor]): The value at the index. Default: ``1``.
        off_value (Union[int, float, Tensor]): The value elsewhere. Default: ``0``.
        axis (int): Where the new class axis goes. Default: ``-1``.

    Returns:
        Tensor with a class axis of length `depth` inserted.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.one_hot(ms.Tensor([0, 2]), 3, ms.Tensor(1.0), ms.Tensor(0.0)))
        [[1. 0. 0.]
         [0. 0. 1.]]
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


def dropout(
    input: ArrayLike, p: float = 0.5, training: bool = True, seed: int | None = None
) -> Array:
    """Randomly zeroed elements, each with probability `p`; the rest scaled by ``1 / (1 - p)``.

    Args:
        input (Tensor): The tensor.
        p (float): The probability of zeroing an element, in ``[0, 1]``. Default: ``0.5``.
        training (bool): Apply dropout; ``False`` returns `input`. Default: ``True``.
        seed (int, optional): The op's seed; seeded draws give MindSpore's mask.
            Default: ``None``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ops.dropout(ms.Tensor(np.ones(1000, np.float32)), p=0.5)
        >>> print(sorted(set(y.tolist())), 400 < int((y > 0).sum()) < 600)
        [0.0, 2.0] True
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


def dropout1d(input: ArrayLike, p: float = 0.5, training: bool = True) -> Array:
    """Randomly zeroed channels of an ``(N, C, L)`` (or ``(C, L)``) tensor, each with
    probability `p`; the rest scaled by ``1 / (1 - p)``.

    Args:
        input (Tensor): Shape ``(N, C, L)`` or ``(C, L)``.
        p (float): The probability of zeroing a channel. Default: ``0.5``.
        training (bool): Apply dropout; ``False`` returns `input`. Default: ``True``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ops.dropout1d(ms.Tensor(np.ones((1, 200, 3), np.float32)), p=0.5)
        >>> print(sorted(set(y.sum(-1).tolist()[0])))  # whole channels: 0 or 3 * 2
        [0.0, 6.0]
    """
    return _channel_dropout(input, p, training, 1)


def dropout2d(input: ArrayLike, p: float = 0.5, training: bool = True) -> Array:
    """Randomly zeroed channels of an ``(N, C, H, W)`` tensor, each with probability `p`; the
    rest scaled by ``1 / (1 - p)``.

    Args:
        input (Tensor): Shape ``(N, C, H, W)`` or ``(C, H, W)``.
        p (float): The probability of zeroing a channel. Default: ``0.5``.
        training (bool): Apply dropout; ``False`` returns `input`. Default: ``True``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ops.dropout2d(ms.Tensor(np.ones((1, 200, 2, 2), np.float32)), p=0.5)
        >>> print(sorted(set(y.sum((2, 3)).tolist()[0])))  # whole channels: 0 or 4 * 2
        [0.0, 8.0]
    """
    return _channel_dropout(input, p, training, 2)


def dropout3d(input: ArrayLike, p: float = 0.5, training: bool = True) -> Array:
    """Randomly zeroed channels of an ``(N, C, D, H, W)`` tensor, each with probability `p`;
    the rest scaled by ``1 / (1 - p)``.

    Args:
        input (Tensor): Shape ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
        p (float): The probability of zeroing a channel. Default: ``0.5``.
        training (bool): Apply dropout; ``False`` returns `input`. Default: ``True``.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.ones((1, 2, 1, 1, 1), np.float32))
        >>> print(ops.dropout3d(x, p=0.5, training=False).reshape(-1))
        [1. 1.]
    """
    return _channel_dropout(input, p, training, 3)


def sequence_mask(lengths: ArrayLike, maxlen: int | None = None) -> Array:
    """A bool mask of the first `lengths` positions: ``out[..., j] = j < lengths[...]``.

    Args:
        lengths (Tensor): Integer lengths.
        maxlen (int, optional): The mask's last axis; ``None`` means ``max(lengths)``.
            Default: ``None``.

    Returns:
        Tensor of bool, shape ``lengths.shape + (maxlen,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.sequence_mask(ms.Tensor([1, 3]), 4))
        [[ True False False False]
         [ True  True  True False]]
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
    query: ArrayLike,
    key: ArrayLike,
    value: ArrayLike,
    head_num: int,
    real_shift: ArrayLike | None = None,
    drop_mask: ArrayLike | None = None,
    padding_mask: ArrayLike | None = None,
    attn_mask: ArrayLike | None = None,
    prefix: ArrayLike | None = None,
    actual_seq_qlen: ArrayLike | None = None,
    actual_seq_kvlen: ArrayLike | None = None,
    keep_prob: float = 1.0,
    scalar_value: float = 1.0,
    pre_tokens: int = 2147483647,
    next_tokens: int = 2147483647,
    inner_precise: int = 0,
    input_layout: str = "BSH",
    sparse_mode: int = 0,
) -> Array:
    """Scaled dot-product attention, ``softmax(q @ k.T * scalar_value + shift) @ v``, in
    MindSpore's layouts (computed by XLA, not a fused kernel).

    Keys and values may have fewer heads than queries (grouped-query attention). msfunc
    supports ``sparse_mode=0`` without `prefix` or actual sequence lengths.

    Args:
        query (Tensor): The queries, in `input_layout`.
        key (Tensor): The keys, in `input_layout`.
        value (Tensor): The values, in `input_layout`.
        head_num (int): The number of query heads.
        real_shift (Tensor, optional): Added to the scores. Default: ``None``.
        drop_mask (Tensor, optional): Unused here (dropout draws its own mask). Default: ``None``.
        padding_mask (Tensor, optional): Reserved by MindSpore; unused. Default: ``None``.
        attn_mask (Tensor, optional): True (or 1) where a score is masked out.
            Default: ``None``.
        prefix (Tensor, optional): Unsupported; must be ``None``. Default: ``None``.
        actual_seq_qlen (Tensor, optional): Unsupported; must be ``None``. Default: ``None``.
        actual_seq_kvlen (Tensor, optional): Unused. Default: ``None``.
        keep_prob (float): The probability of keeping an attention weight. Default: ``1.0``.
        scalar_value (float): The scale of the scores. Default: ``1.0``.
        pre_tokens (int): Unused (a sparse-mode window). Default: ``2147483647``.
        next_tokens (int): Unused (a sparse-mode window). Default: ``2147483647``.
        inner_precise (int): Unused (a kernel precision mode). Default: ``0``.
        input_layout (str): ``'BSH'``, ``'SBH'``, ``'BSND'`` or ``'BNSD'``. Default: ``'BSH'``.
        sparse_mode (int): Must be ``0``. Default: ``0``.

    Returns:
        Tensor of `query`'s shape and layout.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> q = k = ms.Tensor(np.ones((1, 2, 4), np.float32))  # (batch, seq, hidden): BSH
        >>> v = ms.Tensor([[[1.0, 2.0, 3.0, 4.0], [3.0, 4.0, 5.0, 6.0]]])
        >>> print(ops.flash_attention_score(q, k, v, head_num=2))  # equal scores: mean of v
        [[[2. 3. 4. 5.]
          [2. 3. 4. 5.]]]
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


def rotary_position_embedding(x: ArrayLike, cos: ArrayLike, sin: ArrayLike, mode: int = 0) -> Array:
    """Rotary position embedding: ``x * cos + rotate(x) * sin``.

    Mode 0 rotates halves, ``rotate(x) = (-x2, x1)`` for ``x = (x1, x2)``; mode 1 rotates
    interleaved pairs.

    Args:
        x (Tensor): Shape ``(B, N, S, D)`` (or another 4-D layout), ``D`` even.
        cos (Tensor): The cosines, broadcast to `x`.
        sin (Tensor): The sines, broadcast to `x`.
        mode (int): 0 (halves) or 1 (pairs). Default: ``0``.

    Returns:
        Tensor of `x`'s shape.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0]]]])
        >>> cos = ms.Tensor(np.zeros((1, 1, 1, 2), np.float32))
        >>> sin = ms.Tensor(np.ones((1, 1, 1, 2), np.float32))
        >>> print(ops.rotary_position_embedding(x, cos, sin))  # (-x2, x1)
        [[[[-2.  1.]]]]
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
