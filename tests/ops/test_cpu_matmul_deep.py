"""float32 MatMul with deep contractions (an MNIST first layer) in a MindSpore program sums in
MindSpore's CPU blocks, bit for bit (each case of tests/oracle/gen_cpu_matmul_deep_golden.py,
run with msfunc, equals MindSpore 2.10's results)."""

import sys

import jax.numpy as jnp
import numpy as np
from _numerics import golden_bit_tests
from _paths import GOLDEN, ORACLE

sys.path.insert(0, str(ORACLE))
import gen_cpu_matmul_deep_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "cpu_matmul_deep.npz")

results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_xlas_dot_sums_otherwise():
    m, k, n, ta, tb = gen.PRODUCTS[4]
    a, b = gen._operands(m, k, n, ta, tb, 4)
    xla = np.asarray(jnp.matmul(a, b.T))
    assert (xla != GOLDEN_FILE["product4.0"]).mean() > 0.5
