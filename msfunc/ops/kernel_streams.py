"""MindSpore's CPU random kernels (UniformReal, UniformInt, StandardNormal, StandardLaplace,
RandomShuffle, Multinomial, RandomPoisson), computed on the host with numpy.

A kernel built with attributes ``(seed, seed2)`` mixes them into one 64-bit engine seed: the
first two words of the Philox4x32-10 block numbered `seed`, counter high half `seed2`, under
a fixed key (the mix the candidate samplers use). UniformReal and UniformInt then draw from
an ``mt19937`` seeded with it (libstdc++'s canonical doubles from word pairs, and its bucket
integers); StandardNormal from a ``minstd_rand0`` seeded with it (Marsaglia's polar method in
float32, as libstdc++'s ``normal_distribution<float>``); StandardLaplace, RandomShuffle and
Multinomial from a ``minstd_rand0`` too; RandomPoisson from an ``mt19937``. One kernel call
starts its engine afresh, so each function below is the whole draw of one call.
"""

import ctypes
import functools
import math

import numpy as np

from ..common.stdlib_random import MinstdRand0, Mt19937, canonical_double
from ..common.stdlib_random import shuffle as std_shuffle
from .minstd import _M, _outputs, mixed_seed

__all__ = [
    "uniform_real",
    "uniform_int",
    "standard_normal",
    "uniform_real_from",
    "uniform_int_from",
    "standard_normal_from",
    "dropout_keep",
    "standard_laplace",
    "standard_laplace_from",
    "shuffle_order",
    "shuffle_order_from",
    "multinomial_samples",
    "multinomial_from",
    "random_poisson",
    "random_poisson_from",
]


def _mt_engine(seed64, skip):
    """An mt19937 seeded with `seed64` (taken mod 2**32, as C++ does), `skip` words on."""
    engine = Mt19937(seed64)
    if skip:
        engine._bits.random_raw(int(skip))
    return engine


def uniform_real_from(seed64, skip, n):
    """`n` UniformReal values from the engine seeded `seed64`, `skip` words on; returns
    (values, words used after them), so a primitive can go on where its last call stopped."""
    words = _mt_engine(seed64, skip)._bits.random_raw(2 * n) if n else np.zeros(0, np.uint64)
    words = words.reshape(-1, 2).astype(np.float64)
    values = (words[:, 0] + words[:, 1] * 2.0**32) / 2.0**64
    values = np.minimum(values, np.nextafter(1.0, 0.0))  # (libstdc++ keeps it below 1)
    return values.astype(np.float32), int(skip) + 2 * n


def uniform_real(seed, seed2, n):
    """UniformReal's `n` float32 values in [0, 1): each from two mt19937 words, the first
    the low half of a 64-bit fraction, computed in double and rounded.

    Example:
        >>> uniform_real(1, 0, 3).tolist()  # MindSpore's UniformReal(seed=1)((3,))
        [0.5429620146751404, 0.8057862520217896, 0.36750099062919617]
    """
    return uniform_real_from(mixed_seed(seed, seed2), 0, n)[0]


def uniform_int_from(seed64, skip, n, low, high):
    """`n` UniformInt values in [low, high) from the engine seeded `seed64`, `skip` words
    on: words split into equal buckets, those past the last whole bucket rejected. Returns
    (values, words used after them)."""
    low, high = int(low), int(high)
    if high <= low:
        raise ValueError(f"UniformInt: `maxval` ({high}) must be greater than `minval` ({low})")
    buckets = high - low
    scaling = 0xFFFFFFFF // buckets
    past = buckets * scaling
    engine = _mt_engine(seed64, skip)
    kept, need, used = [], n, int(skip)
    while need:
        words = engine._bits.random_raw(max(2 * need, 64))
        good = np.flatnonzero(words < past)[:need]
        kept.append(words[good])
        need -= good.size
        used += int(good[-1]) + 1 if not need and good.size else words.size
    words = np.concatenate(kept) if kept else np.zeros(0, np.uint64)
    return (low + (words // scaling).astype(np.int64)).astype(np.int32), used


def uniform_int(seed, seed2, n, low, high):
    """UniformInt's `n` int32 values in [low, high) (see `uniform_int_from`).

    Example:
        >>> uniform_int(1, 0, 8, 0, 10).tolist()  # MindSpore's UniformInt(seed=1)
        [8, 5, 9, 8, 2, 3, 4, 7]
    """
    return uniform_int_from(mixed_seed(seed, seed2), 0, n, low, high)[0]


@functools.cache  # (on first use: finding the C library can start a subprocess)
def _c_logf():
    """The C library's float32 log, which MindSpore's kernel calls (its last bit differs from
    a correctly rounded log now and then); None where ctypes cannot load it."""
    try:
        try:
            libm = ctypes.CDLL("libm.so.6")  # (glibc: no search needed)
        except OSError:
            from ctypes.util import find_library  # (on first use)

            libm = ctypes.CDLL(find_library("m"))
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


def standard_normal_from(state, n):
    """`n` StandardNormal values from a minstd_rand0 in `state`: outputs made floats in
    [0, 1), taken in pairs (x, y) = 2u - 1, pairs outside the unit disc rejected, and each
    kept pair giving y * m then x * m with m = sqrt(-2 log(r2) / r2), all in float32.
    Returns (values, the engine state after the last pair used)."""
    pairs, have, need = [], 0, -(-n // 2)
    while have < need:
        out = _outputs(state, 2 * max(2 * (need - have), 64))
        unit = (out - np.uint64(1)).astype(np.float32) / np.float32(2147483648.0)
        unit = np.minimum(unit, np.nextafter(np.float32(1), np.float32(0)))
        xy = (np.float32(2) * unit - np.float32(1)).reshape(-1, 2)
        r2 = xy[:, 0] * xy[:, 0] + xy[:, 1] * xy[:, 1]
        good = np.flatnonzero((r2 <= 1) & (r2 != 0))[: need - have]
        pairs.append((xy[good], r2[good]))
        have += good.size
        state = int(out[2 * good[-1] + 1]) if have == need and good.size else int(out[-1])
    xy = np.concatenate([p[0] for p in pairs]) if pairs else np.zeros((0, 2), np.float32)
    r2 = np.concatenate([p[1] for p in pairs]) if pairs else np.zeros(0, np.float32)
    mult = np.sqrt(np.float32(-2) * _logf(r2) / r2)
    values = np.stack([xy[:, 1] * mult, xy[:, 0] * mult], axis=1).reshape(-1)
    return values[:n].astype(np.float32), state


def standard_normal(seed, seed2, n):
    """StandardNormal's `n` float32 values (see `standard_normal_from`), its engine seeded
    with the mixed seed mod 2**31 - 1.

    Example:
        >>> standard_normal(1, 0, 3).tolist()  # MindSpore's StandardNormal(seed=1)((3,))
        [0.22797997295856476, -0.9599476456642151, 0.5314622521400452]
    """
    return standard_normal_from(mixed_seed(seed, seed2) % _M or 1, n)[0]


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


def _minstd_floats(state, n):
    """`n` floats in [0, 1) as libstdc++'s ``generate_canonical<float>`` makes them from a
    minstd_rand0 in `state` (one output each: (x - 1) / 2**31 in float32, kept below 1)."""
    out = _outputs(int(state), n) if n else np.zeros(0, np.uint64)
    unit = (out - np.uint64(1)).astype(np.float32) / np.float32(2147483648.0)
    return np.minimum(unit, np.nextafter(np.float32(1), np.float32(0)))


def _minstd_start(seed, seed2):
    return mixed_seed(seed, seed2) % _M or 1


def _after(state, n):
    """The engine state `n` outputs after `state`."""
    return int(_outputs(int(state), n)[-1]) if n else int(state)


def standard_laplace_from(state, n):
    """`n` StandardLaplace values from a minstd_rand0 in `state`: u uniform in the open
    interval (-1, 1) (float32, from the engine's floats), then ``-sign(u) * log(1 - |u|)``
    computed in double. Returns (values, the engine state after them)."""
    low = np.nextafter(np.float32(-1), np.float32(0))
    u = _minstd_floats(state, n) * (np.float32(1) - low) + low
    magnitude = np.log(1.0 - np.abs(u).astype(np.float64))
    values = (-np.copysign(1.0, u) * magnitude).astype(np.float32)
    return values, _after(state, n)


def standard_laplace(seed, seed2, n):
    """StandardLaplace's `n` float32 values (see `standard_laplace_from`), one engine call.

    Example:
        >>> [round(v, 5) for v in standard_laplace(1, 0, 3).tolist()]
        [-1.43871, 0.19986, 0.92833]
    """
    return standard_laplace_from(_minstd_start(seed, seed2), n)[0]


def shuffle_order_from(state, n):
    """RandomShuffle's permutation of ``range(n)`` from a minstd_rand0 in `state`
    (libstdc++'s ``std::shuffle``); returns (order, the engine state after it)."""
    engine = MinstdRand0(state)
    order = std_shuffle(list(range(int(n))), engine) if n > 1 else list(range(int(n)))
    return np.array(order, np.int64), engine.state


def shuffle_order(seed, seed2, n):
    """RandomShuffle's permutation of ``range(n)`` for one kernel call (the output's row i
    is the input's row ``order[i]``).

    Example:
        >>> shuffle_order(1, 0, 10).tolist()  # MindSpore's ops.shuffle after set_seed(1)
        [5, 2, 0, 3, 4, 7, 9, 6, 1, 8]
    """
    return shuffle_order_from(_minstd_start(seed, seed2), n)[0]


def multinomial_from(state, probs, num_samples):
    """Multinomial's draws with replacement from (rows of) `probs` and a minstd_rand0 in
    `state`: each row's cumulative sums, divided by their total, in the row's dtype; each
    sample the first category whose normalised sum exceeds a float from the engine (one
    engine for all rows, in turn). Returns (samples, the engine state after them)."""
    probs, num_samples = np.asarray(probs), int(num_samples)
    rows = probs.reshape(-1, probs.shape[-1])
    dtype = rows.dtype if np.issubdtype(rows.dtype, np.floating) else np.float32
    count = rows.shape[0] * num_samples
    unit = _minstd_floats(state, count).reshape(rows.shape[0], num_samples).astype(dtype)
    out = np.empty(unit.shape, np.int64)
    for i, row in enumerate(rows.astype(dtype)):
        cumulative = np.cumsum(row, dtype=dtype)  # (sequential sums, as the kernel adds)
        total = cumulative[-1]
        if total != 0:
            cumulative = cumulative / total
        picks = np.searchsorted(cumulative, unit[i], side="right")
        out[i] = np.minimum(picks, row.size - 1)  # (the kernel's search stops at the last)
    return out.reshape(probs.shape[:-1] + (num_samples,)), _after(state, count)


def multinomial_samples(seed, seed2, probs, num_samples):
    """Multinomial's draws with replacement for one kernel call (see `multinomial_from`).

    Example:
        >>> probs = np.array([0.1, 0.2, 0.3, 0.4], np.float32)
        >>> multinomial_samples(1, 0, probs, 6).tolist()  # ops.multinomial after set_seed(1)
        [1, 2, 3, 3, 3, 1]
    """
    return multinomial_from(_minstd_start(seed, seed2), probs, num_samples)[0]


def _poisson_one(engine, rate):
    """One Poisson(rate) draw as MindSpore's RandomPoisson kernel makes it: Knuth's product
    of uniforms below rate 10, Hormann's transformed rejection (PTRS) from 10 on."""
    if rate < 10.0:
        x, product, limit = 0.0, 1.0, math.exp(-rate)
        while True:
            product *= canonical_double(engine)
            if product <= limit:
                return x
            x += 1.0
    if math.isinf(rate):
        return math.inf
    log_rate, sqrt_rate = math.log(rate), math.sqrt(rate)
    b = 0.931 + 2.53 * sqrt_rate
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    v_r = 0.9277 - 3.6224 / (b - 2.0)
    while True:
        u = canonical_double(engine) - 0.5
        v = canonical_double(engine)
        u_s = 0.5 - abs(u)
        k = math.floor((2.0 * a / u_s + b) * u + rate + 0.43)
        if u_s >= 0.07 and v <= v_r:
            return float(k)
        if k < 0 or (u_s < 0.013 and v > u_s):
            continue
        s = math.log(v * inv_alpha / (a / (u_s * u_s) + b))
        if s <= -rate + k * log_rate - math.lgamma(k + 1.0):
            return float(k)


class _CountedMt(Mt19937):
    """An mt19937 counting the words it gave (a primitive keeps the count as its state)."""

    def __init__(self, seed, skip=0):
        super().__init__(seed)
        self.used = int(skip)
        if skip:
            self._bits.random_raw(int(skip))

    def next(self):
        self.used += 1
        return super().next()


def poisson_engine_seed(seed64):
    """RandomPoisson's mt19937 seed: the mixed seed through a PCG step (its low 32 bits)."""
    return (seed64 * 6364136223846793005 + 0xDA3E39CB94B95BDB) & 0xFFFFFFFF


def random_poisson_from(engine_seed, skip, rates, n):
    """`n` RandomPoisson values (float64) for the flat `rates`, from the mt19937 seeded
    `engine_seed`, `skip` words on: output j has rate ``rates[j % len(rates)]``, the draws
    made rate by rate (all outputs of the first rate, then the second's ...). Returns
    (values, words used after them)."""
    rates = np.asarray(rates, np.float64).reshape(-1)
    engine = _CountedMt(engine_seed, skip)
    out = np.empty(int(n), np.float64)
    for i, rate in enumerate(rates.tolist()):
        for j in range(i, int(n), rates.size):
            out[j] = _poisson_one(engine, rate)
    return out, engine.used


def random_poisson(seed, seed2, shape, rates):
    """RandomPoisson's draws of shape ``shape + rates.shape`` for one kernel call.

    Example:
        >>> random_poisson(1, 0, (4,), np.array([3.0])).ravel().tolist()  # after set_seed(1)
        [2.0, 3.0, 2.0, 2.0]
    """
    rates = np.asarray(rates)
    out_shape = tuple(shape) + rates.shape
    n = int(np.prod(out_shape, dtype=np.int64))
    seed64 = mixed_seed(seed, seed2)
    return random_poisson_from(poisson_engine_seed(seed64), 0, rates, n)[0].reshape(out_shape)
