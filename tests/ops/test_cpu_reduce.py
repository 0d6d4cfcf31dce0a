"""float32 sums and means over every axis or over axes that leave the last one, in a MindSpore
program, equal MindSpore 2.10's CPU kernels bit for bit (double sums; the leading axis alone
summed row by row): each case of tests/oracle/gen_cpu_reduce_golden.py run with msfunc."""

import sys

import jax
import jax.numpy as jnp
import numpy as np
from _numerics import golden_bit_tests, mindspore_numerics
from _paths import GOLDEN, ORACLE

from msfunc.common import cpu_reduce

sys.path.insert(0, str(ORACLE))
import gen_cpu_reduce_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "cpu_reduce.npz")
results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_float32_sums_differ_from_the_kernels_otherwise():
    # the golden means are not XLA's float32 ones: several differ in their last bit
    differ = sum(
        float(jnp.mean(jnp.asarray(gen._value(i, shape)))) != GOLDEN_FILE[f"shape{i}.1"]
        for i, shape in enumerate(gen.SHAPES)
    )
    assert differ >= 2


def test_last_axis_and_other_programs_keep_xlas_reduction():
    x = jnp.asarray(gen._value(0, (6, 9)))
    with mindspore_numerics():
        assert cpu_reduce.reduce_mean(x, 1).dtype == jnp.float32
        np.testing.assert_array_equal(cpu_reduce.reduce_mean(x, 1), jnp.mean(x, 1))
    np.testing.assert_array_equal(cpu_reduce.reduce_sum(x), jnp.sum(x))


def test_gradient_of_the_double_sum():
    x = jnp.asarray(gen._value(1, (5, 4)))
    with mindspore_numerics():
        g = jax.grad(lambda v: cpu_reduce.reduce_mean(v * v))(x)
    np.testing.assert_allclose(g, 2 * x / 20, rtol=1e-6)
