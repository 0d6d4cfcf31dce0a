"""Per-epoch and per-sample random generators, derived from the pipeline seed.

Every random choice in a pipeline (a shuffle, a random crop) draws from a numpy
Generator seeded by (pipeline seed, epoch, repeat path, node number[, sample index]),
so results do not depend on thread scheduling or on how many workers run.
"""

from __future__ import annotations

import threading

import numpy as np

__all__ = ["EpochContext", "sample_rng", "sample_scope"]

_local = threading.local()


class EpochContext:
    """What a node needs to draw its random numbers for one pass over the data."""

    __slots__ = ("seed", "path", "numbers")

    def __init__(self, seed, path, numbers):
        self.seed = seed
        self.path = path  # (epoch, repeat index, repeat index, ...)
        self.numbers = numbers  # id(node) -> its depth-first number in the pipeline

    def rng(self, node, *extra):
        return np.random.default_rng([self.seed, *self.path, self.numbers.get(id(node), 0),
                                      *extra])

    def entropy(self, node):
        return (self.seed, *self.path, self.numbers.get(id(node), 0))

    def repeated(self, index):
        return EpochContext(self.seed, (*self.path, index), self.numbers)


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
