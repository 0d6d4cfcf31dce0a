"""The `sync_wait` gate: rows pass in allowances that the consumer's `sync_update` grants."""

from __future__ import annotations

import threading

from .engine import NODES, Dataset
from .pipeline_methods import _walk

_WAIT_SECONDS = 60  # MindSpore's callback timeout: a forgotten sync_update cannot hang forever


class SyncWait(Dataset):
    """Passes rows while its allowance lasts; `release` adds to it (and calls the callback)."""

    _mindspore_name = "SyncWaitDataset"

    def __init__(self, child, condition_name, num_batch, callback):
        self.children = (child,)
        self.column_names = child.get_col_names()
        self.condition_name = condition_name
        self._callback = callback
        self._default_rows = num_batch
        self._cv = threading.Condition()
        self._allowance = num_batch
        self._disabled = False

    def _size(self):
        return self.children[0]._size()

    def scale_to_batch(self, batch_size):
        """Count the allowance in rows of a `batch_size` batch built over this gate."""
        self._default_rows *= batch_size
        self._allowance = self._default_rows

    def release(self, rows=None, data=None):
        """Let `rows` (default: the gate's own count) more rows through."""
        with self._cv:
            self._allowance += self._default_rows if rows is None else rows
            if self._callback is not None:
                self._callback(data)
            self._cv.notify_all()

    def disable(self):
        """Open the gate for good."""
        with self._cv:
            self._disabled = True
            self._cv.notify_all()

    def _rows(self, ctx):
        with self._cv:
            self._allowance = self._default_rows
        for row in self.children[0]._rows(ctx):
            with self._cv:
                opened = self._cv.wait_for(
                    lambda: self._allowance > 0 or self._disabled, timeout=_WAIT_SECONDS
                )
                if not opened:
                    self._disabled = True
                self._allowance -= 1
            yield row


def scale_gates(batch_node, batch_size):
    """Make the `sync_wait` gates below a new batch count in its batches."""
    if not isinstance(batch_size, int):
        return  # a batch_size function: the gates count rows
    for node in _walk(batch_node.children[0]):
        if isinstance(node, SyncWait):
            node.scale_to_batch(batch_size)


def refuse_shuffle_after_gate(dataset):
    """Shuffling rows a gate holds back would wait forever for them (RuntimeError)."""
    if any(isinstance(node, SyncWait) for node in _walk(dataset)):
        raise RuntimeError("shuffle: a shuffle cannot follow a sync_wait in the pipeline")


NODES.update(
    SyncWait=SyncWait, scale_gates=scale_gates, refuse_shuffle_after_gate=refuse_shuffle_after_gate
)
