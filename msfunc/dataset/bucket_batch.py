"""`Dataset.bucket_batch_by_length`: rows grouped by length, each bucket padded and batched."""

from __future__ import annotations

import numpy as np

from .engine import NODES, Dataset
from .nodes import Batch


class BucketBatch(Dataset):
    """Rows sorted into buckets ``[0, b0), [b0, b1), ..., [b_last, inf)`` by their length; a
    bucket that reaches its batch size is padded and emitted; at the end of each pass the
    partial buckets follow in bucket order (unless `drop_remainder`)."""

    _mindspore_name = "BucketBatchByLengthDataset"

    def __init__(
        self,
        child,
        column_names,
        boundaries,
        batch_sizes,
        length_fn,
        pad_info,
        pad_to_boundary,
        drop,
    ):
        self.children = (child,)
        self.column_names = child.get_col_names()
        self._length_columns = list(column_names)
        self._length_fn = length_fn
        self._bounds = [0, *boundaries]
        self._drop = drop
        if pad_info is not None and not isinstance(pad_info, dict):
            raise TypeError(f"bucket_batch_by_length: `pad_info` must be a dict, got {pad_info!r}")
        # an empty pad_info pads every column to its longest sample, as MindSpore does
        pad_info = dict(pad_info) if pad_info else {n: (None, None) for n in self.column_names}
        self._batches = []
        for index, size in enumerate(batch_sizes):
            info = pad_info
            if pad_to_boundary:
                info = {
                    name: (self._boundary_shape(spec[0], index), spec[1])
                    for name, spec in pad_info.items()
                }
            self._batches.append(Batch(child, size, False, info))
            # (a helper of this node, not a consumer of its child of its own)
            child.__dict__["_consumers"] -= 1

    def _boundary_shape(self, shape, index):
        """`shape` with its unknown lengths set to the bucket's upper boundary less one;
        None (no bucket bound) for the last bucket, which then fails when it pads."""
        if shape is None or None not in shape:
            return shape
        if index + 1 >= len(self._bounds):
            return ("unbounded",)
        return [self._bounds[index + 1] - 1 if d is None else d for d in shape]

    def _size(self):
        return None  # depends on every row's length

    def _length(self, row):
        missing = [c for c in self._length_columns if c not in self.column_names]
        if missing:
            raise RuntimeError(
                f"bucket_batch_by_length: columns {missing} are not among {self.column_names}"
            )
        values = [row[self.column_names.index(c)] for c in self._length_columns]
        if self._length_fn is None:
            return int(np.shape(values[0])[0])
        length = int(np.asarray(self._length_fn(*values)).reshape(-1)[0])
        if length < 0:
            raise RuntimeError(
                "bucket_batch_by_length: `element_length_function` must return a length >= 0,"
                f" got {length}"
            )
        return length

    def _emit(self, index, rows, start):
        batch = self._batches[index]
        if any(spec[0] == ("unbounded",) for spec in batch._pad.values()):
            raise RuntimeError(
                "bucket_batch_by_length: `pad_to_bucket_boundary` cannot pad the last bucket,"
                " which has no upper boundary"
            )
        return batch._stack(rows, start)

    def _rows(self, ctx):
        buckets = [[] for _ in self._bounds]
        emitted = 0
        for row in self.children[0]._rows(ctx):
            length = self._length(row)
            index = len(self._bounds) - 1
            while length < self._bounds[index]:
                index -= 1
            buckets[index].append(row)
            if len(buckets[index]) == self._batches[index]._size_per_batch:
                yield self._emit(index, buckets[index], emitted)
                emitted += 1
                buckets[index] = []
        if not self._drop:
            for index, rows in enumerate(buckets):
                if rows:
                    yield self._emit(index, rows, emitted)
                    emitted += 1


NODES["BucketBatch"] = BucketBatch
