"""exp in a MindSpore program is MindSpore's CPU Exp kernel, bit for bit: each case of
tests/oracle/gen_cpu_exp_golden.py, run with msfunc, equals MindSpore 2.10's results."""

import sys

import jax.numpy as jnp
import numpy as np
import pytest
from _numerics import mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms

sys.path.insert(0, str(ORACLE))
import gen_cpu_exp_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "cpu_exp.npz")


@pytest.fixture(scope="module")
def results():
    with mindspore_numerics():
        return gen.cases(ms)


@pytest.mark.parametrize("name", ["float32", "float16", "numpy"])
def test_bits_equal_mindspores(results, name):
    for i, value in enumerate(results[name]):
        want = GOLDEN_FILE[f"{name}.{i}"]
        assert value.dtype == want.dtype, (name, i)
        np.testing.assert_array_equal(value, want, err_msg=f"{name} result {i}")


def test_differs_from_the_correctly_rounded_exp():
    # the approximant is MindSpore's, not XLA's exp: most float32 results differ from it
    want = GOLDEN_FILE["float32.0"][:3000]
    assert (
        np.mean(np.exp(gen.inputs()["grid"][:3000].astype(np.float64)).astype(np.float32) == want)
        < 0.2
    )


def test_msfunc_programs_keep_xlas_exp():
    # outside MindSpore programs msfunc's exp is XLA's
    x = ms.Tensor(gen.inputs()["grid"][:100])
    np.testing.assert_array_equal(ms.ops.exp(x).asnumpy(), np.asarray(jnp.exp(x.asnumpy())))
