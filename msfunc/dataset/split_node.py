"""`Dataset.split`: parts of MindSpore's sizes; a source's parts read it through samplers (a
fixed shuffle, then each part's window), any other dataset's parts pick rows by position or,
randomized, shuffle them the same way every epoch and skip and take their window."""

from __future__ import annotations

import copy

import numpy as np

from ..common.stdlib_random import Mt19937, shuffle
from . import consumers
from .engine import NODES
from .given_args import given_args
from .nodes import Subset
from .samplers import DistributedSampler, SequentialSampler, _Children, chained


def _check_sizes(sizes):
    """Refuse `sizes` that are no list of positive ints or of fractions in (0, 1] summing
    to 1 (ValueError, as MindSpore); whether they fit the dataset is `_counts`' question."""
    if not isinstance(sizes, (list, tuple)):
        raise TypeError(f"split: `sizes` must be a list, got {type(sizes).__name__}")
    if not sizes:
        raise ValueError("split: `sizes` must not be empty")
    ints = all(isinstance(s, (int, np.integer)) and not isinstance(s, bool) for s in sizes)
    if not (ints or all(isinstance(s, float) for s in sizes)):
        raise ValueError(f"split: `sizes` must be all ints or all floats, got {sizes}")
    if ints and min(sizes) <= 0:
        raise ValueError(f"split: `sizes` must be positive, got {sizes}")
    if not ints and not all(0 < s <= 1 for s in sizes):
        raise ValueError(f"split: fractions in `sizes` must lie in (0, 1], got {sizes}")
    if not ints and abs(sum(sizes) - 1.0) > 1e-6:
        raise ValueError(f"split: fractions in `sizes` must sum to 1, got {sizes}")
    return ints


def _counts(sizes, n, ints):
    """The rows of each part: `sizes` as given (ints) or MindSpore's rounding of fractions
    (each rounded, the rows left over added to the first part, or those over taken from the
    first part that can spare them); RuntimeError where they do not make `n`."""
    counts = [int(round(s * n)) for s in sizes] if not ints else [int(s) for s in sizes]
    if not ints:
        for s, c in zip(sizes, counts):
            if c == 0:
                raise RuntimeError(f"split: the fraction {s} of {n} rows rounds to no row")
        over = n - sum(counts)
        if over > 0:
            counts[0] += over
        elif over < 0:
            spare = next((i for i, c in enumerate(counts) if c + over > 0), None)
            if spare is not None:
                counts[spare] += over
    if sum(counts) != n:
        raise RuntimeError(
            f"split: the parts' sizes {counts} add up to {sum(counts)}, not to the dataset size {n}"
        )
    return counts


def _sharded(dataset):
    stack = [dataset]
    while stack:
        node = stack.pop()
        if (given_args(node) or {}).get("num_shards") is not None or isinstance(
            getattr(node, "_sampler", None), DistributedSampler
        ):
            return True
        stack.extend(getattr(node, "children", ()))
    return False


class _FixedShuffle(_Children):
    """The ids below it in one random order, the same every pass (MindSpore's split shuffles
    a source once, with the dataset seed, so that its parts never overlap)."""

    def order(self, ctx, node, n):
        def own(m):
            ids = list(range(m))
            shuffle(ids, Mt19937(ctx.seed & 0xFFFFFFFF))
            return ids

        return chained(self, ctx, node, n, own)

    def size(self, n):
        return self._rows(n)


def _source_parts(dataset, counts, randomize):
    parts, start = [], 0
    for count in counts:
        part = copy.copy(dataset)
        part.__dict__["_consumers"] = 0  # (a fresh copy: no consumers yet)
        below = dataset._current_sampler()
        if randomize:
            fixed = _FixedShuffle()
            fixed._set_child(below)
            below = fixed
        window = SequentialSampler(start, count)
        window._set_child(below)
        # the top sampler is the one a later use_sampler replaces, keeping the window
        top = SequentialSampler()
        top._set_child(window)
        part._sampler = top
        parts.append(part)
        start += count
    return parts


def split(dataset, sizes, randomize=True):
    """The parts of `dataset` (see `Dataset.split`).

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> d = ds.NumpySlicesDataset({"x": np.arange(5)}, shuffle=False)
        >>> [p.get_dataset_size() for p in split(d, [0.5, 0.5], randomize=False)]
        [3, 2]
    """
    if not isinstance(randomize, bool):
        raise TypeError(f"split: `randomize` must be a bool, got {type(randomize).__name__}")
    ints = _check_sizes(sizes)
    if _sharded(dataset):
        raise RuntimeError("split: the dataset must not be sharded before it is split")
    n = dataset.get_dataset_size()
    counts = _counts(sizes, n, ints)
    if getattr(dataset, "_takes_sampler", lambda: False)() and hasattr(dataset, "_current_sampler"):
        return _source_parts(dataset, counts, randomize)
    parts, start = [], 0
    for c in counts:
        if randomize:
            # MindSpore's way: each part shuffles the rows through a 10000-row buffer that
            # draws the same slots every epoch, then skips the parts before it
            part = NODES["Shuffle"](dataset, 10000, reshuffle_each_epoch=False)
            part = NODES["Take"](NODES["Skip"](part, start) if start else part, c)
        else:
            part = Subset(dataset, np.arange(start, start + c))
        parts.append(part)
        start += c
    # MindSpore splits deep copies of the pipeline, one a part: they share no node with it
    consumers.uncount(dataset, len(parts))
    return parts


NODES["split"] = split
