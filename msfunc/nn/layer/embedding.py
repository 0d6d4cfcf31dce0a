"""Embedding: a (vocab_size, embedding_size) lookup table named ``embedding_table``."""

import jax
import jax.numpy as jnp

from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter, unwrap
from ..cell import Cell
from .basic import check_positive_int

__all__ = ["Embedding"]


class Embedding(Cell):
    """Rows of ``embedding_table`` picked by integer ids: output shape ids.shape + (size,).

    `padding_idx` starts as a zero row; `use_one_hot` computes the lookup as a one-hot
    matmul (the same values).

    Example:
        >>> import msfunc as ms
        >>> emb = ms.nn.Embedding(4, 2, embedding_table="ones", padding_idx=0)
        >>> emb(ms.Tensor([[0, 3]], ms.int32)).tolist()
        [[[0.0, 0.0], [1.0, 1.0]]]
    """

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table="normal",
                 dtype=mstype.float32, padding_idx=None):
        super().__init__()
        self.vocab_size = check_positive_int(vocab_size, "vocab_size", "Embedding")
        self.embedding_size = check_positive_int(embedding_size, "embedding_size", "Embedding")
        self.use_one_hot = bool(use_one_hot)
        if padding_idx is not None:
            if isinstance(padding_idx, bool) or not isinstance(padding_idx, int) \
                    or not 0 <= padding_idx < vocab_size:
                raise ValueError(f"Embedding: `padding_idx` must be an int in "
                                 f"[0, {vocab_size}), got {padding_idx!r}")
        self.padding_idx = padding_idx
        self.dtype = dtype
        table = initializer(embedding_table, (vocab_size, embedding_size), mstype.float32)
        if padding_idx is not None:
            table = table.at[padding_idx].set(0)
        self.embedding_table = Parameter(table, name="embedding_table")

    def construct(self, ids):
        ids = unwrap(ids)
        if not jnp.issubdtype(jnp.asarray(ids).dtype, jnp.integer):
            raise TypeError(f"Embedding: `ids` must be an integer tensor, got {ids.dtype}")
        table = self.embedding_table.value()
        if self.use_one_hot:
            one_hot = jax.nn.one_hot(ids, self.vocab_size, dtype=table.dtype)
            return one_hot @ table
        return jnp.take(table, ids, axis=0)

    def extend_repr(self):
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
                f"dtype={self.dtype}, padding_idx={self.padding_idx}")
