"""Where `data_sink` gets its batches: a dataset or iterable, taken `sink_size` at a time and
stacked into one array per column (one host-to-device transfer), the next chunk prepared
on a background thread while the current one runs.

Epochs: an msfunc dataset is read through one iterator that runs epoch after epoch
(each reshuffled), so a sink that crosses an epoch end takes the rest of its batches
from the next epoch, as MindSpore's sink does; a dataset shorter than `sink_size`
wraps around the same way. Other re-iterable datasets restart when exhausted; a
one-shot iterator raises StopIteration when it runs out (never a short chunk).
Every batch of one chunk must have the same shapes: a ragged last batch
(``batch(..., drop_remainder=False)``) is an error naming the column, not truncated.
"""

from __future__ import annotations

import threading

import jax
import jax.numpy as jnp
import numpy as np

from ..common.tensor import unwrap

__all__ = ["BatchSource", "stack_batches"]


def _is_msfunc_dataset(dataset):
    from ..dataset.engine import Dataset  # the dataset layer sits above transforms

    return isinstance(dataset, Dataset)


class BatchSource:
    """Hands out batches from a dataset, running on across epochs.

    Example:
        >>> src = BatchSource([(np.ones(2),), (np.zeros(2),)])
        >>> [c[0].tolist() for c in src.take(3)]
        [[1.0, 1.0], [0.0, 0.0], [1.0, 1.0]]
    """

    def __init__(self, dataset):
        self._prefetcher = None
        self._pending = None
        self._lock = threading.Lock()
        self._iterator = None
        self._epochs_run_on = False
        # A list or tuple of batches is held in memory already: it moves to the device once.
        self._sequence = dataset if isinstance(dataset, (list, tuple)) else None
        self._resident = None
        self._dataset = dataset if _is_msfunc_dataset(dataset) else None
        if _is_msfunc_dataset(dataset):
            self._start = lambda: dataset.create_tuple_iterator(num_epochs=-1, output_numpy=True)
            self._epochs_run_on = True
        elif hasattr(dataset, "create_tuple_iterator"):
            self._start = dataset.create_tuple_iterator
        elif hasattr(dataset, "__iter__"):
            if iter(dataset) is dataset:  # a one-shot iterator or generator
                self._start = None
                self._iterator = dataset
            else:
                self._start = lambda: iter(dataset)
        else:
            raise TypeError(
                "data_sink: `dataset` must be iterable or have "
                f"create_tuple_iterator(), got {type(dataset).__name__}"
            )

    def take(self, count):
        """The next `count` batches, each a tuple of columns."""
        with self._lock:
            return self._take(count)

    def _take(self, count):
        taken = []
        at_end = False  # an end with no batch since the last one: the dataset is empty
        while len(taken) < count:
            if self._iterator is None:
                self._iterator = self._start()
            batch = next(self._iterator, _END)
            if batch is _END:
                if self._start is None:
                    raise StopIteration("data_sink: the dataset iterator is exhausted")
                if at_end:
                    raise ValueError("data_sink: the dataset yields no batches")
                at_end = True
                if not self._epochs_run_on:  # the msfunc iterator starts its next epoch itself
                    self._iterator = None
                continue
            at_end = False
            taken.append(_columns(batch))
        return taken

    def resident_columns(self):
        """For a list or tuple of batches: all of them stacked per column on the device, made
        once (the compiled loop then picks each sink's batches there); None for other datasets.

        Example:
            >>> src = BatchSource([(np.ones(2),), (np.zeros(2),)])
            >>> [c.shape for c in src.resident_columns()]
            [(2, 2)]
        """
        from ..parallel.data_parallel import is_data_parallel

        if self._sequence is None or is_data_parallel():
            return None
        if self._resident is None:
            if not self._sequence:
                raise ValueError("data_sink: the dataset yields no batches")
            self._resident = stack_batches([_columns(b) for b in self._sequence])
        return self._resident

    def staged(self):
        """For an in-memory msfunc dataset: its data on the device and the row numbers of its
        batches (`sink_staging.StagedDataset`); None for other datasets."""
        from .sink_staging import StagedDataset

        return None if self._dataset is None else StagedDataset.of(self._dataset)

    def next_chunk(self, count, stack=None):
        """The next `count` batches stacked per column by `stack` (`stack_batches`), on the device.

        The chunk after it is prepared on a background thread meanwhile (the order
        of batches is exactly that of `take`).
        """
        stack = stack_batches if stack is None else stack
        if self._pending is not None and self._pending[0] == count:
            future = self._pending[1]
            self._pending = None
            chunk = future.result()  # re-raises what the background read raised
        else:
            if self._pending is not None:  # asked for another size: wait, keep the batches
                self._pending[1].result()
            chunk = stack(self.take(count))
        if self._prefetcher is None:
            from concurrent.futures import ThreadPoolExecutor  # (on first use: and its threads)

            self._prefetcher = ThreadPoolExecutor(1, thread_name_prefix="msfunc.data_sink")
        self._pending = (count, self._prefetcher.submit(lambda: stack(self.take(count))))
        return chunk

    def close(self):
        """Stop the background reader."""
        if self._prefetcher is not None:
            self._prefetcher.shutdown(wait=False, cancel_futures=True)
            self._prefetcher = None

    def __del__(self):
        self.close()


_END = object()


def _columns(batch):
    if isinstance(batch, dict):
        batch = tuple(batch.values())
    elif isinstance(batch, (tuple, list)):
        batch = tuple(batch)
    else:
        batch = (batch,)
    return tuple(unwrap(column) for column in batch)


def stack_batches(batches):
    """One stacked array per column: a leading axis of length sink_size.

    Example:
        >>> [c.shape for c in stack_batches([(np.ones((2, 3)), 1), (np.ones((2, 3)), 2)])]
        [(2, 2, 3), (2,)]
    """
    width = {len(b) for b in batches}
    if len(width) != 1:
        raise ValueError(f"data_sink: batches have different numbers of columns {sorted(width)}")
    from ..parallel.data_parallel import distribute_batch, is_data_parallel

    split_batch = is_data_parallel()  # DATA_PARALLEL: each batch split across the devices
    stacked = []
    for i, column in enumerate(zip(*batches)):
        shapes = [np.shape(c) for c in column]
        for k, shape in enumerate(shapes):
            if shape != shapes[0]:
                raise ValueError(
                    f"data_sink: column {i} of batch {k} in this sink has shape {shape}, batch 0 "
                    f"has {shapes[0]}; every batch of a sink must have the same shape (a ragged "
                    "last batch: use batch(..., drop_remainder=True))"
                )
        if split_batch and np.ndim(column[0]) >= 1:
            stacked.append(distribute_batch(np.stack([np.asarray(c) for c in column]), axis=1)[0])
        elif all(isinstance(c, np.ndarray) or np.isscalar(c) for c in column):
            stacked.append(jax.device_put(np.stack(column)))  # one host-to-device copy
        else:
            stacked.append(jnp.stack([jnp.asarray(c) for c in column]))
    return tuple(stacked)
