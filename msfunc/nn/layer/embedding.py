"""Embedding tables named ``embedding_table``: Embedding, EmbeddingLookup (out-of-range ids
give zero rows) and MultiFieldEmbeddingLookup (embeddings pooled per field)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import unwrap
from .._arg_checks import check_flag, check_rate, check_steps
from ..cell import Cell
from .basic import check_positive_int

if TYPE_CHECKING:
    from ...common.initializer import Initializer
    from ...common.tensor import Tensor

__all__ = ["Embedding", "EmbeddingLookup", "MultiFieldEmbeddingLookup"]


class Embedding(Cell):
    """Rows of ``embedding_table`` picked by integer ids: output shape ids.shape + (size,).

    `padding_idx` starts as a zero row; `use_one_hot` computes the lookup as a one-hot
    matmul (the same values).

    Args:
        vocab_size (int): The number of rows (distinct ids).
        embedding_size (int): The length of each row.
        use_one_hot (bool): Compute the lookup as a one-hot matmul. Default: ``False``.
        embedding_table (Union[str, Initializer, Tensor]): The table's initializer.
            Default: ``"normal"``.
        dtype (mstype.Number): The table's dtype. Default: ``mstype.float32``.
        padding_idx (Union[int, None]): A row that starts as zeros. Default: ``None``.

    Inputs:
        ids (Tensor): Integer ids in ``[0, vocab_size)``, any shape.

    Outputs:
        Tensor, ids' shape + (embedding_size,), of `dtype`.

    Example:
        >>> import msfunc as ms
        >>> emb = ms.nn.Embedding(4, 2, embedding_table="ones", padding_idx=0)
        >>> emb(ms.Tensor([[0, 3]], ms.int32)).tolist()
        [[[0.0, 0.0], [1.0, 1.0]]]
    """

    def __init__(
        self,
        vocab_size: int,
        embedding_size: int,
        use_one_hot: bool = False,
        embedding_table: str | Initializer | Tensor = "normal",
        dtype: mstype.Number = mstype.float32,
        padding_idx: int | None = None,
    ):
        super().__init__()
        self.vocab_size = check_positive_int(vocab_size, "vocab_size", "Embedding")
        self.embedding_size = check_positive_int(embedding_size, "embedding_size", "Embedding")
        self.use_one_hot = bool(use_one_hot)
        if padding_idx is not None:
            if (
                isinstance(padding_idx, bool)
                or not isinstance(padding_idx, int)
                or not 0 <= padding_idx < vocab_size
            ):
                raise ValueError(
                    f"Embedding: `padding_idx` must be an int in "
                    f"[0, {vocab_size}), got {padding_idx!r}"
                )
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
        return (
            f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
            f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
            f"dtype={self.dtype}, padding_idx={self.padding_idx}"
        )


_TARGETS = ("CPU", "DEVICE")
_SLICE_MODES = ("batch_slice", "field_slice", "table_row_slice", "table_column_slice")
_OPERATORS = ("SUM", "MEAN", "MAX")


def _check_choice(who, name, value, allowed):
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{who}: `{name}` must be one of {allowed}, got {value!r}")
    return value


def _int_tensor(value, name, who, allowed=(jnp.int32, jnp.int64)):
    x = jnp.asarray(unwrap(value))
    if x.dtype not in allowed:
        names = [jnp.dtype(d).name for d in allowed]
        raise TypeError(f"{who}: `{name}` must be a tensor of {names}, got {x.dtype}")
    return x


def _lookup(table, ids, max_norm):
    """Rows of `table` at `ids`; an id outside [0, vocab) gives a zero row. With `max_norm`,
    a row whose L2 norm is larger is scaled down to that norm."""
    valid = (ids >= 0) & (ids < table.shape[0])
    rows = jnp.take(table, jnp.where(valid, ids, 0), axis=0)
    rows = jnp.where(valid[..., None], rows, jnp.zeros((), rows.dtype))
    if max_norm is not None:
        sq = jnp.sum(jnp.square(rows), axis=-1, keepdims=True)
        too_long = sq > max_norm * max_norm
        norm = jnp.sqrt(jnp.where(too_long, sq, 1))  # where, so the gradient stays finite
        rows = jnp.where(too_long, rows * (max_norm / norm), rows)
    return rows


class EmbeddingLookup(Cell):
    """Rows of ``embedding_table`` (vocab_size, embedding_size) picked by int32/int64 ids;
    an id outside [0, vocab_size) gives a zero row.

    `max_norm` scales each looked-up row whose L2 norm exceeds it down to that norm.
    `target`, `slice_mode`, `manual_shapes` and `sparse` say where and how MindSpore places
    and shards the table; on one JAX device they are checked and recorded only.

    Args:
        vocab_size (int): The number of rows.
        embedding_size (int): The length of each row.
        param_init (Union[str, Initializer, Tensor]): The table's initializer.
            Default: ``"normal"``.
        target (str): ``"CPU"`` or ``"DEVICE"``, where MindSpore keeps the table.
            Default: ``"CPU"``.
        slice_mode (str): How MindSpore shards the table, e.g. ``"batch_slice"``.
            Default: ``"batch_slice"``.
        manual_shapes (Union[tuple, None]): The shard sizes of ``"field_slice"``.
            Default: ``None``.
        max_norm (Union[float, None]): The largest L2 norm of a looked-up row.
            Default: ``None``.
        sparse (bool): MindSpore's sparse update; must be ``True`` with target ``"CPU"``.
            Default: ``True``.
        dtype (mstype.Number): The table's dtype. Default: ``mstype.float32``.

    Inputs:
        indices (Tensor): int32 or int64 ids, any shape.

    Outputs:
        Tensor, ids' shape + (embedding_size,).

    Example:
        >>> import msfunc as ms
        >>> emb = ms.nn.EmbeddingLookup(3, 2, param_init="ones")
        >>> emb(ms.Tensor([[0, 2], [5, 1]], ms.int32)).tolist()
        [[[1.0, 1.0], [1.0, 1.0]], [[0.0, 0.0], [1.0, 1.0]]]
    """

    def __init__(
        self,
        vocab_size: int,
        embedding_size: int,
        param_init: str | Initializer | Tensor = "normal",
        target: str = "CPU",
        slice_mode: str = "batch_slice",
        manual_shapes: tuple[int, ...] | None = None,
        max_norm: float | None = None,
        sparse: bool = True,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        who = type(self).__name__
        self.vocab_size = check_steps(who, "vocab_size", vocab_size)
        self.embedding_size = check_steps(who, "embedding_size", embedding_size)
        self.target = _check_choice(who, "target", target, _TARGETS)
        self.sparse = check_flag(who, "sparse", sparse)
        if target == "CPU" and not sparse:
            raise ValueError(f"{who}: `sparse` must be True when `target` is 'CPU'")
        self.slice_mode = _check_choice(who, "slice_mode", slice_mode, _SLICE_MODES)
        if manual_shapes is not None and not isinstance(manual_shapes, (tuple, list)):
            raise TypeError(
                f"{who}: `manual_shapes` must be a tuple or None, got "
                f"{type(manual_shapes).__name__}"
            )
        self.manual_shapes = manual_shapes
        self.max_norm = None if max_norm is None else check_rate(who, "max_norm", max_norm)
        self.embedding_table = Parameter(
            initializer(param_init, (vocab_size, embedding_size), dtype), name="embedding_table"
        )

    def construct(self, indices):
        ids = _int_tensor(indices, "indices", type(self).__name__)
        return _lookup(self.embedding_table.value(), ids, self.max_norm)


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    """Per-field pooled embeddings of sparse features: output (batch, field_size,
    embedding_size).

    Position (b, s) contributes ``embedding_table[input_indices[b, s]] * input_values[b, s]``
    to field ``field_ids[b, s]``; `operator` pools a field's contributions: 'SUM', 'MAX'
    (elementwise), or 'MEAN' (the sum divided by the sum of the field's ``|input_values|``).
    A field with no position (or zero total weight, for 'MEAN') is zero. The three inputs are
    (batch, seq): indices int32/int64, values float32, field ids int32; a field id outside
    [0, field_size) is dropped. `feature_num_list`, like the placement arguments, only
    matters to MindSpore's sharding and is recorded.

    Args:
        vocab_size (int): The number of rows.
        embedding_size (int): The length of each row.
        field_size (int): The number of fields in the output.
        param_init (Union[str, Initializer, Tensor]): The table's initializer.
            Default: ``"normal"``.
        target (str): ``"CPU"`` or ``"DEVICE"``. Default: ``"CPU"``.
        slice_mode (str): How MindSpore shards the table. Default: ``"batch_slice"``.
        feature_num_list (Union[list, None]): The per-shard feature counts of
            ``"field_slice"``. Default: ``None``.
        max_norm (Union[float, None]): The largest L2 norm of a looked-up row.
            Default: ``None``.
        sparse (bool): MindSpore's sparse update. Default: ``True``.
        operator (str): ``"SUM"``, ``"MAX"`` or ``"MEAN"``. Default: ``"SUM"``.
        dtype (mstype.Number): The table's dtype. Default: ``mstype.float32``.

    Inputs:
        input_indices (Tensor): (batch, seq) int32/int64 ids.
        input_values (Tensor): (batch, seq) float32 weights.
        field_ids (Tensor): (batch, seq) int32 field of each position.

    Outputs:
        Tensor (batch, field_size, embedding_size).

    Example:
        >>> import msfunc as ms
        >>> emb = ms.nn.MultiFieldEmbeddingLookup(3, 1, 2, param_init="ones")
        >>> ids = ms.Tensor([[0, 1, 2]], ms.int32)
        >>> values = ms.Tensor([[1.0, 2.0, 4.0]], ms.float32)
        >>> emb(ids, values, ms.Tensor([[0, 0, 1]], ms.int32)).tolist()
        [[[3.0], [4.0]]]
    """

    def __init__(
        self,
        vocab_size: int,
        embedding_size: int,
        field_size: int,
        param_init: str | Initializer | Tensor = "normal",
        target: str = "CPU",
        slice_mode: str = "batch_slice",
        feature_num_list: list[int] | None = None,
        max_norm: float | None = None,
        sparse: bool = True,
        operator: str = "SUM",
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__(
            vocab_size,
            embedding_size,
            param_init,
            target,
            slice_mode,
            None,
            max_norm,
            sparse,
            dtype,
        )
        who = "MultiFieldEmbeddingLookup"
        self.field_size = check_steps(who, "field_size", field_size)
        self.operator = _check_choice(who, "operator", operator, _OPERATORS)
        self.feature_num_list = feature_num_list

    def construct(self, input_indices, input_values, field_ids):
        who = "MultiFieldEmbeddingLookup"
        shapes = [jnp.shape(unwrap(a)) for a in (input_indices, input_values, field_ids)]
        for name, shape in zip(("input_indices", "input_values", "field_ids"), shapes):
            if len(shape) != 2:
                raise ValueError(f"{who}: `{name}` must be 2-D (batch, seq), got shape {shape}")
        if not shapes[0] == shapes[1] == shapes[2]:
            raise ValueError(
                f"{who}: `input_indices`, `input_values` and `field_ids` must "
                f"have the same shape, got {shapes}"
            )
        ids = _int_tensor(input_indices, "input_indices", who)
        values = jnp.asarray(unwrap(input_values))
        if values.dtype != jnp.float32:
            raise TypeError(f"{who}: `input_values` must be float32, got {values.dtype}")
        fields = _int_tensor(field_ids, "field_ids", who, (jnp.int32,))
        table = self.embedding_table.value()
        weighted = _lookup(table, ids, self.max_norm) * values[..., None].astype(table.dtype)
        # member[b, s, f]: position s of sample b belongs to field f.
        member = fields[..., None] == jnp.arange(self.field_size, dtype=fields.dtype)
        if self.operator == "MAX":
            lowest = jnp.finfo(weighted.dtype).min
            picked = jnp.where(member[..., None], weighted[:, :, None, :], lowest)
            pooled = jnp.max(picked, axis=1)
            return jnp.where(jnp.any(member, axis=1)[..., None], pooled, 0)
        mask = member.astype(weighted.dtype)
        total = jnp.einsum("bsf,bse->bfe", mask, weighted)
        if self.operator == "SUM":
            return total
        weight = jnp.einsum("bsf,bs->bf", mask, jnp.abs(values).astype(weighted.dtype))
        safe = jnp.where(weight > 0, weight, 1)[..., None]
        return jnp.where(weight[..., None] > 0, total / safe, 0)
