"""`PKSampler`: `num_val` rows of every class, with MindSpore's draws."""

from __future__ import annotations

import numpy as np

from ..common.stdlib_random import Mt19937, shuffle, uniform_int
from .samplers import _Children, chained

__all__ = ["PKSampler"]


class PKSampler(_Children):
    """For every class (label) of the dataset, in label order or shuffled, `num_val` rows of
    that class drawn at random with replacement.

    The draws are MindSpore's: an ``std::mt19937`` seeded with the dataset seed (plus one per
    earlier pass) shuffles the classes once, on the first pass, and then picks each row with
    ``uniform_int_distribution``. The source must know its labels (FakeImageDataset,
    MnistDataset, Cifar10Dataset, ImageFolderDataset).

    Args:
        num_val (int): Rows per class.
        num_class (None): Not supported (as in MindSpore); must be ``None``.
        shuffle (bool): Shuffle the classes instead of taking them in label order.
            Default: ``False``.
        class_column (str): Name of the label column. Default: ``'label'``.
        num_samples (Union[int, None]): Rows per pass at most. Default: ``None``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `num_samples` is negative.
        NotImplementedError: `num_class` is given.

    Example:
        >>> import msfunc.dataset as ds
        >>> d = ds.FakeImageDataset(30, (2, 2, 1), 3, sampler=ds.PKSampler(2))
        >>> [int(r["label"]) for r in d.create_dict_iterator(num_epochs=1, output_numpy=True)]
        [0, 0, 1, 1, 2, 2]
    """

    def __init__(
        self,
        num_val: int,
        num_class: None = None,
        shuffle: bool = False,
        class_column: str = "label",
        num_samples: int | None = None,
    ) -> None:
        who = "PKSampler"
        if isinstance(num_val, bool) or not isinstance(num_val, int):
            raise TypeError(f"{who}: `num_val` must be an int, got {num_val!r}")
        if num_class is not None:
            raise NotImplementedError(f"{who}: `num_class` cannot be given")
        if not isinstance(shuffle, bool):
            raise TypeError(f"{who}: `shuffle` must be a bool, got {shuffle!r}")
        if not isinstance(class_column, str):
            raise TypeError(f"{who}: `class_column` must be a str, got {class_column!r}")
        if num_samples is not None:
            if isinstance(num_samples, bool) or not isinstance(num_samples, int):
                raise TypeError(f"{who}: `num_samples` must be an int, got {num_samples!r}")
            if num_samples < 0:
                raise ValueError(f"{who}: `num_samples` must be non-negative, got {num_samples}")
        self.num_val, self.shuffle, self.class_column = num_val, shuffle, class_column
        self.num_samples = num_samples

    def _total(self, classes):
        total = self.num_val * classes
        return total if not self.num_samples else min(total, self.num_samples)

    def size_of(self, node):
        """Rows per pass over `node`: `num_val` per class (at most `num_samples`)."""
        return self._total(len(node.class_ids()))

    def size(self, n):  # (without the dataset's labels: the count is not known)
        return n if not self.num_samples else min(n, self.num_samples)

    def order(self, ctx, node, n):
        by_label = node.class_ids()
        key = ("pk sampler", id(self), id(node))
        passes, labels = ctx.streams.get(key, (0, None))
        engine = Mt19937((ctx.seed + passes) & 0xFFFFFFFF)
        if labels is None:  # (the first pass orders the classes; later passes keep it)
            labels = sorted(by_label)
            if self.shuffle:
                shuffle(labels, engine)
        ctx.streams[key] = (passes + 1, labels)
        total = self._total(len(labels))
        if total <= 0:
            raise RuntimeError("PKSampler: there are no rows to sample")

        def own(m):
            ids = []
            for position in range(total):
                rows = by_label[labels[position // self.num_val]]
                ids.append(rows[uniform_int(engine, 0, len(rows) - 1)])
            return np.asarray(ids, np.int64)

        return chained(self, ctx, node, n, own)
