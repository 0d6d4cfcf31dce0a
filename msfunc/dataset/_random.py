"""The random streams of a pipeline, derived from the pipeline seed.

Shuffles, samplers and the random vision transforms draw from MindSpore's engines: each
random transform in a map has one ``mt19937`` per worker, worker k's seeded with the
pipeline seed plus k, going on from row to row and epoch to epoch; rows are dealt to the
workers in turn as MindSpore deals them. Rows take their draws in row order (a row waits
for the rows before it), so results do not depend on thread scheduling. Other random
choices draw from a numpy Generator seeded by (pipeline seed, epoch, repeat path, node
number[, sample index]).
"""

from __future__ import annotations

import random
import threading

import numpy as np

from ..common.stdlib_random import Mt19937, Mt19937_64, shuffle

__all__ = [
    "EpochContext",
    "RowTurns",
    "in_pipeline",
    "sample_rng",
    "sample_scope",
    "op_engine",
    "unshifted_seeds",
]

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
        return np.random.default_rng([self.seed, *self.path, self.numbers.get(id(node), 0), *extra])

    def entropy(self, node):
        return (self.seed, *self.path, self.numbers.get(id(node), 0))

    def repeated(self, index):
        return EpochContext(self.seed, (*self.path, index), self.numbers, self.streams)

    def sampler_order(self, node, n, distributed=False):
        """MindSpore's RandomSampler order of `n` rows for this pass over `node`: pass k
        shuffles pass k - 1's order again with an mt19937 seeded `seed + k`. MindSpore's
        DistributedSampler counts its passes from 1 and takes the configured seed even when
        it is the default 5489 (which leaves other samplers unseeded)."""
        passes, order = self.streams.get(("sampler", id(node)), (0, list(range(n))))
        seed = self.seed
        if distributed:
            from .config import get_seed

            seed = get_seed() + 1
        shuffle(order, Mt19937((seed + passes) & 0xFFFFFFFF))
        self.streams[("sampler", id(node))] = (passes + 1, order)
        return np.array(order, np.int64)

    def buffer_engine(self, node):
        """The mt19937_64 a shuffle buffer draws from, one stream for the iterator's life."""
        key = ("buffer", id(node))
        if key not in self.streams:
            self.streams[key] = Mt19937_64(self.seed & 0xFFFFFFFF)
        return self.streams[key]


class RowTurns:
    """Hands the random transforms' engines to the rows of one pass over a map node in row
    order: a row draws once every row before it has finished its operations (rows that
    draw nothing never wait)."""

    def __init__(self):
        self._next = 0  # the first row not yet finished
        self._finished = set()  # rows finished after it
        self._ready = threading.Condition()

    def wait(self, index):
        with self._ready:
            self._ready.wait_for(lambda: self._next == index)

    def done(self, index):
        with self._ready:
            self._finished.add(index)
            while self._next in self._finished:
                self._finished.discard(self._next)
                self._next += 1
            self._ready.notify_all()


class worker_generators:  # noqa: N801  (used as a context manager, like a function)
    """Within it, Python's `random` and numpy's global generator are map worker `slot`'s
    own, as in MindSpore's map worker processes (`python_multiprocessing`), which it seeds
    with the dataset seed plus the worker's number (also what `get_seed` says there):
    `states` keeps each worker's for the iterator's life, and rows take them in row order
    (`turns`), one row at a time.

    Example:
        >>> states = {}
        >>> with worker_generators(states, 1, 7, None, 0):
        ...     a = random.random()
        >>> random.seed(8)
        >>> a == random.random()
        True
    """

    _lock = threading.Lock()

    def __init__(self, states, slot, seed, turns, index):
        self.states, self.slot, self.seed = states, slot, seed
        self.turns, self.index = turns, index

    def __enter__(self):
        if self.turns is not None:
            self.turns.wait(self.index)
        worker_generators._lock.acquire()
        from .config import worker_seed

        self.saved = (random.getstate(), np.random.get_state(), getattr(worker_seed, "value", None))
        worker_seed.value = self.seed + self.slot
        state = self.states.get(self.slot)
        if state is None:
            random.seed(self.seed + self.slot)
            np.random.seed((self.seed + self.slot) & 0xFFFFFFFF)
        else:
            random.setstate(state[0])
            np.random.set_state(state[1])

    def __exit__(self, *exc):
        self.states[self.slot] = (random.getstate(), np.random.get_state())
        random.setstate(self.saved[0])
        np.random.set_state(self.saved[1])
        from .config import worker_seed

        worker_seed.value = self.saved[2]
        worker_generators._lock.release()


class sample_scope:  # noqa: N801  (used as a context manager, like a function)
    """Within it, `sample_rng()` is the generator of one sample of one map node, and
    `op_engine` hands out the node's transform engines (`engines`, a dict kept for the
    iterator's life: worker `slot`'s seeded `seed` + `slot`) once the row's turn (`turns`,
    `index`) has come."""

    __slots__ = ("key", "saved", "draws")

    def __init__(self, key, engines=None, seed=None, turns=None, index=0, slot=0):
        self.key = key
        self.draws = None if engines is None else [engines, seed, turns, index, False, slot]

    def __enter__(self):
        self.saved = getattr(_local, "state", None)
        _local.state = [self.key, None, self.draws]

    def __exit__(self, *exc):
        _local.state = self.saved
        draws = self.draws
        if draws is not None and draws[2] is not None:
            draws[2].done(draws[3])


def op_engine(transform):
    """The ``mt19937`` random transform `transform` draws from: inside a pipeline its own,
    seeded with the pipeline seed and going on from row to row; called on its own, a fresh
    one each call (MindSpore builds the operation anew for an eager call).

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_seed(5)
        >>> op_engine(object()).next()  # std::mt19937(5)'s first output
        953453411
    """
    state = getattr(_local, "state", None)
    draws = state[2] if state is not None else None
    if draws is None:
        from .config import pipeline_seed

        return Mt19937(pipeline_seed() & 0xFFFFFFFF)
    engines, seed, turns, index, taken, slot = draws
    if not taken:
        if turns is not None:
            turns.wait(index)
        draws[4] = True
    key = (slot, id(transform))
    if key not in engines:  # (the transform is kept with its engine: its id stays its own)
        shift = 0 if getattr(_local, "unshifted", False) else slot
        engines[key] = (Mt19937((seed + shift) & 0xFFFFFFFF), transform)
    return engines[key][0]


class unshifted_seeds:  # noqa: N801  (used as a context manager, like a function)
    """Within it, a transform's engine new to a worker is seeded with the pipeline seed
    itself, not plus the worker's number: MindSpore's transforms held inside another
    operation (BoundingBoxAugment's) are not reseeded per worker.

    Example:
        >>> with unshifted_seeds():
        ...     pass
    """

    def __enter__(self):
        self.saved = getattr(_local, "unshifted", False)
        _local.unshifted = True

    def __exit__(self, *exc):
        _local.unshifted = self.saved


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


def in_pipeline():
    """Whether the caller runs inside a pipeline's map (else a transform called on its own).

    Example:
        >>> in_pipeline()
        False
    """
    return getattr(_local, "state", None) is not None
