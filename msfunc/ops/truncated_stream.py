"""MindSpore's CPU TruncatedNormal kernel, computed on the host.

A kernel (one per output shape) keeps a ``minstd_rand0`` seeded with the mixed seed of its
``(seed, seed2)`` attributes; every call makes a fresh libstdc++
``normal_distribution<double>`` on it (Marsaglia's polar method on canonical doubles, two
engine outputs each; a pair's second value is dropped when the call ends) and keeps the
normals within [-2, 2] until the output is full, then casts them to the output type.
"""

import math

import numpy as np

from .minstd import _M, _outputs, mixed_seed

__all__ = ["truncated_normal_from", "truncated_normal"]

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
