"""The uniform candidate sampler's random stream, computed on the host.

MindSpore's CPU uniform candidate sampler draws from ``minstd_rand0`` (the Lehmer generator
``x -> 16807 x mod (2**31 - 1)``, the C++ standard library's default engine) started from a
64-bit seed that a Philox4x32-10 block mixes out of the op's ``seed``; each class is a
uniform integer made from the engine's outputs the way GNU libstdc++ makes them (divide the
output range into equal buckets, reject the leftover). Reproducing the three steps gives
MindSpore's classes for the same seed; the engine state is one int, so a primitive can keep
it and go on where its last call stopped.
"""

import numpy as np

from .distinct_draws import first_distinct
from .philox import philox_uint32

__all__ = ["mixed_seed", "seeded_state", "uniform_classes"]

_M = 2147483647  # 2**31 - 1
_A = 16807
_SPAN = _M - 2  # outputs run 1 .. M - 1: max - min
_MIX_KEY = (0x02461E29 << 32) | 0x3EC8F720  # Philox key that turns an op seed into a state
_CHUNK = 4096


def mixed_seed(seed, seed2=0):
    """The 64-bit engine seed MindSpore's CPU random kernels make of their attributes
    ``(seed, seed2)``: the first two words of the Philox block numbered `seed`, counter high
    half `seed2`, under a fixed key.

    Example:
        >>> mixed_seed(1) % (2**31 - 1)
        347558175
    """
    # (a negative seed is the kernel's int64 attribute read as its uint64 bit pattern)
    wrap = 1 << 64
    lo, hi = (int(w) for w in philox_uint32(_MIX_KEY, int(seed2) % wrap, int(seed) % wrap, 2))
    return (hi << 32) | lo


def seeded_state(seed):
    """The engine state for a positive op `seed`: `mixed_seed` reduced mod 2**31 - 1 (0 -> 1).

    Example:
        >>> seeded_state(1)
        347558175
    """
    return mixed_seed(seed) % _M or 1


def _outputs(state, n):
    """The next `n` engine outputs after `state` (the last one is the new state)."""
    # x_k = x_0 * A**k mod M: both factors < 2**31, so the products fit in uint64.
    return (np.uint64(state) * _powers(n)) % np.uint64(_M)


_POWERS = np.array([_A], np.uint64)  # A**1, A**2, ... mod M, grown on demand


def _powers(n):
    global _POWERS
    while _POWERS.size < n:
        # A**(k + L) = A**k * A**L: doubling keeps every product below 2**62
        _POWERS = np.concatenate([_POWERS, _POWERS * _POWERS[-1] % np.uint64(_M)])
    return _POWERS[:n]


def _one_class(state, top):
    """One uniform integer in [0, top] for any `top`, as libstdc++ draws it; returns
    (value, new state). Ranges wider than the engine's build the value from a draw for the
    high part and one output for the low part, again if it overshoots."""
    if top < _SPAN:
        scaling = _SPAN // (top + 1)
        while True:
            state = state * _A % _M
            if state - 1 < (top + 1) * scaling:
                return (state - 1) // scaling, state
    if top == _SPAN:
        state = state * _A % _M
        return state - 1, state
    while True:
        high, state = _one_class(state, top // (_SPAN + 1))
        state = state * _A % _M
        value = (_SPAN + 1) * high + state - 1
        if value <= top:
            return value, state


def _classes(state, range_max, n):
    """`n` uniform integers in [0, range_max) for range_max <= 2**31 - 2, each from one
    accepted engine output (outputs past the last whole bucket are skipped); returns
    (values, the engine state after each value)."""
    scaling = max(_SPAN // range_max, 1)
    past = range_max * scaling
    values, states, need = [], [], n
    while need:
        out = _outputs(state, max(2 * need, 64))
        keep = np.flatnonzero(out - np.uint64(1) < np.uint64(past))[:need]
        values.append(((out[keep] - np.uint64(1)) // np.uint64(scaling)).astype(np.int64))
        states.append(out[keep].astype(np.int64))
        state = int(out[keep[-1]]) if keep.size == need else int(out[-1])
        need -= keep.size
    return np.concatenate(values), np.concatenate(states)  # (n >= 1: one chunk at least)


def uniform_classes(state, range_max, num_sampled, unique, exclude=()):
    """MindSpore's `num_sampled` classes in [0, range_max) from engine `state`.

    Without `unique`, one draw per class. With it, repeats (and the classes in `exclude`)
    are drawn again. Returns (classes as int64, number of draws, new state); the number of
    draws is the count the expected-count formula uses.

    Example:
        >>> cls, draws, _ = uniform_classes(seeded_state(1), 8, 5, True)
        >>> cls.tolist(), draws
        ([0, 4, 6, 5, 1], 6)
    """
    state, range_max, num_sampled = int(state), int(range_max), int(num_sampled)
    banned = {int(e) for e in exclude} if unique else set()
    if range_max > _SPAN + 1:  # wider than the engine: one class at a time
        picked, draws = [], 0
        while len(picked) < num_sampled:
            v, state = _one_class(state, range_max - 1)
            draws += 1
            if v not in banned:
                picked.append(v)
                if unique:
                    banned.add(v)
        return np.array(picked, np.int64), draws, state
    if not unique:
        values, states = _classes(state, range_max, num_sampled)
        return values, num_sampled, int(states[-1])
    last_states = []

    def chunks(state):
        while True:
            values, states = _classes(state, range_max, _CHUNK)
            last_states[:] = [states]
            yield values
            state = int(states[-1])

    picked, draws, pos = first_distinct(chunks(state), num_sampled, banned)
    return picked, draws, int(last_states[0][pos])
