"""The Transformer encoder/decoder layers, their stacks and the full model.

Parameter names and layouts follow MindSpore 2.10 (MultiheadAttention: attention.py);
layers hold ``self_attn``, ``multihead_attn``, ``dense1``, ``dense2``, ``norm1..3``.
Inputs are (seq, batch, embed) unless ``batch_first``; boolean masks mark positions that
may NOT be attended, float masks are added to the scores.
"""

from __future__ import annotations

import copy
import math
from typing import TYPE_CHECKING

import jax

from ...common import dtype as mstype
from ...common.arg_docs import document_args
from ...common.initializer import HeUniform, initializer
from ...common.tensor import unwrap
from ..cell import Cell
from ..containers import CellList
from .activation import get_activation
from .attention import MultiheadAttention
from .basic import Dense, check_positive_int
from .dropout import Dropout
from .normalization import LayerNorm

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = [
    "TransformerEncoderLayer",
    "TransformerDecoderLayer",
    "TransformerEncoder",
    "TransformerDecoder",
    "Transformer",
]


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


# The Args of the encoder and decoder layers, which take the same arguments.
_LAYER_ARGS = """
d_model (int): The feature count of inputs and output.
nhead (int): The attention heads; they divide `d_model`.
dim_feedforward (int): The hidden size of the feed-forward block. Default: ``2048``.
dropout (float): The dropout probability after each block (in training). Default: ``0.1``.
activation (Union[str, Cell, Callable]): The feed-forward activation: ``"relu"``,
    ``"gelu"`` (exact) or a callable. Default: ``"relu"``.
layer_norm_eps (float): The LayerNorms' epsilon. Default: ``1e-5``.
batch_first (bool): Inputs and output are (batch, seq, feature). Default: ``False``.
norm_first (bool): Normalise before each block rather than after it. Default: ``False``.
dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.
"""


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


@document_args(_LAYER_ARGS)
class TransformerEncoderLayer(_FeedForwardLayer):
    """Self-attention then a feed-forward block, each with a residual and LayerNorm (after
    each block, or before it with `norm_first`).

    Args:
        {args}

    Inputs:
        src (Tensor): (S, N, d_model), or (N, S, d_model) with `batch_first`.
        src_mask (Union[Tensor, None]): The self-attention mask (S, S). Default: ``None``.
        src_key_padding_mask (Union[Tensor, None]): (N, S); True marks padding. Default: ``None``.

    Outputs:
        Tensor of `src`'s shape.

    Example:
        >>> import msfunc as ms
        >>> layer = ms.nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> layer(ms.ops.ones((5, 2, 8))).shape  # (seq, batch, d_model)
        (5, 2, 8)
    """

    def __init__(
        self,
        d_model: int,
        nhead: int,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: str | Cell | Callable[..., Any] = "relu",
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        dtype: mstype.Number = mstype.float32,
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


@document_args(_LAYER_ARGS)
class TransformerDecoderLayer(_FeedForwardLayer):
    """Self-attention, attention over the encoder's `memory`, then a feed-forward block.

    Args:
        {args}

    Inputs:
        tgt (Tensor): (T, N, d_model), or (N, T, d_model) with `batch_first`.
        memory (Tensor): The encoder's output (S, N, d_model), laid out as `tgt`.
        tgt_mask (Union[Tensor, None]): The self-attention mask (T, T). Default: ``None``.
        memory_mask (Union[Tensor, None]): The mask over `memory` (T, S). Default: ``None``.
        tgt_key_padding_mask (Union[Tensor, None]): (N, T); True marks padding. Default: ``None``.
        memory_key_padding_mask (Union[Tensor, None]): (N, S); True marks padding. Default:
            ``None``.

    Outputs:
        Tensor of `tgt`'s shape.

    Example:
        >>> import msfunc as ms
        >>> layer = ms.nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> layer(ms.ops.ones((3, 2, 8)), ms.ops.ones((5, 2, 8))).shape  # (target, memory)
        (3, 2, 8)
    """

    def __init__(
        self,
        d_model: int,
        nhead: int,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: str | Cell | Callable[..., Any] = "relu",
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        dtype: mstype.Number = mstype.float32,
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

    Args:
        encoder_layer (Cell): The layer (a TransformerEncoderLayer) copied `num_layers` times.
        num_layers (int): The number of copies.
        norm (Union[Cell, None]): Applied to the last layer's output. Default: ``None``.

    Inputs:
        src (Tensor): (S, N, d_model), or batch first as the layer.
        src_mask (Union[Tensor, None]): The self-attention mask (S, S). Default: ``None``.
        src_key_padding_mask (Union[Tensor, None]): (N, S); True marks padding. Default: ``None``.

    Outputs:
        Tensor of `src`'s shape.

    Example:
        >>> import msfunc as ms
        >>> layer = ms.nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> ms.nn.TransformerEncoder(layer, num_layers=2)(ms.ops.ones((5, 2, 8))).shape
        (5, 2, 8)
    """

    def __init__(self, encoder_layer: Cell, num_layers: int, norm: Cell | None = None):
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

    Args:
        decoder_layer (Cell): The layer (a TransformerDecoderLayer) copied `num_layers` times.
        num_layers (int): The number of copies.
        norm (Union[Cell, None]): Applied to the last layer's output. Default: ``None``.

    Inputs:
        tgt (Tensor): (T, N, d_model), or batch first as the layer.
        memory (Tensor): The encoder's output (S, N, d_model).
        tgt_mask (Union[Tensor, None]): The self-attention mask (T, T). Default: ``None``.
        memory_mask (Union[Tensor, None]): The mask over `memory` (T, S). Default: ``None``.
        tgt_key_padding_mask (Union[Tensor, None]): (N, T); True marks padding. Default: ``None``.
        memory_key_padding_mask (Union[Tensor, None]): (N, S); True marks padding. Default:
            ``None``.

    Outputs:
        Tensor of `tgt`'s shape.

    Example:
        >>> import msfunc as ms
        >>> layer = ms.nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16)
        >>> decoder = ms.nn.TransformerDecoder(layer, num_layers=2)
        >>> decoder(ms.ops.ones((3, 2, 8)), ms.ops.ones((5, 2, 8))).shape
        (3, 2, 8)
    """

    def __init__(self, decoder_layer: Cell, num_layers: int, norm: Cell | None = None):
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

    Args:
        d_model (int): The feature count of inputs and output. Default: ``512``.
        nhead (int): The attention heads; they divide `d_model`. Default: ``8``.
        num_encoder_layers (int): The encoder's layer count. Default: ``6``.
        num_decoder_layers (int): The decoder's layer count. Default: ``6``.
        dim_feedforward (int): The hidden size of the feed-forward blocks. Default: ``2048``.
        dropout (float): The dropout probability after each block (in training). Default: ``0.1``.
        activation (Union[str, Cell, Callable]): The feed-forward activation. Default: ``"relu"``.
        custom_encoder (Union[Cell, None]): Used instead of the built encoder. Default: ``None``.
        custom_decoder (Union[Cell, None]): Used instead of the built decoder. Default: ``None``.
        layer_norm_eps (float): The LayerNorms' epsilon. Default: ``1e-5``.
        batch_first (bool): Inputs and output are (batch, seq, feature). Default: ``False``.
        norm_first (bool): Normalise before each block rather than after it. Default: ``False``.
        dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        src (Tensor): The encoder's input (S, N, d_model), or batch first.
        tgt (Tensor): The decoder's input (T, N, d_model), or batch first.
        src_mask (Union[Tensor, None]): The encoder's self-attention mask. Default: ``None``.
        tgt_mask (Union[Tensor, None]): The decoder's self-attention mask. Default: ``None``.
        memory_mask (Union[Tensor, None]): The decoder's mask over the encoder output. Default:
            ``None``.
        src_key_padding_mask (Union[Tensor, None]): (N, S) padding. Default: ``None``.
        tgt_key_padding_mask (Union[Tensor, None]): (N, T) padding. Default: ``None``.
        memory_key_padding_mask (Union[Tensor, None]): (N, S) padding. Default: ``None``.

    Outputs:
        Tensor of `tgt`'s shape.

    Example:
        >>> import msfunc as ms
        >>> sizes = dict(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1)
        >>> model = ms.nn.Transformer(**sizes)
        >>> model(ms.ops.ones((5, 2, 8)), ms.ops.ones((3, 2, 8))).shape  # (src, tgt): tgt's shape
        (3, 2, 8)
    """

    def __init__(
        self,
        d_model: int = 512,
        nhead: int = 8,
        num_encoder_layers: int = 6,
        num_decoder_layers: int = 6,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: str | Cell | Callable[..., Any] = "relu",
        custom_encoder: Cell | None = None,
        custom_decoder: Cell | None = None,
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        dtype: mstype.Number = mstype.float32,
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
