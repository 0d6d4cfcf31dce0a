"""MindSpore's pipeline read-ahead: rows of a Python-sourced pipeline read before they are used."""

from __future__ import annotations

import math
from collections import deque

from . import config

__all__ = ["ReadAhead", "rows_read_ahead"]


def _walk(dataset):
    yield dataset
    for child in getattr(dataset, "children", ()):
        yield from _walk(child)


def rows_read_ahead(dataset) -> int:
    """Output rows a MindSpore program's pipeline has read when its consumer takes the first
    one; 0 where msfunc reads each row only when it is asked for.

    MindSpore runs a pipeline on threads of its own, started by the first read, each
    operation filling a queue of `config.get_prefetch_size()` (p) entries. Measured under
    MindSpore 2.10 with a `GeneratorDataset` drawing from numpy's global generator, a
    consumer taking its first row finds ``6p + 6`` rows read, or with a `batch` of b rows
    ``p + 5`` batches plus ``5p`` source rows; from then on one row is read for each row
    taken. A pipeline small enough to fit is thus read whole, every epoch of it, before its
    first row is used, which decides the draws such a source and the program share. An
    iterator made with no last epoch (``num_epochs=-1``) reads each epoch only once the one
    before has been read to its end (beyond that MindSpore's order varies from run to run;
    its own threads race the program's). Only
    pipelines with a Python source are read ahead (reading other sources has no effect a
    program sees), and none with a `sync_wait` gate (its rows wait for the consumer).

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
        >>> rows_read_ahead(data)
        0
    """
    from ..context import mindspore_dtype_checks

    if not mindspore_dtype_checks():  # (a MindSpore program; msfunc's own reads lazily)
        return 0
    nodes = list(_walk(dataset))
    # (told by class name: the sources module imports the engine, which imports this one)
    if not any(c.__name__ == "GeneratorDataset" for n in nodes for c in type(n).__mro__):
        return 0
    if any(hasattr(n, "condition_name") for n in nodes):
        return 0
    prefetch = config.get_prefetch_size()
    sizes = [getattr(n, "_size_per_batch", None) for n in nodes if hasattr(n, "_size_fn")]
    if not sizes:
        return 6 * prefetch + 6
    size = sizes[0] if isinstance(sizes[0], int) and sizes[0] > 0 else 1
    return prefetch + 5 + math.ceil(5 * prefetch / size)


class ReadAhead:
    """The rows of successive epochs, read `depth` rows ahead of the one taken.

    `open_epoch(epoch)` gives an epoch's rows. An epoch's end, and an error the pipeline
    raised, come to the consumer where they happened, after the rows read before them.

    Example:
        >>> ahead = ReadAhead(lambda epoch: iter([epoch, epoch]), 0, 2, depth=3)
        >>> ahead.take(), ahead.take()
        (0, 0)
    """

    _ROW, _END, _ERROR = range(3)

    def __init__(self, open_epoch, first_epoch: int, num_epochs: int, depth: int) -> None:
        self._open = open_epoch
        self._epoch = first_epoch  # the epoch being read (ahead of the consumer's)
        self._num_epochs = num_epochs
        self._depth = depth
        self._rows = None
        self._queue = deque()
        self._held = 0  # rows in the queue
        self._read_in_epoch = 0
        self._closed = False

    def _fill(self):
        while self._held < self._depth and not self._closed:
            if self._rows is None:
                if self._num_epochs == -1 and self._queue:
                    return  # (with no last epoch, MindSpore's next epoch waits for the end's read)
                if self._num_epochs != -1 and self._epoch >= self._num_epochs:
                    return
                self._rows = self._open(self._epoch)
                self._read_in_epoch = 0
            try:
                row = next(self._rows)
            except StopIteration:
                if self._end_epoch():
                    return
                continue
            except Exception as error:  # (given to the consumer at its place; the epoch ends)
                self._queue.append((self._ERROR, error))
                self._end_epoch()
                return
            self._queue.append((self._ROW, row))
            self._held += 1
            self._read_in_epoch += 1

    def _end_epoch(self):
        """Mark the epoch's end; True when it had no rows (an empty pipeline with no last
        epoch would otherwise be read without end)."""
        self._queue.append((self._END, None))
        self._rows = None
        self._epoch += 1
        return self._read_in_epoch == 0

    def take(self):
        """The next row; StopIteration where an epoch ends; the pipeline's error where it
        was raised."""
        self._fill()
        if not self._queue:
            raise StopIteration
        kind, value = self._queue.popleft()
        if kind == self._ROW:
            self._held -= 1
            return value
        if kind == self._ERROR:
            raise value
        raise StopIteration

    def close(self):
        """Stop reading: the epoch being read is closed and the rows held are dropped."""
        self._closed = True
        rows, self._rows = self._rows, None
        self._queue.clear()
        self._held = 0
        if rows is not None and hasattr(rows, "close"):
            rows.close()
