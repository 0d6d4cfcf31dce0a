"""ops.shuffle, ops.multinomial with replacement, ops.standard_laplace, ops.laplace,
ops.random_poisson, ops.random_gamma and their primitives draw MindSpore 2.10's exact values
when seeded, eager and compiled.

Golden arrays come from `tests/oracle/gen_op_streams_distributions.py` run under real MindSpore
(PyNative); the same case functions run here with msfunc and are compared bit for bit.
"""

import os
import sys

import jax
import numpy as np
import pytest
from _paths import TESTS

import msfunc

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_op_streams_distributions as oracle  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


def _check(got, prefix):
    assert f"{prefix}/{len(got)}" not in GOLDEN.files
    for i, value in enumerate(got):
        expected = GOLDEN[f"{prefix}/{i}"]
        value = np.asarray(value)
        assert value.shape == expected.shape and value.dtype == expected.dtype, i
        np.testing.assert_array_equal(value, expected, err_msg=f"{prefix}/{i}")


@pytest.mark.parametrize("seed", oracle.SEEDS)
@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_draws_match_mindspore(name, seed):
    _check(oracle.run_case(msfunc, name, seed), f"{name}/{seed}")


@pytest.mark.parametrize(
    "name", ["shuffle", "multinomial", "laplace", "poisson", "gamma", "primitives"]
)
def test_compiled_draws_are_the_eager_ones(name):
    """A compiled function making the same calls takes the same seeds, so the same draws."""
    msfunc.set_seed(7)
    compiled = msfunc.jit(lambda: tuple(oracle.CASES[name](msfunc)))
    _check([v.asnumpy() for v in compiled()], f"{name}/7")


def test_traced_probabilities_draw_on_every_call():
    """Probabilities computed inside the compiled step reach the host kernel each run."""
    msfunc.set_seed(1)
    step = msfunc.jit(lambda p: msfunc.ops.multinomial(p * 2.0, 10))
    p = msfunc.Tensor(np.array([0.1, 0.2, 0.3, 0.4], np.float32))
    np.testing.assert_array_equal(step(p).asnumpy(), GOLDEN["multinomial/1/0"])
    np.testing.assert_array_equal(step(p).asnumpy(), GOLDEN["multinomial/1/1"])


def test_seeded_draws_under_vmap():
    """MindSpore 2.10 raises when a vmapped function calls ops.rand / randn / uniform /
    dropout, so there is no MindSpore draw to match. msfunc.vmap gives each element its own
    draw from msfunc's stream and leaves the op-seed counters alone (the eager draws after
    it are still MindSpore's); jax.vmap outside msfunc's transforms makes the one kernel
    call of an unbatched function, MindSpore's numbers, shared by every element."""
    import gen_op_streams

    first_rand = np.load(gen_op_streams.GOLDEN_PATH)["rand/1/0"]  # ops.rand(5), set_seed(1)
    zeros = np.zeros((4, 3), np.float32)
    msfunc.set_seed(1)
    per_element = np.asarray(msfunc.vmap(lambda v: v + msfunc.ops.rand(3))(msfunc.Tensor(zeros)))
    assert len({row.tobytes() for row in per_element}) == 4
    np.testing.assert_array_equal(msfunc.ops.rand(5).asnumpy(), first_rand)
    msfunc.set_seed(1)
    shared = np.asarray(jax.vmap(lambda v: v + msfunc.ops.rand(3))(zeros))
    np.testing.assert_array_equal(shared, np.broadcast_to(first_rand[:3], (4, 3)))
