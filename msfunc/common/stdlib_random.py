"""The C++ standard library's Mersenne Twisters and GNU libstdc++ 9's integer draws and
`std::shuffle`, as MindSpore's dataset engine (built with GCC 9) uses them.

`mt19937` words come from numpy's own MT19937 (seeded the way C++ seeds it); `mt19937_64`,
which numpy lacks, is computed here with numpy vectors. `uniform_int` divides the engine's
range into equal buckets and rejects the leftover, and `shuffle` is libstdc++'s
Fisher-Yates that takes two swap positions from one draw while the range allows; together
they give MindSpore's sample orders for the same seed.
"""

import numpy as np

__all__ = ["Mt19937", "Mt19937_64", "uniform_int", "shuffle", "canonical_double",
           "canonical_float", "bernoulli"]


class Mt19937:
    """`std::mt19937` seeded with a 32-bit `seed`: ``next()`` gives its 32-bit outputs.

    Example:
        >>> g = Mt19937(5489)  # C++'s default seed; its first output is well known
        >>> g.next()
        3499211612
    """

    max = 0xFFFFFFFF

    def __init__(self, seed):
        # numpy's legacy integer seeding is C++'s: the same 624-word state, at its end. The
        # RandomState's own MT19937 is taken as it is (a fresh MT19937 would first seed itself
        # from OS entropy: three times the cost, paid once per epoch of a shuffled dataset).
        self._bits = np.random.RandomState(int(seed) & 0xFFFFFFFF)._bit_generator
        self._buffer, self._pos = [], 0

    def next(self):
        if self._pos == len(self._buffer):
            self._buffer, self._pos = self._bits.random_raw(624).tolist(), 0
        self._pos += 1
        return self._buffer[self._pos - 1]


_N, _M = 312, 156
_MASK64 = (1 << 64) - 1
_UPPER, _LOWER = np.uint64(0xFFFFFFFF80000000), np.uint64(0x7FFFFFFF)
_MATRIX = np.uint64(0xB5026F5AA96619E9)


class Mt19937_64:  # noqa: N801  (the C++ name)
    """`std::mt19937_64` seeded with `seed`: ``next()`` gives its 64-bit outputs.

    Example:
        >>> Mt19937_64(5489).next()
        14514284786278117030
    """

    max = _MASK64

    def __init__(self, seed):
        state = [int(seed) & _MASK64]
        for i in range(1, _N):
            prev = state[-1]
            state.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & _MASK64)
        self._state = np.array(state, np.uint64)
        self._buffer, self._pos = [], 0

    def _twist(self):
        mt = self._state
        # Three slices, each reading only words the earlier slices already replaced or
        # that no slice has touched yet, as the sequential recurrence does.
        for lo, hi in ((0, _N - _M), (_N - _M, _N - 1), (_N - 1, _N)):
            i = np.arange(lo, hi)
            y = (mt[i] & _UPPER) | (mt[(i + 1) % _N] & _LOWER)
            odd = (y & np.uint64(1)).astype(bool)
            mt[i] = mt[(i + _M) % _N] ^ (y >> np.uint64(1)) ^ np.where(odd, _MATRIX, np.uint64(0))
        y = mt.copy()
        y ^= (y >> np.uint64(29)) & np.uint64(0x5555555555555555)
        y ^= (y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
        y ^= (y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
        y ^= y >> np.uint64(43)
        return y.tolist()

    def next(self):
        if self._pos == len(self._buffer):
            self._buffer, self._pos = self._twist(), 0
        self._pos += 1
        return self._buffer[self._pos - 1]


def uniform_int(engine, low, high):
    """One integer uniform in [low, high] from `engine`, as libstdc++ 9's
    `uniform_int_distribution` draws it (a wider range than the engine's is built from
    several outputs, high part first).

    Example:
        >>> g = Mt19937(5489)
        >>> [uniform_int(g, 0, 9) for _ in range(5)]
        [8, 1, 9, 8, 1]
    """
    span = high - low
    top = engine.max
    if span < top:
        buckets = span + 1
        scaling = top // buckets
        past = buckets * scaling
        while True:
            value = engine.next()
            if value < past:
                return low + value // scaling
    if span == top:
        return low + engine.next()
    while True:
        high_part = uniform_int(engine, 0, span // (top + 1))
        value = (top + 1) * high_part + engine.next()
        if value <= span:
            return low + value


def canonical_double(engine):
    """A double in [0, 1) as libstdc++'s ``generate_canonical<double, 53>`` makes it from a
    32-bit engine: two outputs, the first the low half, over 2**64 (kept below 1).

    Example:
        >>> canonical_double(Mt19937(5))
        0.055180120799223235
    """
    low, high = engine.next(), engine.next()
    value = (float(low) + float(high) * 4294967296.0) / 18446744073709551616.0
    return value if value < 1.0 else float(np.nextafter(1.0, 0.0))


def canonical_float(engine):
    """A float32 in [0, 1) as ``generate_canonical<float, 24>`` makes it from a 32-bit
    engine: one output, rounded to float32, over 2**32 (kept below 1).

    Example:
        >>> float(canonical_float(Mt19937(5)))
        0.22199317812919617
    """
    value = np.float32(engine.next()) / np.float32(4294967296.0)
    return value if value < 1 else np.nextafter(np.float32(1), np.float32(0))


def bernoulli(engine, p):
    """``std::bernoulli_distribution(p)``: true when a canonical double is below `p`.

    Example:
        >>> g = Mt19937(5)
        >>> [bernoulli(g, 0.5) for _ in range(4)]
        [True, False, True, False]
    """
    return canonical_double(engine) < p


def shuffle(values, engine):
    """Shuffle the list `values` in place as libstdc++'s `std::shuffle` does with `engine`;
    returns it.

    While n * n fits the engine's range, each draw gives two swap positions (one draw for
    the pair i, i + 1: x in [0, (i + 1)(i + 2)), positions x // (i + 2) and x % (i + 2)),
    after one single swap first when n is even.

    Example:
        >>> shuffle(list(range(6)), Mt19937(1))
        [1, 0, 2, 5, 3, 4]
    """
    n = len(values)
    if n < 2:
        return values
    if engine.max // n >= n:
        i = 1
        if n % 2 == 0:
            j = uniform_int(engine, 0, 1)
            values[1], values[j] = values[j], values[1]
            i = 2
        while i < n:
            bound = i + 1
            x = uniform_int(engine, 0, bound * (bound + 1) - 1)
            first, second = divmod(x, bound + 1)
            values[i], values[first] = values[first], values[i]
            values[i + 1], values[second] = values[second], values[i + 1]
            i += 2
        return values
    for i in range(1, n):
        j = uniform_int(engine, 0, i)
        values[i], values[j] = values[j], values[i]
    return values
