"""`RandomDataset`: a source of random rows laid out by a `Schema` (or a random one)."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import config
from .engine import Dataset
from .schema import Schema

__all__ = ["Schema", "RandomDataset"]

# MindSpore's limits for what it makes up: columns, rank, dimension length and rows
_MAX_COLUMNS, _MAX_RANK, _MAX_DIM, _MAX_ROWS = 4, 4, 32, 1024
_RANDOM_TYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
                 "uint64", "float16", "float32", "float64")  # fmt: skip


class RandomDataset(Dataset):
    """Rows of random values: `total_rows` of them (a random count up to 1024 if None) in
    the layout of `schema` (a random one of up to 4 columns ``c0``, ``c1``... if None).
    Values are drawn from the pipeline seed, so a seeded pipeline repeats them.

    Args:
        total_rows (int, optional): Number of rows. Default: ``None``.
        schema (Union[Schema, str], optional): The layout, or a schema json file.
            Default: ``None``.
        columns_list (list[str], optional): Columns to keep. Default: ``None`` (all).
        num_samples (int, optional): At most this many rows, when there is no `schema`
            (MindSpore 2.10 ignores it beside a schema). Default: ``None``.
        num_parallel_workers (int, optional): Accepted; rows are made in one thread.
        cache (optional): Accepted; nothing is cached.
        shuffle (bool, optional): Accepted; the rows are random already.
        num_shards (int, optional): Accepted; each shard makes its own random rows.
        shard_id (int, optional): Accepted, as `num_shards`.

    Raises:
        TypeError: `schema` is neither a Schema nor a path.
        ValueError: `total_rows` or `num_samples` is negative.

    Example:
        >>> import msfunc as ms, msfunc.dataset as ds
        >>> schema = ds.Schema()
        >>> schema.add_column("image", de_type=ms.uint8, shape=[2])
        >>> d = ds.RandomDataset(total_rows=3, schema=schema)
        >>> d.get_dataset_size(), [r[0].shape for r in d.create_tuple_iterator(output_numpy=True)]
        (3, [(2,), (2,), (2,)])
    """

    def __init__(
        self,
        total_rows: int | None = None,
        schema: Schema | str | None = None,
        columns_list: list[str] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        cache: Any = None,
        shuffle: bool | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        for name, value in (("total_rows", total_rows), ("num_samples", num_samples)):
            if value is not None and (not isinstance(value, int) or value < 0):
                raise ValueError(f"RandomDataset: `{name}` must be an int >= 0, got {value!r}")
        capped = schema is None  # beside a schema MindSpore 2.10 ignores num_samples
        if isinstance(schema, str):
            schema = Schema(schema)
        if schema is not None and not isinstance(schema, Schema):
            raise TypeError(f"RandomDataset: `schema` must be a Schema or a path, got {schema!r}")
        layout = np.random.default_rng(config.pipeline_seed())
        if schema is None or not schema.columns:
            schema = Schema()
            for i in range(int(layout.integers(1, _MAX_COLUMNS + 1))):
                rank = int(layout.integers(1, _MAX_RANK + 1))
                shape = [int(d) for d in layout.integers(1, _MAX_DIM + 1, rank)]
                schema.add_column(f"c{i}", layout.choice(_RANDOM_TYPES), shape)
        self._columns = [
            c for c in schema.columns if columns_list is None or c["name"] in columns_list
        ]
        self.column_names = [c["name"] for c in self._columns]
        self._total = total_rows or int(layout.integers(1, _MAX_ROWS + 1))
        if num_samples and capped:
            self._total = min(self._total, num_samples)
        self.children = ()

    def _size(self):
        return self._total

    def _value(self, rng, column):
        shape = column["shape"] or [int(d) for d in rng.integers(1, _MAX_DIM + 1, 1)]
        dtype = column["type"]
        if dtype.kind == "b":
            return rng.integers(0, 2, shape).astype(bool)
        if dtype.kind in "iu":
            info = np.iinfo(dtype)
            return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
        return rng.standard_normal(shape).astype(dtype)

    def _rows(self, ctx):
        rng = ctx.rng(self)
        for _ in range(self._total):
            yield tuple(self._value(rng, c) for c in self._columns)
