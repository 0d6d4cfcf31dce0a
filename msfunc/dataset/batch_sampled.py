"""`GeneratorDataset(..., batch_sampler=..., collate_fn=...)`: rows that are whole batches,
read by the lists of ids a batch sampler yields and joined by `collate_fn` (else stacked)."""

from __future__ import annotations

import copy

import numpy as np

from .engine import Dataset, as_row, check_columns

__all__ = ["BatchSampledGenerator", "check_batch_sampler"]

_EXCLUSIVE = ("num_samples", "shuffle", "num_shards", "shard_id", "sampler")


def check_batch_sampler(batch_sampler, collate_fn, given):
    """Raise as MindSpore does for a `batch_sampler` or `collate_fn` it refuses, or one given
    with an argument it excludes (`given`: those arguments' values).

    Example:
        >>> check_batch_sampler([[0, 1]], None, {"shuffle": None})
        >>> check_batch_sampler(None, len, {})
        Traceback (most recent call last):
        ...
        ValueError: GeneratorDataset: `collate_fn` needs a `batch_sampler`
    """
    who = "GeneratorDataset"
    if batch_sampler is None:
        if collate_fn is not None:
            raise ValueError(f"{who}: `collate_fn` needs a `batch_sampler`")
        return
    if not (hasattr(batch_sampler, "__getitem__") or hasattr(batch_sampler, "__iter__")):
        raise TypeError(
            f"{who}: `batch_sampler` must be iterable (have __iter__ or __getitem__), got "
            f"{type(batch_sampler).__name__}"
        )
    if collate_fn is not None and not callable(collate_fn):
        raise TypeError(f"{who}: `collate_fn` must be callable, got {type(collate_fn).__name__}")
    clash = [name for name in _EXCLUSIVE if given.get(name) is not None]
    if clash:
        raise ValueError(f"{who}: `batch_sampler` excludes {', '.join(clash)}")


class BatchSampledGenerator(Dataset):
    """A random-access source read batch by batch: each list of ids `batch_sampler` yields is
    one row, its samples' columns passed to ``collate_fn(*columns)`` (a tuple of columns, or
    one column) or else stacked column by column. Each iterator reads from its own copy of
    the batch sampler as it was when the iterator started, as MindSpore's does.

    Example:
        >>> import numpy as np
        >>> source = [np.array([i]) for i in range(4)]
        >>> d = BatchSampledGenerator(source, ["x"], [[0, 1], [3]], None)
        >>> [r[0].tolist() for r in d.create_tuple_iterator(output_numpy=True)]
        [[[0], [1]], [[3]]]
    """

    def __init__(self, source, column_names, batch_sampler, collate_fn):
        if not (hasattr(source, "__getitem__") and hasattr(source, "__len__")):
            raise TypeError(
                "GeneratorDataset: a `batch_sampler` needs a random-access source "
                f"(__getitem__ and __len__), got {type(source).__name__}"
            )
        self.column_names = check_columns(column_names, "GeneratorDataset", "column_names")
        self._source = source
        self._batch_sampler = batch_sampler
        self._collate = collate_fn

    def _batch_size(self):
        return -1  # (batches of the sampler's sizes)

    def _size(self):
        if hasattr(self._batch_sampler, "__len__"):
            return len(self._batch_sampler)
        return sum(1 for _ in copy.deepcopy(self._batch_sampler))

    def _sampler(self, ctx):
        key = ("batch sampler", id(self))
        if key not in ctx.streams:
            ctx.streams[key] = copy.deepcopy(self._batch_sampler)
        return ctx.streams[key]

    def _rows(self, ctx):
        width = len(self.column_names)
        for number, batch in enumerate(self._sampler(ctx)):
            where = f"GeneratorDataset (batch {number})"
            ids = np.asarray(batch).reshape(-1)
            if ids.size and ids.dtype.kind not in "iu":
                raise RuntimeError(f"{where}: the batch sampler gave ids not ints: {batch}")
            samples = [self._sample(int(i)) for i in ids]
            columns = [list(c) for c in zip(*samples)] if samples else [[] for _ in range(width)]
            if self._collate is not None:
                yield as_row(self._collate(*columns), width, where)
            else:
                stacked = tuple(np.stack([np.asarray(v) for v in c]) for c in columns)
                yield as_row(stacked, width, where)

    def _sample(self, index):
        try:
            value = self._source[index]
        except Exception as exc:
            raise RuntimeError(
                f"GeneratorDataset: the source raised at sample {index}: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        return value if isinstance(value, tuple) else (value,)
