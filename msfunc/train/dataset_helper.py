"""DatasetHelper: a dataset's batches for a training loop, in MindSpore's sink and non-sink
forms."""

from __future__ import annotations

from typing import Any

__all__ = ["DatasetHelper"]


def _check_arguments(dataset_sink_mode, sink_size):
    if not isinstance(dataset_sink_mode, bool):
        raise TypeError(
            f"DatasetHelper: `dataset_sink_mode` must be a bool, got "
            f"{type(dataset_sink_mode).__name__}"
        )
    if isinstance(sink_size, bool) or not isinstance(sink_size, int):
        raise TypeError(
            f"DatasetHelper: `sink_size` must be an int, got {type(sink_size).__name__}"
        )
    if sink_size < -1 or sink_size == 0:
        raise ValueError(f"DatasetHelper: `sink_size` must be -1 or positive, got {sink_size}")


class _SinkPass:
    """One sink pass: up to `sink_size` batches (MindSpore sends them to a device queue that the
    sunk graph reads; here the loop receives them itself)."""

    def __init__(self, dataset, sink_size, epoch_num):
        self._iterator = dataset.create_tuple_iterator(num_epochs=epoch_num, do_copy=True)
        self._count = sink_size

    def __iter__(self):
        for _ in range(self._count):
            try:
                yield next(self._iterator)
            except StopIteration:
                return


class DatasetHelper:
    """Iterate a dataset's batches as tuples for a hand-written training loop.

    Without sinking, iterating gives every batch of the dataset (for each of `epoch_num`
    epochs, one ``for`` loop per epoch). With sinking, each ``for`` loop gives one sink pass of
    `sink_size` batches (-1: the whole dataset); msfunc has no device queue, so the batches come
    to the loop itself, where MindSpore's graph would read them from the device.

    Args:
        dataset (Dataset): The dataset (anything with ``create_tuple_iterator`` and
            ``get_dataset_size``).
        dataset_sink_mode (bool): Sink mode. Default: ``True``.
        sink_size (int): Batches per sink pass, -1 or positive. Default: ``-1``.
        epoch_num (int): Epochs the iterator serves. Default: ``1``.

    Example:
        >>> import numpy as np
        >>> import msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(6.0)}, shuffle=False).batch(2)
        >>> helper = DatasetHelper(data, dataset_sink_mode=False)
        >>> [batch[0].asnumpy().tolist() for batch in helper]
        [[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]
    """

    def __init__(
        self,
        dataset: Any,
        dataset_sink_mode: bool = True,
        sink_size: int = -1,
        epoch_num: int = 1,
    ):
        _check_arguments(dataset_sink_mode, sink_size)
        self._dataset = dataset
        if sink_size == -1:
            sink_size = dataset.get_dataset_size()
        self._sink_size = sink_size
        self._sink_mode = dataset_sink_mode
        self._epoch_num = epoch_num
        if not dataset_sink_mode:
            self._iterator = dataset.create_tuple_iterator(num_epochs=epoch_num, do_copy=True)
        else:
            self._pass = _SinkPass(dataset, sink_size, epoch_num)

    def __iter__(self):
        if self._sink_mode:
            return iter(self._pass)
        return self._iterator

    def types_shapes(self):
        """The dataset's column dtypes and shapes: ``(types, shapes)``."""
        return self._dataset.output_types(), self._dataset.output_shapes()

    def sink_size(self):
        """Steps one compiled call runs: 1 (MindSpore sinks several only on Ascend and GPU)."""
        return 1

    def stop_send(self):
        """Stop sending to the device queue (there is none: nothing to stop)."""

    def release(self):
        """Free the device queue (there is none: nothing to free)."""

    def continue_send(self):
        """Resume sending at an epoch's start (there is no device queue)."""
