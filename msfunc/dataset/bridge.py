"""Independent dataset mode (``MS_INDEPENDENT_DATASET=True``): an iterator's pipeline runs on a
thread of its own and hands its rows to the iterator through a bounded queue, the consumer side
of which is MindSpore's ``ReceiveBridgeOp`` (MindSpore runs that pipeline in a process of its
own; msfunc's stays in the process, so `sync_wait`, map callbacks and autotune keep working)."""

from __future__ import annotations

import os
import queue
import threading

__all__ = ["Bridge", "independent"]

_END = object()


def independent():
    """Whether ``MS_INDEPENDENT_DATASET`` asks for pipelines apart from their iterators.

    >>> import os
    >>> before = os.environ.pop("MS_INDEPENDENT_DATASET", None)
    >>> os.environ["MS_INDEPENDENT_DATASET"] = "True"; independent()
    True
    >>> del os.environ["MS_INDEPENDENT_DATASET"]; independent()
    False
    >>> if before is not None: os.environ["MS_INDEPENDENT_DATASET"] = before
    """
    return os.environ.get("MS_INDEPENDENT_DATASET", "").strip().lower() == "true"


class Bridge:
    """The rows of `rows` (a generator), computed ahead on a thread of their own, at most
    `capacity` waiting; an exception the pipeline raises is raised again by `next`.

    Example:
        >>> bridge = Bridge((i * i for i in range(4)), capacity=2)
        >>> list(bridge)
        [0, 1, 4, 9]
    """

    def __init__(self, rows, capacity):
        self._queue = queue.Queue(max(1, int(capacity)))
        self._stopping = threading.Event()
        self._thread = threading.Thread(
            target=self._produce, args=(rows,), name="msfunc-dataset-pipeline", daemon=True
        )
        self._thread.start()

    def _produce(self, rows):
        try:
            for row in rows:
                if not self._put((row, None)):
                    return
            self._put((_END, None))
        except BaseException as exc:  # noqa: BLE001 - handed to the consumer, raised there
            self._put((_END, exc))
        finally:
            close = getattr(rows, "close", None)
            if close is not None:
                close()

    def _put(self, item):
        while not self._stopping.is_set():
            try:
                self._queue.put(item, timeout=0.05)
                return True
            except queue.Full:
                continue
        return False

    def __iter__(self):
        return self

    def __next__(self):
        row, exc = self._queue.get()
        if row is _END:
            self._queue.put((_END, None))  # later calls end too
            if exc is not None:
                raise exc
            raise StopIteration
        return row

    def depth(self):
        """How many rows wait in the queue now."""
        return self._queue.qsize()

    def close(self):
        """Stop the pipeline's thread (it closes the pipeline's generators)."""
        self._stopping.set()
        self._thread.join(timeout=5)
