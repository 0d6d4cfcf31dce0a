"""`PaddedDataset`: rows given as a list of dicts, to pad out shards of a concatenated dataset."""

from __future__ import annotations

from typing import Any

import numpy as np

from .python_objects import column_value
from .sources import IndexedSource


class PaddedDataset(IndexedSource):
    """Rows from `padded_samples`, a list of dicts of one set of column names (in the first
    dict's order). Added (`+`) to another dataset, it evens out the shards a
    `DistributedSampler` given to `use_sampler` deals.

    Args:
        padded_samples (list[dict]): The rows.

    Raises:
        TypeError: `padded_samples` is not a list of dicts.
        ValueError: it is empty, or its dicts name different columns.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> d = ds.PaddedDataset([{"image": np.zeros(2)}, {"image": np.ones(2)}])
        >>> d.get_col_names(), d.get_dataset_size()
        (['image'], 2)
    """

    def __init__(self, padded_samples: list[dict[str, Any]]) -> None:
        if not isinstance(padded_samples, list) or not all(
            isinstance(s, dict) for s in padded_samples
        ):
            raise TypeError("PaddedDataset: `padded_samples` must be a list of dicts")
        if not padded_samples:
            raise ValueError("PaddedDataset: `padded_samples` is empty")
        names = list(padded_samples[0])
        for sample in padded_samples:
            if set(sample) != set(names):
                raise ValueError(
                    f"PaddedDataset: the samples name different columns: {names}, {list(sample)}"
                )
        self.column_names = names
        self.children = ()
        self._samples = padded_samples
        self._setup(len(padded_samples), False, None, None, None, 1)

    def _get(self, index):
        sample = self._samples[index]
        return tuple(column_value(np.asarray(sample[n])) for n in self.column_names)
