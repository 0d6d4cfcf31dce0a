"""`msfunc.common.generator`: seed/offset bookkeeping, state round trips (checked against the
byte layout numpy gives), steps inside compiled Cells, and keys drawn from a state."""

import jax
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc.common.generator import (
    Generator,
    default_generator,
    get_rng_state,
    manual_seed,
    set_rng_state,
)


class _Run(nn.Cell):
    def construct(self, generator):
        return generator._step(ms.Tensor(1, ms.int64))


def test_step_returns_state_then_advances():
    g = Generator().manual_seed(7)
    assert [int(x) for x in g._step(ms.Tensor(3, ms.int64))] == [7, 0]
    assert [int(x) for x in g._step(ms.Tensor(2, ms.int64))] == [7, 3]
    assert g.initial_seed() == 7


def test_state_bytes_are_seed_then_offset_little_endian_int64():
    g = Generator().manual_seed(2**33 + 5)
    g._step(ms.Tensor(9, ms.int64))
    state = g.get_state().asnumpy()
    assert state.dtype == np.uint8
    np.testing.assert_array_equal(state, np.array([2**33 + 5, 9], "<i8").view(np.uint8))
    h = Generator()
    h.set_state(ms.Tensor(state))
    assert [int(x) for x in h._step(ms.Tensor(1, ms.int64))] == [2**33 + 5, 9]


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
def test_steps_inside_a_cell_are_carried_out(mode):
    ms.set_context(mode=mode)
    try:
        g = Generator().manual_seed(1)
        first, second = _Run()(g), _Run()(g)
        assert [int(x) for x in first] == [1, 0] and [int(x) for x in second] == [1, 1]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_default_generator_state_round_trip():
    manual_seed(3)
    state = get_rng_state()
    a = default_generator._step(ms.Tensor(5, ms.int64))
    set_rng_state(state)
    b = default_generator._step(ms.Tensor(5, ms.int64))
    assert [int(x) for x in a] == [int(x) for x in b] == [3, 0]


def test_keys_follow_the_state():
    g, h = Generator().manual_seed(4), Generator().manual_seed(4)
    draws_g = [jax.random.normal(g.key(), (3,)) for _ in range(2)]
    draws_h = [jax.random.normal(h.key(), (3,)) for _ in range(2)]
    np.testing.assert_array_equal(draws_g[0], draws_h[0])
    np.testing.assert_array_equal(draws_g[1], draws_h[1])
    assert not np.array_equal(draws_g[0], draws_g[1])


def test_bad_arguments():
    with pytest.raises(TypeError):
        Generator().manual_seed(1.5)
    with pytest.raises(ValueError):
        Generator().set_state(ms.Tensor(np.zeros(3, np.uint8)))
