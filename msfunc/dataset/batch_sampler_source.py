"""`GeneratorDataset` with a `batch_sampler`: each row is one batch, the samples at the indices
the sampler yields, stacked per column or put together by `collate_fn`."""

from __future__ import annotations

import numpy as np

from .engine import as_row, check_columns
from .node_table import NODES
from .python_objects import column_value, stack_column
from .sources import GeneratorDataset

__all__ = ["BatchSampledGenerator"]

_EXCLUSIVE = ("num_samples", "shuffle", "num_shards", "shard_id", "sampler")


class BatchSampledGenerator(GeneratorDataset):
    """GeneratorDataset over a random-access source read in the batches `batch_sampler` gives.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.GeneratorDataset([np.array(i) for i in range(5)], ["x"],
        ...                            batch_sampler=[[0, 1], [4]])
        >>> [r[0].tolist() for r in data.create_tuple_iterator(output_numpy=True)]
        [[0, 1], [4]]
    """

    def __init__(self, source, column_names=None, *, batch_sampler, collate_fn=None, **kwargs):
        if column_names is None:
            raise ValueError("GeneratorDataset: `column_names` is required")
        self.column_names = check_columns(column_names, "GeneratorDataset", "column_names")
        if not (hasattr(batch_sampler, "__getitem__") or hasattr(batch_sampler, "__iter__")):
            raise TypeError(
                "GeneratorDataset: `batch_sampler` must be iterable or indexable, got "
                f"{type(batch_sampler).__name__}"
            )
        given = [k for k in _EXCLUSIVE if kwargs.get(k) is not None]
        if given:
            raise ValueError(f"GeneratorDataset: `batch_sampler` excludes {given}")
        if collate_fn is not None and not callable(collate_fn):
            raise TypeError(
                f"GeneratorDataset: `collate_fn` must be callable, got {type(collate_fn).__name__}"
            )
        if not (hasattr(source, "__getitem__") and hasattr(source, "__len__")):
            raise TypeError("GeneratorDataset: `batch_sampler` needs a random-access source")
        self._source = source
        self._batches = batch_sampler
        self._collate = collate_fn

    def _size(self):
        if hasattr(self._batches, "__len__"):
            return len(self._batches)
        return sum(1 for _ in self._batches)

    def _batch_size(self):
        return -1  # each batch has the size the sampler gives it

    def _rows(self, ctx):
        width = len(self.column_names)
        for indices in self._batches:
            for i in indices:
                if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
                    raise RuntimeError(
                        f"GeneratorDataset: `batch_sampler` gave the index {i!r}, not an int"
                    )
            samples = [as_row(self._source[int(i)], width, "GeneratorDataset") for i in indices]
            columns = [list(c) for c in zip(*samples)]
            if self._collate is None:
                yield tuple(stack_column(c) for c in columns)
                continue
            made = self._collate(*columns)
            if width == 1 and not isinstance(made, tuple):
                made = (made,)
            yield tuple(column_value(np.asarray(v) if isinstance(v, list) else v) for v in made)


NODES["BatchSampledGenerator"] = BatchSampledGenerator
