"""Where `data_sink` gets its batches: a dataset or iterable, taken `sink_size` at a time and
stacked into one array per column (one host-to-device transfer)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..common.parameter import unwrap

__all__ = ["BatchSource", "stack_batches"]


class BatchSource:
    """Hands out batches from a dataset, restarting re-iterable ones at the end."""

    def __init__(self, dataset):
        if hasattr(dataset, "create_tuple_iterator"):
            self._start = dataset.create_tuple_iterator
        elif hasattr(dataset, "__iter__"):
            if iter(dataset) is dataset:  # a one-shot iterator or generator
                self._start = None
                self._iterator = dataset
                return
            self._start = lambda: iter(dataset)
        else:
            raise TypeError("data_sink: `dataset` must be iterable or have "
                            f"create_tuple_iterator(), got {type(dataset).__name__}")
        self._iterator = None

    def take(self, count):
        """The next `count` batches, each a tuple of columns."""
        taken = []
        restarted = False
        while len(taken) < count:
            if self._iterator is None:
                self._iterator = self._start()
            batch = next(self._iterator, _END)
            if batch is _END:
                if self._start is None:
                    raise StopIteration("data_sink: the dataset iterator is exhausted")
                if restarted and not taken:
                    raise ValueError("data_sink: the dataset yields no batches")
                self._iterator, restarted = None, True
                continue
            taken.append(_columns(batch))
        return taken


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
    """One stacked array per column: a leading axis of length sink_size."""
    width = {len(b) for b in batches}
    if len(width) != 1:
        raise ValueError(f"data_sink: batches have different numbers of columns {sorted(width)}")
    stacked = []
    for i, column in enumerate(zip(*batches)):
        shapes = {np.shape(c) for c in column}
        if len(shapes) != 1:
            raise ValueError(
                f"data_sink: column {i} changes shape within one sink ({sorted(shapes)}); "
                "every batch of a sink must have the same shape (drop the remainder batch)")
        if all(isinstance(c, np.ndarray) or np.isscalar(c) for c in column):
            stacked.append(jnp.asarray(np.stack(column)))  # one host-to-device copy
        else:
            stacked.append(jnp.stack([jnp.asarray(c) for c in column]))
    return tuple(stacked)
