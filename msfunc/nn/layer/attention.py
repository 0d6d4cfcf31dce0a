"""MultiheadAttention: multi-head scaled dot-product attention with MindSpore's Parameters.

Parameter names and layouts follow MindSpore 2.10: ``in_proj_weight`` (3E, E) (or
``q/k/v_proj_weight`` when kdim/vdim differ), ``in_proj_bias``, ``out_proj`` a Dense.
Inputs are (seq, batch, embed) unless ``batch_first``; boolean masks mark positions that
may NOT be attended, float masks are added to the scores.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from ...common import dtype as mstype
from ...common.initializer import HeUniform, XavierNormal, XavierUniform, initializer
from ...common.parameter import Parameter
from ...common.seed import next_key
from ...common.tensor import unwrap
from ..cell import Cell
from .basic import Dense, check_positive_int

__all__ = ["MultiheadAttention"]


def _additive(mask, dtype):
    """A boolean (True = blocked) or float mask as an additive float mask."""
    mask = unwrap(mask)
    if mask is None:
        return None
    mask = jnp.asarray(mask)
    if mask.dtype == jnp.bool_:
        return jnp.where(mask, jnp.asarray(-jnp.inf, dtype), jnp.asarray(0, dtype))
    return mask.astype(dtype)


class MultiheadAttention(Cell):
    """Multi-head scaled dot-product attention: ``softmax(q k^T / sqrt(d)) v`` per head,
    the heads projected back to `embed_dim`.

    Args:
        embed_dim (int): The model's feature count E; `num_heads` divides it.
        num_heads (int): The number of attention heads.
        dropout (float): The dropout probability on the attention weights (in training).
            Default: ``0.0``.
        has_bias (bool): Whether the projections have biases. Default: ``True``.
        add_bias_kv (bool): Append a learnt bias step to the keys and values. Default: ``False``.
        add_zero_attn (bool): Append a step of zeros to the keys and values. Default: ``False``.
        kdim (Union[int, None]): The keys' feature count; ``None`` is `embed_dim`. Default:
            ``None``.
        vdim (Union[int, None]): The values' feature count; ``None`` is `embed_dim`. Default:
            ``None``.
        batch_first (bool): Inputs and output are (batch, seq, feature). Default: ``False``.
        dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        query (Tensor): (L, N, E), or (N, L, E) with `batch_first`; unbatched (L, E) too.
        key (Tensor): (S, N, kdim), laid out as `query`.
        value (Tensor): (S, N, vdim), laid out as `query`.
        key_padding_mask (Union[Tensor, None]): (N, S); True (or a float added to the scores)
            marks keys to ignore. Default: ``None``.
        need_weights (bool): Also return the attention weights. Default: ``True``.
        attn_mask (Union[Tensor, None]): (L, S) or (N * num_heads, L, S); True blocks a
            position, a float is added. Default: ``None``.
        average_attn_weights (bool): Average the weights over the heads. Default: ``True``.

    Outputs:
        Tuple (output, weights): output laid out as `query` with E features; weights (N, L, S)
            (or (N, num_heads, L, S) unaveraged), ``None`` without `need_weights`.

    Example:
        >>> import msfunc as ms
        >>> mha = ms.nn.MultiheadAttention(4, 2)
        >>> q = ms.numpy.ones((3, 1, 4))
        >>> out, w = mha(q, q, q)
        >>> out.shape, w.shape
        ((3, 1, 4), (1, 3, 3))
    """

    def __init__(
        self,
        embed_dim: int,
        num_heads: int,
        dropout: float = 0.0,
        has_bias: bool = True,
        add_bias_kv: bool = False,
        add_zero_attn: bool = False,
        kdim: int | None = None,
        vdim: int | None = None,
        batch_first: bool = False,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        who = "MultiheadAttention"
        self.embed_dim = check_positive_int(embed_dim, "embed_dim", who)
        self.num_heads = check_positive_int(num_heads, "num_heads", who)
        if embed_dim % num_heads:
            raise ValueError(
                f"{who}: `embed_dim` ({embed_dim}) must be divisible by `num_heads` ({num_heads})"
            )
        self.kdim = embed_dim if kdim is None else kdim
        self.vdim = embed_dim if vdim is None else vdim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.head_dim = embed_dim // num_heads
        self.dropout, self.batch_first = float(dropout), bool(batch_first)
        self.has_bias, self.add_zero_attn = bool(has_bias), bool(add_zero_attn)
        xavier = XavierUniform()
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(
                initializer(xavier, (3 * embed_dim, embed_dim), dtype), "in_proj_weight"
            )
        else:
            self.q_proj_weight = Parameter(
                initializer(xavier, (embed_dim, embed_dim), dtype), "q_proj_weight"
            )
            self.k_proj_weight = Parameter(
                initializer(xavier, (embed_dim, self.kdim), dtype), "k_proj_weight"
            )
            self.v_proj_weight = Parameter(
                initializer(xavier, (embed_dim, self.vdim), dtype), "v_proj_weight"
            )
        if self.has_bias:
            self.in_proj_bias = Parameter(
                initializer("zeros", (3 * embed_dim,), dtype), "in_proj_bias"
            )
        if add_bias_kv:
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_k")
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, embed_dim), dtype), "bias_v")
        self.add_bias_kv = bool(add_bias_kv)
        self.out_proj = Dense(
            embed_dim,
            embed_dim,
            has_bias=has_bias,
            weight_init=HeUniform(math.sqrt(5)),
            dtype=dtype,
        )

    def _projections(self):
        e = self.embed_dim
        if self._qkv_same_embed_dim:
            w = self.in_proj_weight.value()
            ws = (w[:e], w[e : 2 * e], w[2 * e :])
        else:
            ws = (
                self.q_proj_weight.value(),
                self.k_proj_weight.value(),
                self.v_proj_weight.value(),
            )
        if self.has_bias:
            b = self.in_proj_bias.value()
            bs = (b[:e], b[e : 2 * e], b[2 * e :])
        else:
            bs = (None, None, None)
        return ws, bs

    def construct(
        self,
        query,
        key,
        value,
        key_padding_mask=None,
        need_weights=True,
        attn_mask=None,
        average_attn_weights=True,
    ):
        q, k, v = unwrap(query), unwrap(key), unwrap(value)
        unbatched = q.ndim == 2
        if unbatched:
            q, k, v = q[:, None], k[:, None], v[:, None]
            if key_padding_mask is not None:
                key_padding_mask = unwrap(key_padding_mask)[None]
        elif self.batch_first:
            q, k, v = (jnp.swapaxes(t, 0, 1) for t in (q, k, v))
        if q.shape[-1] != self.embed_dim:
            raise ValueError(
                f"MultiheadAttention: `query` last dim must be {self.embed_dim}, "
                f"got shape {q.shape}"
            )
        (wq, wk, wv), (bq, bk, bv) = self._projections()
        q = q @ wq.T + (0 if bq is None else bq)
        k = k @ wk.T + (0 if bk is None else bk)
        v = v @ wv.T + (0 if bv is None else bv)
        length, batch = q.shape[0], q.shape[1]
        mask = _additive(attn_mask, q.dtype)
        kpm = _additive(key_padding_mask, q.dtype)
        if self.add_bias_kv:
            k = jnp.concatenate(
                [k, jnp.broadcast_to(self.bias_k.value(), (1, batch, self.embed_dim))]
            )
            v = jnp.concatenate(
                [v, jnp.broadcast_to(self.bias_v.value(), (1, batch, self.embed_dim))]
            )
            mask = None if mask is None else jnp.pad(mask, [(0, 0)] * (mask.ndim - 1) + [(0, 1)])
            kpm = None if kpm is None else jnp.pad(kpm, ((0, 0), (0, 1)))
        if self.add_zero_attn:
            k = jnp.concatenate([k, jnp.zeros((1,) + k.shape[1:], k.dtype)])
            v = jnp.concatenate([v, jnp.zeros((1,) + v.shape[1:], v.dtype)])
            mask = None if mask is None else jnp.pad(mask, [(0, 0)] * (mask.ndim - 1) + [(0, 1)])
            kpm = None if kpm is None else jnp.pad(kpm, ((0, 0), (0, 1)))
        h, d = self.num_heads, self.head_dim
        # (seq, batch, embed) -> (batch, heads, seq, head_dim)
        q = q.reshape(length, batch, h, d).transpose(1, 2, 0, 3)
        k = k.reshape(k.shape[0], batch, h, d).transpose(1, 2, 0, 3)
        v = v.reshape(v.shape[0], batch, h, d).transpose(1, 2, 0, 3)
        scores = (q / math.sqrt(d)) @ jnp.swapaxes(k, -1, -2)
        if mask is not None:
            scores = scores + (mask.reshape(batch, h, *mask.shape[-2:]) if mask.ndim == 3 else mask)
        if kpm is not None:
            scores = scores + kpm[:, None, None, :]
        weights = jax.nn.softmax(scores, axis=-1)
        dropped = weights
        if self.training and self.dropout > 0:
            keep = jax.random.bernoulli(next_key(), 1 - self.dropout, weights.shape)
            dropped = jnp.where(keep, weights / (1 - self.dropout), 0.0)
        out = (dropped @ v).transpose(2, 0, 1, 3).reshape(length, batch, self.embed_dim)
        out = self.out_proj(out)
        if unbatched:
            out = out[:, 0]
        elif self.batch_first:
            out = jnp.swapaxes(out, 0, 1)
        if not need_weights:
            return out, None
        if average_attn_weights:
            weights = jnp.mean(weights, axis=1)
        return out, (weights[0] if unbatched else weights)
