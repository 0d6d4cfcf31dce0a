"""Samplers beyond the random and sequential ones: user samplers (`Sampler`, any iterable),
`SubsetSampler`, `SubsetRandomSampler`, `WeightedRandomSampler`, and child samplers.

Every sampler gives a pass's row ids through ``order(ctx, node, n)`` and its count through
``size(n)``. A sampler with a child (`add_child`) samples the ids its child gives: its own
ids index the child's.
"""

from __future__ import annotations

import bisect
import copy
import math
import numbers
from typing import Any

import numpy as np

from ..common.stdlib_random import Mt19937, canonical_double, shuffle
from .samplers import _Children, _count, chained

__all__ = [
    "Sampler",
    "IterSampler",
    "SubsetSampler",
    "SubsetRandomSampler",
    "WeightedRandomSampler",
    "as_sampler",
]


class Sampler(_Children):
    """Base of a user sampler: a subclass's ``__iter__`` yields the row ids of a pass, and
    may read ``self.dataset_size`` (set before each pass); ``reset()`` runs before every pass
    after the first. At most `num_samples` ids are taken (default: ``len(self)`` where the
    subclass defines it, else all).

    Args:
        num_samples (Union[int, None]): Ids per pass at most. Default: ``None``.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> class Reverse(ds.Sampler):
        ...     def __iter__(self):
        ...         return iter(range(self.dataset_size - 1, -1, -1))
        >>> d = ds.NumpySlicesDataset({"x": np.arange(4)}, sampler=Reverse())
        >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [3, 2, 1, 0]
    """

    def __init__(self, num_samples: int | None = None) -> None:
        self.dataset_size = 0
        self.child_sampler = None
        self.num_samples = num_samples
        if self.num_samples is None and hasattr(self, "__len__"):
            self.num_samples = len(self)  # type: ignore[arg-type]

    def __iter__(self):
        raise NotImplementedError("a Sampler subclass defines __iter__")

    def add_child(self, sampler):
        """Sample from the ids `sampler` gives (a user sampler's child is replaced)."""
        self._set_child(sampler)

    def reset(self):
        """Called before every pass after the first; override to change state per pass."""

    def get_indices(self):
        """The ids of one pass (at most `num_samples`), as an int array.

        Example:
            >>> class Three(Sampler):
            ...     def __iter__(self):
            ...         return iter([2, 0, 1])
            >>> Three(num_samples=2).get_indices().tolist()
            [2, 0]
        """
        ids = []
        for count, idx in enumerate(self):
            ids.extend([idx] if isinstance(idx, numbers.Number) else list(idx))
            if self.num_samples is not None and count + 1 >= self.num_samples:
                break
        out = np.array(ids)
        if out.dtype == object or (out.size and out.dtype.kind not in "iu"):
            raise RuntimeError(f"{type(self).__name__}: the sampler's ids are not integers")
        return out.astype(np.int64)

    def order(self, ctx, node, n):
        # Each iterator draws from its own copy of the sampler as it was when the iterator
        # started (MindSpore copies the pipeline's Python objects): a sampler holding a
        # random generator gives every new iterator the same passes.
        key = ("user sampler", id(self), id(node))
        running = ctx.streams.get(key)
        if running is None:
            # (an iterator resumed by set_init_step replays the epochs before through here)
            running = ctx.streams[key] = copy.deepcopy(self)
        else:
            running.reset()

        def own(m):
            running.dataset_size = m
            return running.get_indices()

        return chained(running, ctx, node, n, own)

    def size(self, n):
        if self.num_samples is not None:
            return self.num_samples
        probe = copy.deepcopy(self)  # (the count must not advance the sampler's own state)
        probe.dataset_size = n
        return len(probe.get_indices())


class IterSampler(Sampler):
    """A sampler from any iterable of row ids (a generator function's object, a class with
    ``__iter__`` or ``__getitem__``), iterated again every pass.

    Args:
        sampler (Iterable): The ids.
        num_samples (Union[int, None]): Ids per pass at most; ``None`` takes ``len(sampler)``
            where it has one, else all. Default: ``None``.

    Example:
        >>> IterSampler([3, 1]).get_indices().tolist()
        [3, 1]
    """

    def __init__(self, sampler: Any, num_samples: int | None = None) -> None:
        if num_samples is None and hasattr(sampler, "__len__"):
            num_samples = len(sampler)
        super().__init__(num_samples=num_samples)
        self.sampler = sampler

    def __iter__(self):
        return iter(self.sampler)


def _indices(indices, who):
    if isinstance(indices, (int, np.integer)) and not isinstance(indices, bool):
        indices = [indices]
    if isinstance(indices, np.ndarray):
        indices = indices.tolist()
    if not isinstance(indices, (list, tuple)) or not all(
        isinstance(i, (int, np.integer)) and not isinstance(i, bool) for i in indices
    ):
        raise TypeError(f"{who}: `indices` must be a list of ints, got {indices!r}")
    return [int(i) for i in indices]


class SubsetSampler(_Children):
    """The rows `indices`, in that order (the first `num_samples` of them).

    Args:
        indices (Union[list[int], numpy.ndarray]): Row ids, repeats allowed.
        num_samples (Union[int, None]): Ids per pass at most. Default: ``None``.

    Raises:
        TypeError: `indices` are not ints.
        RuntimeError: when used, an id outside the rows.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> d = ds.NumpySlicesDataset({"x": np.arange(5) * 10}, sampler=ds.SubsetSampler([4, 1]))
        >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [40, 10]
    """

    def __init__(self, indices: Any, num_samples: int | None = None) -> None:
        who = type(self).__name__
        self.num_samples = _count(num_samples, who, "num_samples", 0) or None
        # (cut before any shuffle: a SubsetRandomSampler shuffles only the ids it keeps)
        self.indices = _indices(indices, who)[: self.num_samples]

    def _ids(self, ctx, node):
        return list(self.indices)

    def order(self, ctx, node, n):
        ids = self._ids(ctx, node)
        return chained(self, ctx, node, n, lambda m: ids)

    def size(self, n):
        return len(self.indices)  # (ids into the child's, when there is one)


class SubsetRandomSampler(SubsetSampler):
    """The rows `indices` in a random order, reshuffled every pass: MindSpore's order for the
    same dataset seed (libstdc++'s shuffle with an mt19937 seeded with it, applied again to the
    previous pass's order).

    Args:
        indices (Union[list[int], numpy.ndarray]): Row ids.
        num_samples (Union[int, None]): Ids per pass at most. Default: ``None``.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> ds.config.set_seed(7)
        >>> s = ds.SubsetRandomSampler([9, 2, 5])
        >>> d = ds.NumpySlicesDataset({"x": np.arange(10)}, sampler=s)
        >>> sorted(int(r[0]) for r in d.create_tuple_iterator(output_numpy=True))
        [2, 5, 9]
    """

    def _ids(self, ctx, node):
        key = ("subset random", id(self), id(node))
        ids = ctx.streams.get(key, list(self.indices))
        shuffle(ids, Mt19937(ctx.seed & 0xFFFFFFFF))
        ctx.streams[key] = ids
        return list(ids)


class WeightedRandomSampler(_Children):
    """Rows drawn with probabilities proportional to `weights`: with replacement, each id by
    libstdc++'s ``discrete_distribution``; without, the `num_samples` smallest keys
    ``Exp(1) / weight``. The engine is an mt19937 seeded with the dataset seed at every pass
    (every pass draws the same ids, as MindSpore's).

    Args:
        weights (list[float]): One non-negative weight per row (the first rows).
        num_samples (Union[int, None]): Ids per pass; ``None`` is one per weight.
            Default: ``None``.
        replacement (bool): Draw with replacement. Default: ``True``.

    Raises:
        TypeError: `weights` are not numbers, or `replacement` is not a bool.
        ValueError: `weights` empty, negative or all zero.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> s = ds.WeightedRandomSampler([0, 0, 1], num_samples=3)
        >>> d = ds.NumpySlicesDataset({"x": np.arange(3)}, sampler=s)
        >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [2, 2, 2]
    """

    def __init__(
        self, weights: Any, num_samples: int | None = None, replacement: bool = True
    ) -> None:
        who = "WeightedRandomSampler"
        if not isinstance(weights, (list, tuple, np.ndarray)) or not all(
            isinstance(w, (int, float, np.number)) and not isinstance(w, bool) for w in weights
        ):
            raise TypeError(f"{who}: `weights` must be a list of numbers, got {weights!r}")
        weights = [float(w) for w in weights]
        if not weights or any(w < 0 for w in weights) or not any(weights):
            raise ValueError(f"{who}: `weights` must be non-negative, not all zero, got {weights}")
        if not isinstance(replacement, bool):
            raise TypeError(f"{who}: `replacement` must be a bool, got {replacement!r}")
        self.weights = weights
        self.num_samples = _count(num_samples, who, "num_samples", 1)
        self.replacement = replacement

    def _draw(self, seed, count):
        engine = Mt19937(seed & 0xFFFFFFFF)
        if self.replacement:
            total = math.fsum(self.weights)
            cumulative = list(np.cumsum([w / total for w in self.weights]))
            cumulative[-1] = 1.0
            return [bisect.bisect_left(cumulative, canonical_double(engine)) for _ in range(count)]
        keys = []
        for i, weight in enumerate(self.weights):
            draw = -math.log(1.0 - canonical_double(engine))  # std::exponential_distribution(1)
            keys.append((draw / weight if weight else math.inf, i))
        return [i for _, i in sorted(keys)[:count]]

    def order(self, ctx, node, n):
        who = "WeightedRandomSampler"
        if len(self.weights) > n:
            raise RuntimeError(f"{who}: {len(self.weights)} weights for {n} rows")
        count = self.size(n)
        if not self.replacement and count > len(self.weights):
            raise RuntimeError(f"{who}: {count} samples without replacement from {n} weights")
        return chained(self, ctx, node, n, lambda m: self._draw(ctx.seed, count))

    def size(self, n):
        return len(self.weights) if self.num_samples is None else self.num_samples


def as_sampler(sampler, num_samples, who):
    """`sampler` as a sampler object, the forms a dataset's ``sampler=`` takes: a sampler, a
    list or array of ids (a `SubsetSampler`), or any other iterable (an `IterSampler`).

    Example:
        >>> type(as_sampler([1, 2], None, "demo")).__name__
        'SubsetSampler'
    """
    if hasattr(sampler, "order"):
        return sampler
    if isinstance(sampler, (list, tuple, np.ndarray)):
        return SubsetSampler(sampler, num_samples)
    if not isinstance(sampler, str):
        try:
            iter(sampler)
        except TypeError:
            pass
        else:
            return IterSampler(sampler, num_samples)
    raise TypeError(
        f"{who}: `sampler` must be a sampler or an iterable of row ids, got {sampler!r}"
    )
