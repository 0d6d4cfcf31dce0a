"""MindSpore's CPU random kernels (UniformReal, UniformInt, StandardNormal), computed on the
host with numpy.

A kernel built with attributes ``(seed, seed2)`` mixes them into one 64-bit engine seed: the
first two words of the Philox4x32-10 block numbered `seed`, counter high half `seed2`, under
a fixed key (the mix the candidate samplers use). UniformReal and UniformInt then draw from
an ``mt19937`` seeded with it (libstdc++'s canonical doubles from word pairs, and its bucket
integers); StandardNormal from a ``minstd_rand0`` seeded with it (Marsaglia's polar method in
float32, as libstdc++'s ``normal_distribution<float>``). One kernel call starts its engine
afresh, so each function below is the whole draw of one call.
"""

import ctypes
import ctypes.util
import functools

import numpy as np

from ..common.stdlib_random import Mt19937
from .minstd import _M, _outputs, mixed_seed

__all__ = ["uniform_real", "uniform_int", "standard_normal", "dropout_keep"]


def _mt_words(seed, n):
    """The first `n` outputs of ``mt19937`` seeded with `seed` (taken mod 2**32, as C++ does)."""
    engine = Mt19937(seed)
    return engine._bits.random_raw(n).astype(np.uint64) if n else np.zeros(0, np.uint64)


def uniform_real(seed, seed2, n):
    """UniformReal's `n` float32 values in [0, 1): each from two mt19937 words, the first
    the low half of a 64-bit fraction, computed in double and rounded.

    Example:
        >>> uniform_real(1, 0, 3).tolist()  # MindSpore's UniformReal(seed=1)((3,))
        [0.5429620146751404, 0.8057862520217896, 0.36750099062919617]
    """
    words = _mt_words(mixed_seed(seed, seed2), 2 * n).reshape(-1, 2).astype(np.float64)
    values = (words[:, 0] + words[:, 1] * 2.0 ** 32) / 2.0 ** 64
    values = np.minimum(values, np.nextafter(1.0, 0.0))  # (libstdc++ keeps it below 1)
    return values.astype(np.float32)


def uniform_int(seed, seed2, n, low, high):
    """UniformInt's `n` int32 values in [low, high): mt19937 words split into equal
    buckets, the words past the last whole bucket rejected.

    Example:
        >>> uniform_int(1, 0, 8, 0, 10).tolist()  # MindSpore's UniformInt(seed=1)
        [8, 5, 9, 8, 2, 3, 4, 7]
    """
    low, high = int(low), int(high)
    if high <= low:
        raise ValueError(f"UniformInt: `maxval` ({high}) must be greater than `minval` ({low})")
    buckets = high - low
    scaling = 0xFFFFFFFF // buckets
    past = buckets * scaling
    engine = Mt19937(mixed_seed(seed, seed2))
    kept, need = [], n
    while need:
        words = engine._bits.random_raw(max(2 * need, 64))
        good = words[words < past][:need]
        # words drawn past the last one kept are never used: one call ends the engine's life
        kept.append(good)
        need -= good.size
    words = np.concatenate(kept) if kept else np.zeros(0, np.uint64)
    return (low + (words // scaling).astype(np.int64)).astype(np.int32)


@functools.cache  # (on first use: finding the C library can start a subprocess)
def _c_logf():
    """The C library's float32 log, which MindSpore's kernel calls (its last bit differs from
    a correctly rounded log now and then); None where ctypes cannot load it."""
    try:
        try:
            libm = ctypes.CDLL("libm.so.6")  # (glibc: no search needed)
        except OSError:
            libm = ctypes.CDLL(ctypes.util.find_library("m"))
        fn = libm.logf
        fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        return np.frompyfunc(lambda v: fn(v), 1, 1)
    except (OSError, AttributeError, TypeError):
        return None


def _logf(x):
    """float32 log as C's logf; rounded from double (the same but for rare last bits) where
    the C library cannot be called."""
    fn = _c_logf()
    if fn is None:
        return np.log(x.astype(np.float64)).astype(np.float32)
    return fn(x.astype(np.float64)).astype(np.float32)


def standard_normal(seed, seed2, n):
    """StandardNormal's `n` float32 values: minstd_rand0 outputs made floats in [0, 1), taken
    in pairs (x, y) = 2u - 1, pairs outside the unit disc rejected, and each kept pair giving
    y * m then x * m with m = sqrt(-2 log(r2) / r2), all in float32.

    Example:
        >>> standard_normal(1, 0, 3).tolist()  # MindSpore's StandardNormal(seed=1)((3,))
        [0.22797997295856476, -0.9599476456642151, 0.5314622521400452]
    """
    state = mixed_seed(seed, seed2) % _M or 1
    pairs, have = [], 0
    need = -(-n // 2)
    while have < need:
        count = max(2 * (need - have), 64)
        out = _outputs(state, 2 * count)
        state = int(out[-1])
        unit = (out - np.uint64(1)).astype(np.float32) / np.float32(2147483648.0)
        unit = np.minimum(unit, np.nextafter(np.float32(1), np.float32(0)))
        xy = (np.float32(2) * unit - np.float32(1)).reshape(-1, 2)
        r2 = xy[:, 0] * xy[:, 0] + xy[:, 1] * xy[:, 1]
        good = (r2 <= 1) & (r2 != 0)
        pairs.append((xy[good], r2[good]))
        have += int(good.sum())
    xy = np.concatenate([p[0] for p in pairs])[:need]
    r2 = np.concatenate([p[1] for p in pairs])[:need]
    mult = np.sqrt(np.float32(-2) * _logf(r2) / r2)
    values = np.stack([xy[:, 1] * mult, xy[:, 0] * mult], axis=1).reshape(-1)
    return values[:n].astype(np.float32)


def dropout_keep(state, n, keep_prob):
    """Dropout's keep mask of `n` elements from a minstd_rand0 in `state`: an element is kept
    when its output, made a float32 in [0, 1), is below `keep_prob`. Returns (mask, the
    engine state after the n outputs), so a layer can go on where its last call stopped.

    Example:
        >>> from msfunc.ops.minstd import mixed_seed
        >>> keep, _ = dropout_keep(mixed_seed(1) % (2**31 - 1), 8, 0.5)
        >>> keep.astype(int).tolist()  # MindSpore's Dropout(0.5, Seed0=1) on 8 elements
        [1, 0, 0, 0, 0, 1, 0, 1]
    """
    if n == 0:
        return np.zeros(0, bool), int(state)
    out = _outputs(int(state), n)
    unit = (out - np.uint64(1)).astype(np.float32) / np.float32(2147483648.0)
    unit = np.minimum(unit, np.nextafter(np.float32(1), np.float32(0)))
    return unit < np.float32(keep_prob), int(out[-1])
