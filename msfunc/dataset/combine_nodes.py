"""The nodes that join datasets: `Zip` (side by side) and `Concat` (one after another)."""

from __future__ import annotations

import itertools

import numpy as np

from ..common.stdlib_random import Mt19937
from .engine import NODES, Dataset


def _datasets(items, who):
    for d in items:
        if not isinstance(d, Dataset):
            raise TypeError(f"{who}: expected msfunc datasets, got {type(d).__name__}")
    return tuple(items)


def _column_type(value):
    """A column's dtype as concat compares them: text and bytes of any length are one type
    each (MindSpore's string tensors have no width)."""
    dtype = np.asarray(value).dtype
    return np.dtype(dtype.kind) if dtype.kind in "US" else dtype


class Zip(Dataset):
    """Rows of several datasets side by side, as long as the shortest."""

    _mindspore_name = "ZipDataset"

    def __init__(self, datasets):
        self.children = _datasets(datasets, "zip")
        names = [n for d in self.children for n in d.get_col_names()]
        if len(set(names)) != len(names):
            raise ValueError(f"zip: the datasets share column names {names}; rename them first")
        self.column_names = names

    def _size(self):
        sizes = [d._size() for d in self.children]
        return None if None in sizes else min(sizes)

    def _rows(self, ctx):
        for parts in zip(*(d._rows(ctx) for d in self.children)):
            yield tuple(c for part in parts for c in part)


class Concat(Dataset):
    """Rows of several datasets one after the other."""

    _mindspore_name = "ConcatDataset"

    def __init__(self, datasets):
        self.children = _datasets(datasets, "concat")
        # (MindSpore sizes every child when it builds the node and refuses an empty one)
        for number, child in enumerate(self.children):
            if child.get_dataset_size() == 0:
                raise ValueError(f"concat: dataset number {number} has no rows")
        names = self.children[0].get_col_names()
        self.column_names = names
        # MindSpore builds such a pipeline and fails when it runs (RuntimeError)
        self._mismatch = next(
            (d.get_col_names() for d in self.children[1:] if d.get_col_names() != names), None
        )

    # (num_shards, shard_id) from use_sampler: rows dealt to shards in turn
    shard: tuple[int, int] | None = None
    # use_sampler(RandomSampler()): each row from a child drawn at random, weighted by the
    # rows each child has left
    global_shuffle = False

    def _size(self):
        sizes = [d._size() for d in self.children]
        if None in sizes:
            return None
        if self.shard is None:
            return sum(sizes)
        shards, shard = self.shard
        return len(range(shard, sum(sizes), shards))

    def get_dataset_size(self):
        """The children's rows added up (each child counted on its own, as MindSpore does,
        so children whose columns differ still have a size)."""
        size = self._size()
        if size is not None:
            return size
        total = sum(d.get_dataset_size() for d in self.children)
        if self.shard is None:
            return total
        shards, shard = self.shard
        return len(range(shard, total, shards))

    def _checked(self, ctx):
        """The children's rows, refusing a child whose columns differ from the first's in
        name or dtype."""
        if self._mismatch is not None:
            raise RuntimeError(
                f"concat: column names differ: {self.column_names} and {self._mismatch}"
            )
        dtypes = None
        for d in self.children:
            first = True
            for row in d._rows(ctx):
                if first:
                    kinds = [_column_type(c) for c in row]
                    if dtypes is not None and kinds != dtypes:
                        raise RuntimeError(f"concat: column dtypes differ: {dtypes} and {kinds}")
                    dtypes, first = kinds, False
                yield row

    def _rows(self, ctx):
        if self.global_shuffle:
            yield from self._drawn(ctx)
            return
        rows = self._checked(ctx)
        if self.shard is None:
            yield from rows
        else:
            yield from itertools.islice(rows, self.shard[1], None, self.shard[0])

    def _drawn(self, ctx):
        """MindSpore's global sampling: an mt19937 seeded with the pipeline seed (one for the
        iterator's life) picks each row's child as `std::discrete_distribution` over the rows
        the children have left; the epoch ends when a picked child has none."""
        if self._mismatch is not None:
            raise RuntimeError(
                f"concat: column names differ: {self.column_names} and {self._mismatch}"
            )
        engine = ctx.streams.setdefault(("concat", id(self)), Mt19937(ctx.seed & 0xFFFFFFFF))
        left = [d.get_dataset_size() for d in self.children]
        children = [d._rows(ctx) for d in self.children]
        try:
            while True:
                child = _discrete(engine, left) if len(left) > 1 else 0
                row = next(children[child], None)
                if row is None:
                    return
                left[child] = max(left[child] - 1, 0)
                yield row
        finally:
            for rows in children:
                rows.close()


def _discrete(engine, weights):
    """libstdc++'s `std::discrete_distribution<int>(weights)(engine)`: a double in [0, 1) from
    two 32-bit draws, placed among the cumulative probabilities (the last one forced to 1);
    all-zero weights give 0."""
    low = engine.next()
    draw = (low + engine.next() * 2.0**32) / 2.0**64
    total = sum(weights)
    if total <= 0:  # (the draw is made all the same)
        return 0
    draw = min(draw, np.nextafter(1.0, 0.0))
    cumulative = np.cumsum(np.asarray(weights, np.float64) / total)
    cumulative[-1] = 1.0
    return int(np.searchsorted(cumulative, draw, side="left"))


NODES.update(Zip=Zip, Concat=Concat)


def zip_datasets(datasets: tuple[Dataset, ...]) -> Dataset:
    """`mindspore.dataset.zip`: the rows of several datasets side by side (`datasets` a
    tuple of two or more).

    Args:
        datasets (tuple[Dataset]): The datasets, two or more, with distinct column names.

    Returns:
        Dataset, as long as the shortest of them.

    Raises:
        TypeError: `datasets` is not a tuple, or holds something other than a Dataset.
        ValueError: fewer than two datasets.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> a = ds.NumpySlicesDataset({"x": np.arange(3)})
        >>> ds.zip((a, ds.NumpySlicesDataset({"y": np.arange(2)}))).get_dataset_size()
        2
    """
    if not isinstance(datasets, tuple):
        raise TypeError(f"zip: `datasets` must be a tuple, got {type(datasets).__name__}")
    if len(datasets) < 2:
        raise ValueError(f"zip: needs at least two datasets, got {len(datasets)}")
    for dataset in datasets:
        if not isinstance(dataset, Dataset):
            raise TypeError(f"zip: expected Dataset objects, got {type(dataset).__name__}")
    return Zip(list(datasets))
