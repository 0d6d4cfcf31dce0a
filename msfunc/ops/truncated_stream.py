"""MindSpore's CPU TruncatedNormal and ParameterizedTruncatedNormal kernels, computed on the
host.

A kernel (one per output shape) keeps a ``minstd_rand0`` seeded with the mixed seed of its
``(seed, seed2)`` attributes; every call makes a fresh libstdc++
``normal_distribution<double>`` on it (Marsaglia's polar method on canonical doubles, two
engine outputs each; a pair's second value is dropped when the call ends) and keeps the
normals within [-2, 2] until the output is full, then casts them to the output type.
ParameterizedTruncatedNormal keeps the same engine (one per parameter type and output
shape) and, batch by batch, rejects normals, uniform or exponential proposals in the
parameters' type, as its bounds call for.
"""

import math

import numpy as np

from .minstd import _M, _outputs, mixed_seed

__all__ = ["truncated_normal_from", "truncated_normal", "parameterized_from"]

_SPAN = float(_M - 1)  # the engine's range, max - min + 1 (outputs run 1 .. M - 1)
_BOUND = 2.0
_log = np.frompyfunc(math.log, 1, 1)  # (the C library's log, as the kernel calls it)


def _pairs(state, count):
    """`count` polar candidates from the engine in `state`: (x, y, the state after each)."""
    out = _outputs(int(state), 4 * count)
    digits = (out.astype(np.float64) - 1.0).reshape(-1, 2)
    unit = (digits[:, 0] + digits[:, 1] * _SPAN) / (_SPAN * _SPAN)
    unit = np.minimum(unit, np.nextafter(1.0, 0.0)).reshape(-1, 2)
    return 2.0 * unit[:, 0] - 1.0, 2.0 * unit[:, 1] - 1.0, out[3::4]


def truncated_normal_from(state, n):
    """`n` TruncatedNormal values (float64, within [-2, 2]) from a minstd_rand0 in `state`;
    returns (values, the engine state after the last pair used).

    Example:
        >>> values, _ = truncated_normal_from(mixed_seed(1) % (2**31 - 1), 3)
        >>> [round(v, 6) for v in values.tolist()]  # TruncatedNormal(seed=1)((3,))
        [1.249817, 0.359576, -0.282296]
    """
    kept, need = [], int(n)
    while need:
        x, y, states = _pairs(state, max(need, 32))
        r2 = x * x + y * y
        good = (r2 <= 1.0) & (r2 != 0.0)
        x, y, r2, after = x[good], y[good], r2[good], states[good]
        mult = np.sqrt((-2.0 * _log(r2).astype(np.float64)) / r2)
        values = np.stack([y * mult, x * mult], axis=1).reshape(-1)
        inside = np.flatnonzero((values >= -_BOUND) & (values <= _BOUND))[:need]
        kept.append(values[inside])
        need -= inside.size
        # done: the state after the pair of the last value kept; else after the whole batch
        state = int(after[inside[-1] // 2]) if not need else int(states[-1])
    return (np.concatenate(kept) if kept else np.zeros(0)), state


def truncated_normal(seed, seed2, n):
    """A TruncatedNormal kernel's first call: `n` values (float64).

    Example:
        >>> [round(v, 6) for v in truncated_normal(0, 1, 2).tolist()]
        [-0.069407, -0.084857]
    """
    return truncated_normal_from(mixed_seed(seed, seed2) % _M or 1, n)[0]


class _Engine:
    """A minstd_rand0 giving libstdc++'s canonical doubles (two outputs each) and, through
    `normal`, a ``normal_distribution<double>``'s values (polar method, the pair's second
    value kept for the next call until `fresh_normals`)."""

    def __init__(self, state):
        self.state, self._saved = int(state), None

    def uniform(self):
        low = self.state = self.state * 16807 % _M
        high = self.state = self.state * 16807 % _M
        value = ((low - 1.0) + (high - 1.0) * _SPAN) / (_SPAN * _SPAN)
        return min(value, float(np.nextafter(1.0, 0.0)))

    def fresh_normals(self):
        self._saved = None

    def normal(self):
        if self._saved is not None:
            value, self._saved = self._saved, None
            return value
        while True:
            x, y = 2.0 * self.uniform() - 1.0, 2.0 * self.uniform() - 1.0
            r2 = x * x + y * y
            if r2 <= 1.0 and r2 != 0.0:
                break
        mult = math.sqrt(-2.0 * math.log(r2) / r2)
        self._saved = x * mult
        return y * mult


def _exp64(v):
    """C's exp: infinity past the largest double (Python's math.exp raises there)."""
    try:
        return math.exp(v)
    except OverflowError:
        return math.inf


def _math(t):
    """exp, log and sqrt in the type `t` (the C library's float functions for float32)."""
    if t == np.float64:
        return _exp64, math.log, math.sqrt
    import ctypes
    import ctypes.util

    libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    fns = []
    for name in ("expf", "logf", "sqrtf"):
        fn = getattr(libm, name)
        fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        fns.append(lambda v, fn=fn: t(fn(float(v))))
    return tuple(fns)


def _samples(engine, size, mean, stddev, low, high, t):
    """One batch of ParameterizedTruncatedNormal: normal rejection when the bounds hold the
    bulk, else uniform or exponential proposals, all in the type `t`."""
    exp, log, sqrt = _math(t)
    if (np.isinf(low) and low < 0) or high < mean:
        low, high, stddev = high, low, -stddev
    scale = t(1) if stddev == 0 else stddev
    norm_min, norm_max = (low - mean) / scale, (high - mean) / scale
    root = sqrt(norm_min * norm_min + t(4))
    cutoff = t(2) * exp(t(0.5) + (norm_min * (norm_min - root)) / t(4)) / (norm_min + root)
    out = []
    if (norm_min < t(-1.3) and norm_max >= 0) or (norm_max > t(1.3) and norm_min <= 0):
        engine.fresh_normals()
        while len(out) < size:
            z = t(engine.normal())
            if norm_min <= z <= norm_max:
                out.append(z * stddev + mean)
    elif norm_max - norm_min < cutoff:
        plus = t(0) if norm_min < 0 else norm_min * norm_min
        while len(out) < size:
            z = t(engine.uniform()) * (norm_max - norm_min) + norm_min
            if t(engine.uniform()) <= exp((plus - z * z) / t(2)):
                out.append(z * stddev + mean)
    else:
        alpha = (norm_min + sqrt(norm_min * norm_min + t(4))) / t(2)
        while len(out) < size:
            z = -log(t(engine.uniform())) / alpha + norm_min
            x = alpha - z if norm_min < alpha else norm_min - alpha
            if t(engine.uniform()) <= exp(-x * x / t(2)) and z < norm_max:
                out.append(z * stddev + mean)
    return out


def parameterized_from(state, shape, means, stdevs, lows, highs):
    """ParameterizedTruncatedNormal's values of `shape` (float64 holding the parameters'
    type) from a minstd_rand0 in `state`: batch i (of ``shape[0]``) takes the i-th
    parameters of the 2-D ones, the first of the others (as MindSpore's kernel steps them).
    Returns (values, the engine state after them).

    Example:
        >>> one = [np.array([v], np.float64) for v in (0.0, 1.0, -3.0, 3.0)]
        >>> values, _ = parameterized_from(mixed_seed(1) % (2**31 - 1), (1, 3), *one)
        >>> [round(v, 6) for v in values.ravel().tolist()]
        [1.249817, 0.359576, -0.282296]
    """
    params = [np.asarray(p) for p in (means, stdevs, lows, highs)]
    t = np.float64 if params[0].dtype == np.float64 else np.float32
    engine = _Engine(state)
    size = int(np.prod(shape[1:], dtype=np.int64))
    out = []
    for i in range(int(shape[0])):
        batch = [t(p.reshape(-1)[i if p.ndim > 1 else 0]) for p in params]
        out += _samples(engine, size, *batch, t)
    return np.array(out, np.float64).reshape(tuple(shape)), engine.state
