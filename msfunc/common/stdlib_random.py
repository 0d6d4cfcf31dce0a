"""The C++ standard library's Mersenne Twisters and GNU libstdc++ 9's integer draws and
`std::shuffle`, as MindSpore's dataset engine (built with GCC 9) uses them.

`mt19937` words come from numpy's own MT19937 (seeded the way C++ seeds it); `mt19937_64`,
which numpy lacks, is computed here with numpy vectors. `uniform_int` divides the engine's
range into equal buckets and rejects the leftover, and `shuffle` is libstdc++'s
Fisher-Yates that takes two swap positions from one draw while the range allows; together
they give MindSpore's sample orders for the same seed. With either twister, `shuffle` takes
its words in one numpy call and computes every draw and swap position as vectors, consuming
exactly the words the one-by-one draws consume.
"""

import functools

import numpy as np

__all__ = [
    "Mt19937",
    "Mt19937_64",
    "uniform_int",
    "shuffle",
    "canonical_double",
    "canonical_float",
    "bernoulli",
]


class _Words:
    """Outputs made in blocks and handed out one by one (``next``) or many at once as a
    uint64 array (``_words``); ``_unread`` puts words taken but not used back in front."""

    def _words(self, count):
        rest = self._buffer[self._pos :]
        if len(rest) >= count:
            self._pos += count
            return np.array(rest[:count], np.uint64)
        words = self._fresh(count - len(rest))
        if rest:
            words = np.concatenate((np.array(rest, np.uint64), words))
        self._buffer, self._pos = words[count:].tolist(), 0
        return words[:count]

    def _unread(self, words):
        self._buffer, self._pos = words.tolist() + self._buffer[self._pos :], 0


# numpy MT19937s whose engines are gone, seeded again for new engines: making one costs
# about a hundred times seeding one (it first seeds itself through a SeedSequence), and a
# shuffled dataset makes an engine every epoch.
_IDLE_BITS = []


def _seeded_bits(seed):
    """A numpy MT19937 in C++'s state for the 32-bit `seed` (numpy's legacy integer seeding
    is C++'s: the same 624-word state, at its end)."""
    try:
        bits = _IDLE_BITS.pop()
    except IndexError:
        return np.random.RandomState(seed)._bit_generator
    bits._legacy_seeding(seed)
    return bits


class Mt19937(_Words):
    """`std::mt19937` seeded with a 32-bit `seed`: ``next()`` gives its 32-bit outputs.

    Example:
        >>> g = Mt19937(5489)  # C++'s default seed; its first output is well known
        >>> g.next()
        3499211612
    """

    max = 0xFFFFFFFF

    def __init__(self, seed):
        self._bits = _seeded_bits(int(seed) & 0xFFFFFFFF)
        self._buffer, self._pos = [], 0

    def next(self):
        if self._pos == len(self._buffer):
            self._buffer, self._pos = self._bits.random_raw(624).tolist(), 0
        self._pos += 1
        return self._buffer[self._pos - 1]

    def _fresh(self, count):
        return self._bits.random_raw(count)

    def __copy__(self):
        twin = Mt19937(0)  # (its own generator: an idle one is reused only once this is gone)
        twin._bits.state = self._bits.state
        twin._buffer, twin._pos = list(self._buffer), self._pos
        return twin

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __del__(self):
        try:
            if len(_IDLE_BITS) < 64:
                _IDLE_BITS.append(self._bits)
        except (AttributeError, TypeError):  # (half made, or the interpreter shutting down)
            pass


_N, _M = 312, 156
_MASK64 = (1 << 64) - 1
_UPPER, _LOWER = np.uint64(0xFFFFFFFF80000000), np.uint64(0x7FFFFFFF)
_MATRIX = np.uint64(0xB5026F5AA96619E9)


class Mt19937_64(_Words):  # noqa: N801  (the C++ name)
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
        return y

    def next(self):
        if self._pos == len(self._buffer):
            self._buffer, self._pos = self._twist().tolist(), 0
        self._pos += 1
        return self._buffer[self._pos - 1]

    def _fresh(self, count):
        return np.concatenate([self._twist() for _ in range(-(-count // _N))])


class MinstdRand0:
    """libstdc++'s ``std::default_random_engine`` (``minstd_rand0``: x <- 16807 x mod 2**31 - 1),
    its outputs shifted down by its minimum 1, as libstdc++'s distributions and `shuffle`
    consume them (`max` is the shifted range). `state` is the engine's state, which a kernel
    can keep to go on where it stopped.

    Example:
        >>> g = MinstdRand0(1)
        >>> g.next() + 1, g.next() + 1, g.state
        (16807, 282475249, 282475249)
    """

    max = 2147483645
    _MODULUS = 2147483647

    def __init__(self, seed):
        state = int(seed) % self._MODULUS
        self.state = 1 if state == 0 else state

    def next(self):
        self.state = self.state * 16807 % self._MODULUS
        return self.state - 1


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

    Position i (from 1 up) swaps with a position j <= i drawn for it. While n * n fits the
    engine's range, each draw gives two of them (one draw for the pair i, i + 1: x in
    [0, (i + 1)(i + 2)), positions x // (i + 2) and x % (i + 2)), after one single draw for
    position 1 first when n is even.

    Example:
        >>> shuffle(list(range(6)), Mt19937(1))
        [1, 0, 2, 5, 3, 4]
    """
    n = len(values)
    if n < 2:
        return values
    paired = engine.max // n >= n
    if type(engine) in (Mt19937, Mt19937_64):  # (words in bulk: every draw at once)
        targets = _swap_targets(engine, n, paired)
    else:
        targets = _swap_targets_one_by_one(engine, n, paired)
    for i, j in enumerate(targets, 1):
        values[i], values[j] = values[j], values[i]
    return values


def _swap_targets_one_by_one(engine, n, paired):
    """The position each of 1 .. n - 1 swaps with, drawn one at a time (any engine)."""
    if not paired:
        return [uniform_int(engine, 0, i) for i in range(1, n)]
    targets = [uniform_int(engine, 0, 1)] if n % 2 == 0 else []
    for i in range(len(targets) + 1, n, 2):
        targets.extend(divmod(uniform_int(engine, 0, (i + 1) * (i + 2) - 1), i + 2))
    return targets


def _swap_targets(engine, n, paired):
    """`_swap_targets_one_by_one` for a twister, its draws computed as vectors."""
    if not paired:
        return _uniform_below(engine, np.arange(2, n + 1, dtype=np.uint64)).tolist()
    first, width, buckets, bounds = _pair_plan(n, engine.max)
    drawn = _uniform_below(engine, buckets, bounds)
    targets = np.empty(n - 1, np.uint64)
    if first == 2:
        targets[0], drawn = drawn[0], drawn[1:]
    targets[first - 1 :: 2] = drawn // width
    targets[first::2] = drawn % width
    return targets.tolist()


@functools.lru_cache(maxsize=32)
def _pair_plan(n, engine_max):
    """What `_swap_targets` draws for `n` values by pairs, which depends on `n` alone (a
    dataset's shuffle asks for the same `n` every epoch): the first paired position, each
    pair's width (i + 2), the buckets drawn from and their `_bounds`. Read-only arrays."""
    first = 2 if n % 2 == 0 else 1
    width = np.arange(first + 2, n + 1, 2, dtype=np.uint64)  # i + 2 for each pair i, i + 1
    buckets = (width - np.uint64(1)) * width
    if first == 2:
        buckets = np.concatenate((np.array([2], np.uint64), buckets))
    bounds = _bounds(engine_max, buckets)
    for array in (width, buckets, *bounds):
        array.flags.writeable = False
    return first, width, buckets, bounds


def _bounds(engine_max, buckets):
    """Each bucket's scaling (words per value) and the first word past its last whole bucket."""
    scaling = np.uint64(engine_max) // buckets
    return scaling, buckets * scaling


def _uniform_below(engine, buckets, bounds=None):
    """``uniform_int(engine, 0, b - 1)`` for each b of `buckets` (uint64, each below the
    engine's max) in turn, from exactly the words the one-by-one draws take.

    A draw takes words until one falls below its last whole bucket (`past`). For a window
    of draws, a word at or above every bound of the window is rejected whatever draw meets
    it: those are skipped as a vector, the rest (candidates) go to the draws in order, and
    where a candidate fails its own draw's bound, that draw moves on past it and the window
    starts again there. Windows grow while no candidate fails and shrink when one does.
    """
    scaling, past = bounds if bounds is not None else _bounds(engine.max, buckets)
    count = len(buckets)
    words = engine._words(count)
    if (words < past).all():  # (the common case: no word rejected)
        return words // scaling
    words = np.concatenate((words, engine._words(count // 16 + 64)))
    chosen = np.empty(count, np.uint64)
    done, at, window = 0, 0, 1024  # draws made; the next word's index in `words`
    while done < count:
        window = min(window, count - done)
        bounds = past[done : done + window]
        span = 2 * window + 64  # (every bound passes at least half the words)
        if at + span > len(words):
            words = np.concatenate((words, engine._words(at + span - len(words) + count // 16)))
        ahead = words[at : at + span]
        candidates = np.flatnonzero(ahead < bounds.max())[:window]
        kept = ahead[candidates] < bounds[: len(candidates)]
        made = len(candidates) if kept.all() else int(kept.argmin())
        chosen[done : done + made] = ahead[candidates[:made]]
        done += made
        if made < len(candidates):  # (a candidate failed its draw: the draw takes the next)
            at += int(candidates[made]) + 1
            window = max(16, window // 2)
        else:  # (the words after the last candidate are past every bound)
            at += int(candidates[-1]) + 1 if made == window else span
            window *= 2
    engine._unread(words[at:])
    return chosen // scaling
