"""`Dataset.filter`'s node: the rows a predicate keeps."""

from __future__ import annotations

import numpy as np

from .engine import NODES, Dataset, check_columns


class Filter(Dataset):
    """Rows for which `predicate(*columns)` is true; `input_columns` (default: all) are
    the columns it is given, as numpy arrays."""

    _mindspore_name = "FilterDataset"

    def __init__(self, child, predicate, input_columns):
        if not callable(predicate):
            raise TypeError(f"filter: `predicate` must be callable, got {type(predicate).__name__}")
        names = child.get_col_names()
        inputs = (
            names
            if input_columns is None
            else check_columns(input_columns, "filter", "input_columns")
        )
        missing = [c for c in inputs if c not in names]
        if missing:
            raise ValueError(f"filter: `input_columns` {missing} are not among {names}")
        self.children = (child,)
        self.column_names = names
        self._predicate = predicate
        self._inputs = [names.index(c) for c in inputs]

    def _size(self):
        return None  # known only by running the predicate

    def _rows(self, ctx):
        for index, row in enumerate(self.children[0]._rows(ctx)):
            try:
                keep = self._predicate(*(row[i] for i in self._inputs))
            except Exception as exc:
                raise RuntimeError(
                    f"filter: the predicate failed on row {index}: {type(exc).__name__}: {exc}"
                ) from exc
            if bool(np.asarray(keep)):
                yield row


NODES["Filter"] = Filter
