"""Argument generators shared by the sweep tables."""

import numpy as np


def normal(*shape, dtype=np.float32):
    """rng -> standard normal array of `shape`."""
    return lambda rng: rng.standard_normal(shape).astype(dtype)


def positive(*shape, low=0.5, high=2.0, dtype=np.float32):
    """rng -> array of `shape` uniform in [low, high)."""
    return lambda rng: rng.uniform(low, high, shape).astype(dtype)


def uniform(*shape, low=-0.9, high=0.9, dtype=np.float32):
    """rng -> array of `shape` uniform in [low, high)."""
    return lambda rng: rng.uniform(low, high, shape).astype(dtype)


def integers(*shape, low=0, high=5, dtype=np.int32):
    """rng -> integer array of `shape` in [low, high)."""
    return lambda rng: rng.integers(low, high, shape).astype(dtype)


def booleans(*shape):
    """rng -> boolean array of `shape`."""
    return lambda rng: rng.random(shape) < 0.5


def args(*makers):
    """Combine per-argument makers (or plain constants) into a Case.args callable."""

    def make(rng):
        return tuple(m(rng) if callable(m) else m for m in makers)

    return make
