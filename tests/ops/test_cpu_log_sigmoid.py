"""float32 Log and Sigmoid in a MindSpore program equal MindSpore 2.10's CPU kernels bit for bit
(the Log series in blocks of four with logf for each task's last values, Sigmoid through the
Exp approximant, SiLU and both gradients): each case of
tests/oracle/gen_cpu_log_sigmoid_golden.py run with msfunc."""

import sys

import jax
import jax.numpy as jnp
import numpy as np
from _numerics import golden_bit_tests
from _paths import GOLDEN, ORACLE

import msfunc as ms

sys.path.insert(0, str(ORACLE))
import gen_cpu_log_sigmoid_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "cpu_log_sigmoid.npz")
results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_the_kernels_are_not_xlas():
    # the golden values are MindSpore's approximants, not XLA's (nor the exact) functions
    x = jnp.asarray(gen.positive(103, gen.LOG_SHAPES[3]))
    assert np.sum(np.asarray(jnp.log(x)) != GOLDEN_FILE["log3.0"]) > 500
    x = jnp.asarray(gen._value(202, gen.SIGMOID_SHAPES[2], 6.0))
    assert np.sum(np.asarray(jax.nn.sigmoid(x)) != GOLDEN_FILE["sigmoid2.0"]) > 300


def test_outside_mindspore_programs_xla_is_kept():
    x = ms.Tensor(gen.positive(0, (40,)))
    np.testing.assert_array_equal(ms.ops.log(x).asnumpy(), np.asarray(jnp.log(x.asnumpy())))
    np.testing.assert_array_equal(
        ms.ops.sigmoid(x).asnumpy(), np.asarray(jax.nn.sigmoid(x.asnumpy()))
    )
