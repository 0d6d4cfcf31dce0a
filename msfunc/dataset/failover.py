"""Failover of a training run's dataset iterator: the private helpers of MindSpore's
``dataset.engine.datasets`` that a trainer calls to resume its data at a given step."""

from __future__ import annotations

import numpy as np

__all__ = ["_set_training_dataset", "_reset_training_dataset"]

_training = {"iterator": None}


def _set_training_dataset(iterator):
    """Make `iterator` the one `_reset_training_dataset` moves.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> it = ds.NumpySlicesDataset(np.arange(4), ["x"], shuffle=False).create_tuple_iterator(
        ...     num_epochs=1, output_numpy=True)
        >>> _set_training_dataset(it)
        >>> _reset_training_dataset(3, 4)
        >>> [int(row[0]) for row in it]
        [3]
    """
    _training["iterator"] = iterator


def _reset_training_dataset(step, dataset_size):
    """Resume the training iterator at global step `step` (rows from the first epoch).

    Raises:
        TypeError: `step` or `dataset_size` is not an int.
        RuntimeError: no training iterator is set, or `step` is negative or not before the
            end of the iterator's epochs.
    """
    for name, value in (("step", step), ("dataset_size", dataset_size)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"_reset_training_dataset: `{name}` must be an int, got {value!r}")
    iterator = _training["iterator"]
    if iterator is None:
        raise RuntimeError("_reset_training_dataset: no iterator was set by _set_training_dataset")
    if step < 0:
        raise RuntimeError(f"_reset_training_dataset: `step` must be >= 0, got {step}")
    epochs = iterator._num_epochs
    if epochs != -1 and step >= dataset_size * epochs:
        raise RuntimeError(
            f"_reset_training_dataset: `step` {step} is not before the end of the iterator's "
            f"{epochs} epochs of {dataset_size} rows"
        )
    iterator._resume_at(int(step))
