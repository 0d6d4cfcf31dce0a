"""Per-epoch and per-sample random generators, derived from the pipeline seed.

Every random choice in a pipeline (a shuffle, a random crop) draws from a numpy
Generator seeded by (pipeline seed, epoch, repeat path, node number[, sample index]),
so results do not depend on thread scheduling or on how many workers run.
"""

from __future__ import annotations

import threading

import numpy as np

from ..common.stdlib_random import Mt19937, Mt19937_64, shuffle

__all__ = ["EpochContext", "sample_rng", "sample_scope"]

_local = threading.local()


class EpochContext:
    """What a node needs to draw its random numbers for one pass over the data."""

    __slots__ = ("seed", "path", "numbers", "streams")

    def __init__(self, seed, path, numbers, streams=None):
        self.seed = seed
        self.path = path  # (epoch, repeat index, repeat index, ...)
        self.numbers = numbers  # id(node) -> its depth-first number in the pipeline
        # MindSpore's engine keeps its generators for the life of an iterator: a shuffle
        # buffer's stream and a sampler's permutation carry on from one pass to the next.
        self.streams = {} if streams is None else streams

    def rng(self, node, *extra):
        return np.random.default_rng([self.seed, *self.path, self.numbers.get(id(node), 0),
                                      *extra])

    def entropy(self, node):
        return (self.seed, *self.path, self.numbers.get(id(node), 0))

    def repeated(self, index):
        return EpochContext(self.seed, (*self.path, index), self.numbers, self.streams)

    def sampler_order(self, node, n):
        """MindSpore's RandomSampler order of `n` rows for this pass over `node`: pass k
        shuffles pass k - 1's order again with an mt19937 seeded `seed + k`."""
        passes, order = self.streams.get(("sampler", id(node)), (0, list(range(n))))
        shuffle(order, Mt19937((self.seed + passes) & 0xFFFFFFFF))
        self.streams[("sampler", id(node))] = (passes + 1, order)
        return np.array(order, np.int64)

    def buffer_engine(self, node):
        """The mt19937_64 a shuffle buffer draws from, one stream for the iterator's life."""
        key = ("buffer", id(node))
        if key not in self.streams:
            self.streams[key] = Mt19937_64(self.seed & 0xFFFFFFFF)
        return self.streams[key]


class sample_scope:  # noqa: N801  (used as a context manager, like a function)
    """Within it, `sample_rng()` is the generator of one sample of one map node."""

    __slots__ = ("key", "saved")

    def __init__(self, key):
        self.key = key

    def __enter__(self):
        self.saved = getattr(_local, "state", None)
        _local.state = [self.key, None]

    def __exit__(self, *exc):
        _local.state = self.saved


def sample_rng():
    """The generator random transforms draw from: the current sample's, else a global one.

    Example:
        >>> from msfunc.dataset._random import sample_rng, sample_scope
        >>> with sample_scope((1, 0, 3)):
        ...     a = sample_rng().integers(100)
        >>> with sample_scope((1, 0, 3)):
        ...     b = sample_rng().integers(100)
        >>> bool(a == b)
        True
    """
    state = getattr(_local, "state", None)
    if state is None:  # a transform called on its own, outside a pipeline
        global _eager_rng
        if _eager_rng is None:
            from .config import pipeline_seed

            _eager_rng = np.random.default_rng(pipeline_seed())
        return _eager_rng
    if state[1] is None:
        state[1] = np.random.default_rng(list(state[0]))
    return state[1]


_eager_rng = None
