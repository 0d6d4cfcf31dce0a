"""`Dataset.device_que()`'s node: `send` runs the pipeline on a thread of its own, filling a
bounded queue with the rows a device would receive (MindSpore's TransferDataset)."""

from __future__ import annotations

import queue
import threading

from . import config
from .engine import NODES, Dataset

__all__ = ["TransferDataset"]


class TransferDataset(Dataset):
    """The rows of `child`, which `send` pushes into a queue of `config.get_prefetch_size()`
    rows for the device (iterating the node itself gives the rows as they are).

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False).device_que()
        >>> data.send(num_epochs=1)
        >>> data.wait_sent()
        >>> [int(data.queue.get()[0]) for _ in range(3)]
        [0, 1, 2]
    """

    def __init__(self, child, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        self.children = (child,)
        self.column_names = child.get_col_names()
        self.queue = queue.Queue(config.get_prefetch_size())
        self._thread = None
        self._running = threading.Event()  # cleared by stop_send, set again by continue_send
        self._running.set()
        self._released = threading.Event()

    def _size(self):
        return self.children[0]._size()

    def _batch_size(self):
        return self.children[0]._batch_size()

    def _rows(self, ctx):
        return self.children[0]._rows(ctx)

    def send(self, num_epochs=-1):
        """Start sending `num_epochs` epochs (-1: until `release`) on a thread of its own.

        Raises:
            RuntimeError: the node is sending already.
        """
        if self._thread is not None and self._thread.is_alive():
            raise RuntimeError("send: this dataset is sending already")
        iterator = self.create_tuple_iterator(num_epochs=num_epochs, output_numpy=True)
        self._released.clear()
        self._thread = threading.Thread(
            target=self._send, args=(iterator, num_epochs), name="msfunc-device-queue", daemon=True
        )
        self._thread.start()

    def _send(self, iterator, num_epochs):
        try:
            self._send_epochs(iterator, num_epochs)
        except AttributeError:
            if not iterator._stopped:
                raise
            return  # the iterator was stopped from outside (the iterators' cleanup)
        iterator.stop()

    def _send_epochs(self, iterator, num_epochs):
        epoch = 0
        while (num_epochs == -1 or epoch < num_epochs) and not self._released.is_set():
            for row in iterator:
                while not self._released.is_set():
                    self._running.wait(0.05)
                    if not self._running.is_set():
                        continue
                    try:
                        self.queue.put(row, timeout=0.05)
                        break
                    except queue.Full:
                        continue
                if self._released.is_set():
                    break
            epoch += 1

    def wait_sent(self, timeout=None):
        """Wait until the sending thread is done (every epoch sent, or released)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def stop_send(self):
        """Pause sending (the pipeline waits)."""
        self._running.clear()

    def continue_send(self):
        """Resume sending after `stop_send`."""
        self._running.set()

    def release(self):
        """Stop sending for good."""
        self._released.set()
        self._running.set()


NODES["Transfer"] = TransferDataset
