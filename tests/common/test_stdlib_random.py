"""The C++ engines and libstdc++'s `std::shuffle`: the vectorised shuffle gives exactly the
order and leaves exactly the engine state of the draw-by-draw algorithm written out here,
and bulk word reads agree with C++'s mandated outputs."""

import copy
import gc

from hypothesis import given, settings
from hypothesis import strategies as st

from msfunc.common.stdlib_random import Mt19937, Mt19937_64, shuffle


def _draw(engine, span):
    """libstdc++'s uniform_int_distribution(0, span) for span below the engine's range."""
    buckets = span + 1
    scaling = engine.max // buckets
    while True:
        word = engine.next()
        if word < buckets * scaling:
            return word // scaling


def _reference_shuffle(values, engine):
    """libstdc++'s std::shuffle, one draw and one swap at a time."""
    n = len(values)
    if n < 2:
        return values
    if engine.max // n >= n:  # two positions per draw
        i = 1
        if n % 2 == 0:
            j = _draw(engine, 1)
            values[1], values[j] = values[j], values[1]
            i = 2
        while i < n:
            first, second = divmod(_draw(engine, (i + 1) * (i + 2) - 1), i + 2)
            values[i], values[first] = values[first], values[i]
            values[i + 1], values[second] = values[second], values[i + 1]
            i += 2
    else:
        for i in range(1, n):
            j = _draw(engine, i)
            values[i], values[j] = values[j], values[i]
    return values


class _OneByOne:
    """An engine that hands out words only through `next` (the scalar path)."""

    def __init__(self, engine):
        self.engine, self.max = engine, engine.max

    def next(self):
        return self.engine.next()


def _after(engine, count=3):
    return [engine.next() for _ in range(count)]


@settings(max_examples=60, deadline=None)
@given(
    n=st.one_of(st.integers(0, 12), st.integers(13, 3000)),
    seed=st.integers(0, 2**32 - 1),
    wide=st.booleans(),
    used=st.integers(0, 700),
)
def test_vectorised_shuffle_equals_the_draw_by_draw_algorithm(n, seed, wide, used):
    kind = Mt19937_64 if wide else Mt19937
    fast, slow = kind(seed), kind(seed)
    _after(fast, used), _after(slow, used)  # (the engine part-way through a block)
    assert shuffle(list(range(n)), fast) == _reference_shuffle(list(range(n)), slow)
    assert _after(fast) == _after(slow)  # the same words consumed


def test_shuffle_where_rejections_are_common_and_past_pairs():
    # near n = 2**16 a pair's draw rejects up to half the words; above it one draw per swap
    for n, seed in ((60001, 11), (65537, 12)):
        fast, slow = Mt19937(seed), Mt19937(seed)
        assert shuffle(list(range(n)), fast) == _reference_shuffle(list(range(n)), slow)
        assert _after(fast) == _after(slow)


def test_any_engine_takes_the_one_by_one_path():
    values = list("abcdefghij")
    shuffled = shuffle(values[:], _OneByOne(Mt19937(4)))
    assert shuffled == _reference_shuffle(values[:], Mt19937(4))
    assert shuffled == shuffle(values[:], Mt19937(4))


def test_bulk_reads_meet_the_standards_ten_thousandth_output():
    # C++ [rand.predef]: the 10000th output of a default-seeded engine is fixed
    for kind, expected in ((Mt19937, 4123659995), (Mt19937_64, 9981545732273789042)):
        engine = kind(5489)
        engine.next()  # output 1
        words = engine._words(5000)  # outputs 2 .. 5001
        engine._unread(words[4000:])  # outputs 4002 .. 5001 to be read again
        _after(engine, 500)  # outputs 4002 .. 4501
        assert int(engine._words(10000 - 4501)[-1]) == expected


def test_engines_made_after_others_are_gone_start_from_their_own_seed():
    for _ in range(3):
        engines = [Mt19937(s) for s in range(5)]
        for e in engines:
            _after(e, 700)
        del engines, e
        gc.collect()
        engine = Mt19937(5489)  # (on a generator another engine used)
        assert engine.next() == 3499211612  # C++'s first output for its default seed
        assert int(engine._words(9999)[-1]) == 4123659995


def test_a_copied_engine_goes_on_alone():
    engine = Mt19937(8)
    _after(engine, 10)
    twin = copy.copy(engine)
    ahead = _after(engine, 5)
    del engine
    gc.collect()
    Mt19937(99).next()  # (may take the dropped engine's generator)
    assert _after(twin, 5) == ahead
