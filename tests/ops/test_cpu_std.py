"""float32 variances and standard deviations in a MindSpore program equal MindSpore 2.10's CPU
kernels bit for bit (ReduceStd's orders, Tensor.var's composition): each case of
tests/oracle/gen_cpu_std_golden.py run with msfunc."""

import sys

import jax
import jax.numpy as jnp
import numpy as np
from _numerics import golden_bit_tests, mindspore_numerics
from _paths import GOLDEN, ORACLE

from msfunc.common import cpu_std

sys.path.insert(0, str(ORACLE))
import gen_cpu_std_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "cpu_std.npz")
results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_xla_variance_differs_from_the_kernel():
    # the golden values are not XLA's own: some differ in their last bits
    differ = 0
    for i, (shape, axis) in enumerate(gen.SHAPES):
        x = jnp.asarray(gen._value(i, shape))
        differ += int(np.sum(np.asarray(jnp.var(x, axis)) != GOLDEN_FILE[f"case{i}.0"]))
    assert differ > 0


def test_gradient_is_the_variance_derivative():
    x = jnp.asarray(gen._value(7, (4, 9)))
    with mindspore_numerics():
        got = jax.grad(lambda v: cpu_std.std_mean(v, 1, 1, False)[0].sum())(x)
    want = jax.grad(lambda v: jnp.std(v, 1, ddof=1).sum())(x)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-6)
