"""Float16 matrix products in a MindSpore program (Dense, ops.matmul and their gradients, PyNative
and graph mode) equal MindSpore 2.10's CPU MatMul bit for bit: its float32 kernels' summation
orders, rounded once; each case of tests/oracle/gen_float16_matmul_order_golden.py run with
msfunc."""

import sys

import jax.numpy as jnp
import numpy as np
import pytest
from _numerics import assert_bits_equal, golden_names, mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.common import low_precision

sys.path.insert(0, str(ORACLE))
import gen_float16_matmul_order_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "float16_matmul_order.npz")
NAMES = golden_names(GOLDEN_FILE)


@pytest.fixture(scope="module")
def results():
    with mindspore_numerics():
        return gen.cases(ms)


@pytest.mark.parametrize("name", NAMES)
def test_bits_equal_mindspores(results, name):
    assert_bits_equal(results, GOLDEN_FILE, name)


def test_outside_mindspore_programs_xlas_product():
    x = jnp.asarray(gen._value(0, (8, 256)))
    w = jnp.asarray(gen._value(1, (64, 256), 0.2))
    want = jnp.matmul(x.astype(jnp.float32), w.astype(jnp.float32).T).astype(jnp.float16)
    np.testing.assert_array_equal(low_precision.matmul(x, w, transpose_b=True), want)
