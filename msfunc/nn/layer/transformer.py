"""MultiheadAttention and the Transformer encoder/decoder layers, stacks and full model.

Parameter names and layouts follow MindSpore 2.10: ``in_proj_weight`` (3E, E) (or
``q/k/v_proj_weight`` when kdim/vdim differ), ``in_proj_bias``, ``out_proj`` a Dense;
layers hold ``self_attn``, ``multihead_attn``, ``dense1``, ``dense2``, ``norm1..3``.
Inputs are (seq, batch, embed) unless ``batch_first``; boolean masks mark positions that
may NOT be attended, float masks are added to the scores.
"""

import copy
import math

import jax
import jax.numpy as jnp

from ...common import dtype as mstype
from ...common.initializer import HeUniform, XavierNormal, XavierUniform, initializer
from ...common.parameter import Parameter
from ...common.seed import next_key
from ...common.tensor import unwrap
from ..cell import Cell
from ..containers import CellList
from .activation import get_activation
from .basic import Dense, Dropout, check_positive_int
from .normalization import LayerNorm

__all__ = [
    "MultiheadAttention",
    "TransformerEncoderLayer",
    "TransformerDecoderLayer",
    "TransformerEncoder",
    "TransformerDecoder",
    "Transformer",
]


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
    """Multi-head scaled dot-product attention.

    ``construct(query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
    average_attn_weights=True)`` returns ``(output, weights)``; weights are (N, L, S)
    averaged over heads (or (N, heads, L, S)), None when not `need_weights`.

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
        embed_dim,
        num_heads,
        dropout=0.0,
        has_bias=True,
        add_bias_kv=False,
        add_zero_attn=False,
        kdim=None,
        vdim=None,
        batch_first=False,
        dtype=mstype.float32,
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


def _activation(activation, who):
    if isinstance(activation, str):
        if activation not in ("relu", "gelu"):
            raise ValueError(
                f"{who}: `activation` must be 'relu', 'gelu' or a callable, got {activation!r}"
            )
        # MindSpore's transformer uses the exact (erf) GELU.
        return get_activation("relu") if activation == "relu" else _ExactGelu()
    if not callable(activation):
        raise TypeError(f"{who}: `activation` must be a str or callable, got {activation!r}")
    return activation


class _ExactGelu(Cell):
    def construct(self, x):
        return jax.nn.gelu(x, approximate=False)


class _FeedForwardLayer(Cell):
    """Shared pieces of the encoder and decoder layers."""

    def _feed_forward(self, x):
        return self.dropout2(self.dense2(self.dropout(self.activation(self.dense1(x)))))

    def _dense_pair(self, d_model, dim_feedforward, dropout, dtype):
        self.dense1 = Dense(
            d_model, dim_feedforward, weight_init=HeUniform(math.sqrt(5)), dtype=dtype
        )
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(
            dim_feedforward, d_model, weight_init=HeUniform(math.sqrt(5)), dtype=dtype
        )


class TransformerEncoderLayer(_FeedForwardLayer):
    """Self-attention then a feed-forward block, each with a residual and LayerNorm (after
    each block, or before it with `norm_first`).

    Example:
        >>> import msfunc as ms
        >>> layer = ms.nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> layer(ms.ops.ones((5, 2, 8))).shape  # (seq, batch, d_model)
        (5, 2, 8)
    """

    def __init__(
        self,
        d_model,
        nhead,
        dim_feedforward=2048,
        dropout=0.1,
        activation="relu",
        layer_norm_eps=1e-5,
        batch_first=False,
        norm_first=False,
        dtype=mstype.float32,
    ):
        super().__init__()
        self.self_attn = MultiheadAttention(
            d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype
        )
        self._dense_pair(d_model, dim_feedforward, dropout, dtype)
        self.norm_first = bool(norm_first)
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.activation = _activation(activation, "TransformerEncoderLayer")

    def _sa(self, x, mask, kpm):
        return self.dropout1(self.self_attn(x, x, x, kpm, False, mask)[0])

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        x = unwrap(src)
        if self.norm_first:
            x = x + self._sa(self.norm1(x), src_mask, src_key_padding_mask)
            return x + self._feed_forward(self.norm2(x))
        x = self.norm1(x + self._sa(x, src_mask, src_key_padding_mask))
        return self.norm2(x + self._feed_forward(x))


class TransformerDecoderLayer(_FeedForwardLayer):
    """Self-attention, attention over the encoder's `memory`, then a feed-forward block.

    Example:
        >>> import msfunc as ms
        >>> layer = ms.nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> layer(ms.ops.ones((3, 2, 8)), ms.ops.ones((5, 2, 8))).shape  # (target, memory)
        (3, 2, 8)
    """

    def __init__(
        self,
        d_model,
        nhead,
        dim_feedforward=2048,
        dropout=0.1,
        activation="relu",
        layer_norm_eps=1e-5,
        batch_first=False,
        norm_first=False,
        dtype=mstype.float32,
    ):
        super().__init__()
        self.self_attn = MultiheadAttention(
            d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype
        )
        self.multihead_attn = MultiheadAttention(
            d_model, nhead, dropout=dropout, batch_first=batch_first, dtype=dtype
        )
        self._dense_pair(d_model, dim_feedforward, dropout, dtype)
        self.norm_first = bool(norm_first)
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm3 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.dropout3 = Dropout(p=dropout)
        self.activation = _activation(activation, "TransformerDecoderLayer")

    def _feed_forward(self, x):
        return self.dropout3(self.dense2(self.dropout(self.activation(self.dense1(x)))))

    def _sa(self, x, mask, kpm):
        return self.dropout1(self.self_attn(x, x, x, kpm, False, mask)[0])

    def _mha(self, x, mem, mask, kpm):
        return self.dropout2(self.multihead_attn(x, mem, mem, kpm, False, mask)[0])

    def construct(
        self,
        tgt,
        memory,
        tgt_mask=None,
        memory_mask=None,
        tgt_key_padding_mask=None,
        memory_key_padding_mask=None,
    ):
        x, mem = unwrap(tgt), unwrap(memory)
        if self.norm_first:
            x = x + self._sa(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha(self.norm2(x), mem, memory_mask, memory_key_padding_mask)
            return x + self._feed_forward(self.norm3(x))
        x = self.norm1(x + self._sa(x, tgt_mask, tgt_key_padding_mask))
        x = self.norm2(x + self._mha(x, mem, memory_mask, memory_key_padding_mask))
        return self.norm3(x + self._feed_forward(x))


def _clones(layer, n, who):
    if not isinstance(layer, Cell):
        raise TypeError(f"{who}: the layer must be a Cell, got {type(layer).__name__}")
    check_positive_int(n, "num_layers", who)
    return CellList([copy.deepcopy(layer) for _ in range(n)])


class TransformerEncoder(Cell):
    """`num_layers` copies of `encoder_layer` applied in turn, then the optional `norm`.

    Example:
        >>> import msfunc as ms
        >>> layer = ms.nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> ms.nn.TransformerEncoder(layer, num_layers=2)(ms.ops.ones((5, 2, 8))).shape
        (5, 2, 8)
    """

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _clones(encoder_layer, num_layers, "TransformerEncoder")
        self.num_layers = num_layers
        self.norm = norm

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        for layer in self.layers:
            x = layer(x, src_mask, src_key_padding_mask)
        return x if self.norm is None else self.norm(x)


class TransformerDecoder(Cell):
    """`num_layers` copies of `decoder_layer` applied in turn, then the optional `norm`.

    Example:
        >>> import msfunc as ms
        >>> layer = ms.nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> decoder = ms.nn.TransformerDecoder(layer, num_layers=2)
        >>> decoder(ms.ops.ones((3, 2, 8)), ms.ops.ones((5, 2, 8))).shape
        (3, 2, 8)
    """

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _clones(decoder_layer, num_layers, "TransformerDecoder")
        self.num_layers = num_layers
        self.norm = norm

    def construct(
        self,
        tgt,
        memory,
        tgt_mask=None,
        memory_mask=None,
        tgt_key_padding_mask=None,
        memory_key_padding_mask=None,
    ):
        x = tgt
        for layer in self.layers:
            x = layer(
                x, memory, tgt_mask, memory_mask, tgt_key_padding_mask, memory_key_padding_mask
            )
        return x if self.norm is None else self.norm(x)


class Transformer(Cell):
    """Encoder-decoder Transformer; ``construct(src, tgt, ...)`` returns the decoder output.

    Weights with more than one dim start XavierUniform, as in MindSpore.

    Example:
        >>> import msfunc as ms
        >>> sizes = dict(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1)
        >>> model = ms.nn.Transformer(**sizes)
        >>> model(ms.ops.ones((5, 2, 8)), ms.ops.ones((3, 2, 8))).shape  # (src, tgt): tgt's shape
        (3, 2, 8)
    """

    def __init__(
        self,
        d_model=512,
        nhead=8,
        num_encoder_layers=6,
        num_decoder_layers=6,
        dim_feedforward=2048,
        dropout=0.1,
        activation="relu",
        custom_encoder=None,
        custom_decoder=None,
        layer_norm_eps=1e-5,
        batch_first=False,
        norm_first=False,
        dtype=mstype.float32,
    ):
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(
                d_model,
                nhead,
                dim_feedforward,
                dropout,
                activation,
                layer_norm_eps,
                batch_first,
                norm_first,
                dtype,
            )
            self.encoder = TransformerEncoder(
                layer, num_encoder_layers, LayerNorm((d_model,), epsilon=layer_norm_eps)
            )
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(
                d_model,
                nhead,
                dim_feedforward,
                dropout,
                activation,
                layer_norm_eps,
                batch_first,
                norm_first,
                dtype,
            )
            self.decoder = TransformerDecoder(
                layer, num_decoder_layers, LayerNorm((d_model,), epsilon=layer_norm_eps)
            )
        for p in self.get_parameters():
            if p.ndim > 1:
                p.set_data(initializer("xavier_uniform", p.shape, p.dtype))
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first

    def construct(
        self,
        src,
        tgt,
        src_mask=None,
        tgt_mask=None,
        memory_mask=None,
        src_key_padding_mask=None,
        tgt_key_padding_mask=None,
        memory_key_padding_mask=None,
    ):
        memory = self.encoder(src, src_mask, src_key_padding_mask)
        return self.decoder(
            tgt, memory, tgt_mask, memory_mask, tgt_key_padding_mask, memory_key_padding_mask
        )
