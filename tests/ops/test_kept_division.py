"""Float divisions by a broadcast or constant divisor in a MindSpore program equal MindSpore 2.10's
CPU Div/RealDiv bit for bit (true divisions, not XLA's product with the reciprocal): each case of
tests/oracle/gen_kept_division_golden.py run with msfunc."""

import sys

import jax
import jax.numpy as jnp
import numpy as np
from _numerics import golden_bit_tests, mindspore_numerics
from _paths import GOLDEN, ORACLE

from msfunc.common import kept_division

sys.path.insert(0, str(ORACLE))
import gen_kept_division_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "kept_division.npz")
results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_the_golden_quotients_are_true_divisions_xla_rounds_otherwise():
    # numpy's float64 quotient rounded once is the golden; XLA's reciprocal product is not
    x, col = gen._value(1, (64, 3)), gen._value(2, (3,))
    true = (x.astype(np.float64) / col).astype(np.float32)
    np.testing.assert_array_equal(GOLDEN_FILE["eager_float32.0"], true)
    xla = np.asarray(jax.jit(lambda a, b: a / b)(x, col))
    assert (xla != true).sum() > 10


def test_outside_mindspore_programs_and_exact_reciprocals_unchanged():
    x = jnp.ones((4, 3), jnp.float32)
    a, b = kept_division.keep_divisor(x, 3.0)
    assert b == 3.0 and a is x
    with mindspore_numerics():
        a, b = kept_division.keep_divisor(x, 2.0)
        assert b == 2.0
        a, b = kept_division.keep_divisor(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.int32))
        assert b.dtype == jnp.int32
