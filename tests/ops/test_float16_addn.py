"""Graph mode's float16 gradient sums (AddN) on CPU: each case of
tests/oracle/gen_float16_addn_golden.py, run with msfunc, equals MindSpore 2.10's bits."""

import sys

import numpy as np
import pytest
from _numerics import mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.transforms import addn_chain

sys.path.insert(0, str(ORACLE))
import gen_float16_addn_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "float16_addn.npz")
NAMES = sorted({key.split(".")[0] for key in GOLDEN_FILE.files} - {"mindspore"})


@pytest.fixture(scope="module")
def results():
    # a MindSpore program's numerics (the `mindspore` alias switches them on)
    with mindspore_numerics():
        return gen.cases(ms)


@pytest.mark.parametrize("name", NAMES)
def test_bits_equal_mindspores(results, name):
    for i, value in enumerate(results[name]):
        want = GOLDEN_FILE[f"{name}.{i}"]
        assert value.dtype == want.dtype, (name, i)
        np.testing.assert_array_equal(value, want, err_msg=f"{name} result {i}")


def test_sums_round_each_contribution():
    # AddN over float16: 2049 + 1 rounds to 2048 and again, while float32 keeps 2050 -> 2048+2
    import jax.numpy as jnp

    cts = [jnp.float32(2048.0), jnp.float32(1.0), jnp.float32(1.0)]
    assert float(addn_chain._round_sum(cts)) == 2048.0
    assert float(sum(cts).astype(jnp.float16)) == 2050.0


def test_not_in_pynative_or_without_mindspore_numerics():
    with mindspore_numerics():
        assert not addn_chain.applies()  # eager code, PyNative
    assert not ms.jit(lambda: addn_chain.applies())()
