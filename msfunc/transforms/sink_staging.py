"""Staging an in-memory msfunc dataset on the device for `data_sink`, as MindSpore's device
queue holds a sink's data there.

A pipeline of an in-memory source (`NumpySlicesDataset`, or a `GeneratorDataset` over a
list, tuple or array) through shuffles, repeats, takes and skips to one final `batch` moves
rows without changing them. Its data goes to the device once; each sink call then needs only
which rows its batches hold. Those come from the pipeline itself, run over row numbers
instead of rows (the same nodes, seeds, epochs and carried random streams as the dataset's
own iterator: the order is exactly what iterating the dataset gives), a whole epoch at a
time, cheaply; the compiled loop gathers its batches from the staged columns.
"""

from __future__ import annotations

import copy

import jax
import numpy as np

__all__ = ["StagedDataset"]

_MAX_STAGED_BYTES = 1 << 30  # larger data is read batch by batch, as before


class StagedDataset:
    """A dataset's columns on the device and the row numbers of its batches, epoch after
    epoch (`of` returns None for a pipeline that cannot be staged).

    Example:
        >>> import msfunc.dataset as ds
        >>> d = ds.NumpySlicesDataset({"x": np.arange(6.0)}, shuffle=False).batch(2)
        >>> staged = StagedDataset.of(d)
        >>> staged.take(4).tolist()  # (an epoch has 3 batches: the fourth starts the next)
        [[0, 1], [2, 3], [4, 5], [0, 1]]
    """

    def __init__(self, dataset, columns, numbered, batch_size):
        self.columns = columns  # one device array per column, every row of the source
        self._dataset = dataset
        self._numbered = numbered  # the pipeline over row numbers (`_numbered`)
        self._batch_size = batch_size  # None: rows are not batched
        self._seed = None  # read when the first batch is taken, as an iterator does
        self._streams = {}  # the random state carried from epoch to epoch
        self._epoch = 0
        self._pending = np.zeros((0,) if batch_size is None else (0, batch_size), np.int32)

    @classmethod
    def of(cls, dataset):
        """The staged form of `dataset`, or None where it cannot be staged (a `map`, a
        source read by user code, data larger than the device should hold)."""
        from ..dataset.nodes import Batch, Repeat, Shuffle, Skip, Take
        from ..parallel.data_parallel import is_data_parallel

        if is_data_parallel():
            return None
        batch_size, node = None, dataset
        if type(node) is Batch:
            if node._pad or node._per_batch_map is not None or node._size_fn is not None:
                return None
            batch_size, node = node._size_per_batch, node.children[0]
            rows = node._size()
            if not dataset._drop and (rows is None or rows % batch_size):
                return None  # (a short last batch: the batch-by-batch path deals with it)
        while type(node) in (Shuffle, Repeat, Take, Skip):
            node = node.children[0]
        columns = _source_columns(node)
        if columns is None or sum(c.nbytes for c in columns) > _MAX_STAGED_BYTES:
            return None
        if any(c.dtype.kind in "SUO" for c in columns):
            return None  # (text stays on the host)
        return cls(
            dataset, tuple(jax.device_put(c) for c in columns), _numbered(dataset, node), batch_size
        )

    def take(self, count):
        """The row numbers of the next `count` batches: an int32 array (count, batch size),
        or (count,) for unbatched rows."""
        from ..dataset import config

        if self._seed is None:
            self._seed = config.pipeline_seed()
            init_step = self._dataset.get_init_step()
            if init_step:  # (as an iterator resumes: whole epochs skipped, then batches)
                self._epoch, skip = divmod(init_step, self._dataset.get_dataset_size())
                self._pending = self._epoch_batches()[skip:]
        empty = 0
        while len(self._pending) < count:
            batches = self._epoch_batches()
            empty = empty + 1 if len(batches) == 0 else 0
            if empty == 2:
                raise ValueError("data_sink: the dataset yields no batches")
            self._pending = np.concatenate([self._pending, batches])
        taken, self._pending = self._pending[:count], self._pending[count:]
        return taken

    def _epoch_batches(self):
        from ..dataset.engine import Dataset

        # (`epoch_rows` numbers the nodes as the dataset's own iterator does)
        numbers = Dataset.epoch_rows(self._numbered, self._seed, self._epoch, self._streams)
        rows = np.fromiter(numbers, np.int64)
        self._epoch += 1
        if self._batch_size is None:
            return rows.astype(np.int32)
        whole = len(rows) // self._batch_size * self._batch_size  # (drop_remainder)
        return rows[:whole].reshape(-1, self._batch_size).astype(np.int32)


def _source_columns(source):
    """The columns of an in-memory source, every row in index order, or None."""
    from ..dataset import sources

    if type(source) is sources.NumpySlicesDataset:
        return [np.asarray(c) for c in source._columns]
    if type(source) is getattr(sources, "_RandomAccessGenerator", None) and type(
        source._source
    ) in (list, tuple, np.ndarray):
        # (a list of samples in memory; a class's __getitem__ may compute or draw: not staged)
        rows = [source._get(i) for i in range(len(source._source))]
        if not rows:
            return None
        shapes = {tuple(np.shape(c) for c in row) for row in rows}
        if len(shapes) != 1:
            return None
        return [np.stack(column) for column in zip(*rows)]
    return None


def _numbered(dataset, source):
    """A copy of the pipeline from `dataset` down to `source` whose source yields row numbers
    and whose final batch passes them on one by one (batched by `take`). Its nodes sit where
    the originals do, so each draws the random numbers the original draws."""
    if dataset is source:
        numbered = copy.copy(source)
        numbered._rows = lambda ctx: iter(numbered._order(ctx).tolist())
        return numbered
    child = _numbered(dataset.children[0], source)
    from ..dataset.nodes import Batch

    if type(dataset) is Batch:
        return _RowNumbers(child)
    numbered = copy.copy(dataset)
    numbered.children = (child,)
    return numbered


class _RowNumbers:
    """Stands where a batch stands, passing its child's row numbers on unbatched."""

    def __init__(self, child):
        self.children = (child,)

    def _rows(self, ctx):
        return self.children[0]._rows(ctx)
