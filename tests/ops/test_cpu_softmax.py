"""float32 Softmax, LogSoftmax, Log and cross-entropy in a MindSpore program equal MindSpore
2.10's CPU kernels bit for bit (oneDNN's LogSoftmax, nnacl's Softmax, the Log series, the
losses' sums): each case of tests/oracle/gen_cpu_softmax_golden.py run with msfunc."""

import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _numerics import assert_bits_equal, golden_names, mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.common import cpu_log, cpu_onednn_math, cpu_softmax

sys.path.insert(0, str(ORACLE))
import gen_cpu_softmax_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "cpu_softmax.npz")
NAMES = golden_names(GOLDEN_FILE)


@pytest.fixture(scope="module")
def results():
    with mindspore_numerics():
        return gen.cases(ms)


@pytest.mark.parametrize("name", [n for n in NAMES if not n.startswith(("log", "grad"))])
def test_bits_equal_mindspores(results, name):
    assert_bits_equal(results, GOLDEN_FILE, name)


@pytest.mark.parametrize("n", gen.LOG_SIZES)
def test_log_bits_equal_mindspores(n):
    # (msfunc's ops.log keeps XLA's: the series is taken inside cross-entropy alone)
    got = np.asarray(cpu_log.log(jnp.asarray(gen.log_input(n))))
    np.testing.assert_array_equal(got, GOLDEN_FILE[f"log{n}.0"])


def test_the_kernels_differ_from_xlas():
    # MindSpore's log-softmax of [1, 2, 3] is ~10 float32 steps from the exact (and XLA's) one
    got = GOLDEN_FILE["one_two_three.0"]
    xla = np.asarray(jax.nn.log_softmax(jnp.asarray([[1.0, 2.0, 3.0]], jnp.float32)))
    assert np.all(got != xla)
    assert GOLDEN_FILE["one_two_three.1"] == np.float32(0.4076054)  # (XLA: 0.40760595)


def test_outside_mindspore_programs_xla_is_kept():
    x = jnp.asarray(gen._value(0, (3, 9)))
    np.testing.assert_array_equal(cpu_softmax.log_softmax(x), jax.nn.log_softmax(x))
    np.testing.assert_array_equal(cpu_softmax.softmax(x), jax.nn.softmax(x))
    with mindspore_numerics():
        # along an axis with several values after it other kernels run: XLA's is kept
        np.testing.assert_array_equal(cpu_softmax.softmax(x, 0), jax.nn.softmax(x, 0))


def test_approximants_near_the_exact_functions():
    x = jnp.linspace(-80.0, 0.0, 4001, dtype=jnp.float32)
    np.testing.assert_allclose(cpu_onednn_math.exp(x), np.exp(np.float64(x)), rtol=1e-6)
    v = jnp.linspace(0.01, 1000.0, 4001, dtype=jnp.float32)
    # (its table's float32 -127 ln2 - log r_i cancels against E ln2: errors up to ~4e-6)
    np.testing.assert_allclose(cpu_onednn_math.log(v), np.log(np.float64(v)), atol=5e-6)
    np.testing.assert_allclose(cpu_log.log(v), np.log(np.float64(v)), atol=2e-6)


def test_gradients_are_the_softmax_ones():
    x = jnp.asarray(gen._value(3, (4, 10)))
    t = jnp.asarray(gen._value(4, (4, 10)))
    with mindspore_numerics():
        g_log = jax.grad(lambda v: jnp.sum(cpu_softmax.log_softmax(v) * t))(x)
        g_soft = jax.grad(lambda v: jnp.sum(cpu_softmax.softmax(v) * t))(x)
        g_ce = jax.grad(lambda v: jnp.sum(cpu_softmax.log_probabilities(v, 1) * t))(x)
    p = np.asarray(jax.nn.softmax(x.astype(jnp.float64)))
    tt = np.asarray(t, np.float64)
    want_log = tt - p * tt.sum(-1, keepdims=True)
    np.testing.assert_allclose(g_log, want_log, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(g_ce, want_log, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(
        g_soft, p * (tt - (p * tt).sum(-1, keepdims=True)), rtol=1e-5, atol=1e-5
    )


def test_cross_entropy_gradient_near_mindspores_bits(results):
    # the max's gradient flows as in MindSpore's graph; where a sample's label is also its
    # largest logit, three cotangents meet and their order of addition is not MindSpore's
    got, want = results["grad_cross_entropy"][0], GOLDEN_FILE["grad_cross_entropy.0"]
    steps = np.abs(got.view(np.int32).astype(np.int64) - want.view(np.int32))
    assert steps.max() <= 1
    assert np.count_nonzero(steps) <= 1
