"""nn.SoftmaxCrossEntropyWithLogits and its primitives in a MindSpore program are MindSpore's
CPU kernels, bit for bit, gradients included; so are Exp and Softmax at the ends of float32's
range (each case of tests/oracle/gen_cpu_softmax_ce_golden.py, run with msfunc, equals
MindSpore 2.10's results)."""

import sys

import jax
import jax.numpy as jnp
import numpy as np
from _numerics import golden_bit_tests
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.common import cpu_subnormal

sys.path.insert(0, str(ORACLE))
import gen_cpu_softmax_ce_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "cpu_softmax_ce.npz")

results, test_bits_equal_mindspores = golden_bit_tests(gen, GOLDEN_FILE)


def test_the_losses_are_not_xlas():
    # (the kernels round in their own order: jax's log_softmax differs in the last bits)
    x, y = gen.inputs()["wide"], gen.inputs()["wide_labels"]
    xla = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(x), y[:, None], 1))
    assert float(xla) != float(GOLDEN_FILE["sparse_mean.2"])


def test_msfunc_programs_keep_xlas_loss():
    x, y = gen.inputs()["logits"], gen.inputs()["labels"]
    got = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")(
        ms.Tensor(x), ms.Tensor(y)
    )
    want = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(x), y[:, None], 1))
    np.testing.assert_allclose(float(got), float(want), rtol=1e-6)


def test_subnormal_conversions_round_trip_every_small_float32():
    bits = np.arange(0, 2**23 + 5, 997, dtype=np.int32)
    values = np.concatenate([bits, bits | np.int32(-(2**31))]).view(np.float32)
    wide = np.asarray(cpu_subnormal.to_float64(jnp.asarray(values)))
    np.testing.assert_array_equal(wide, values.astype(np.float64))
    back = np.asarray(cpu_subnormal.to_float32(jnp.asarray(wide)))
    np.testing.assert_array_equal(back.view(np.int32), values.view(np.int32))
