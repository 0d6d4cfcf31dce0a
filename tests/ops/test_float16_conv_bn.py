"""Float16 convolution blocks as MindSpore 2.10's CPU build runs them: each case of
tests/oracle/gen_float16_conv_bn_golden.py, run with msfunc, against MindSpore's values."""

import sys

import numpy as np
import pytest
from _numerics import mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms

sys.path.insert(0, str(ORACLE))
import gen_float16_conv_bn_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "float16_conv_bn.npz")
BLOCKS = ("block",)
EXACT = ("pool", "bn_gamma")


@pytest.fixture(scope="module")
def results():
    # a MindSpore program's numerics (the `mindspore` alias switches them on)
    with mindspore_numerics():
        return gen.cases(ms)


@pytest.mark.parametrize("name", BLOCKS)
def test_block_forward_bits_equal_mindspores(results, name):
    # Conv2D -> BatchNorm chained in float32, rounded once. The convolution's and the batch
    # statistics' float32 sums are XLA's, whose order follows the CPU's kernels (on one machine
    # all 3,200 outputs were equal, on an AVX512-FP16/AMX one 21 differ, by a float16 step or
    # two of the largest values); the old rounding of each op in float16 put 30 % of them off
    value, want = results[name][0], GOLDEN_FILE[f"{name}.0"]
    assert value.dtype == want.dtype == np.float16
    off = value != want
    gap = np.abs(value.astype(np.float32) - want.astype(np.float32))
    assert gap.max() <= 2 * np.spacing(np.abs(want).max()).astype(np.float32)
    assert np.count_nonzero(off) <= 0.01 * off.size


@pytest.mark.parametrize("name", BLOCKS)
def test_block_gradients_near_mindspores(results, name):
    # float32 gradients: the kernels' float32 summation orders differ in the last bits only
    # (rounding the chain in float16, as before, put them 2 to 8 % apart)
    for i, value in enumerate(results[name][1:], start=1):
        want = GOLDEN_FILE[f"{name}.{i}"]
        assert value.dtype == want.dtype, (name, i)
        scale = np.abs(want).max()
        assert np.abs(value - want).max() <= 1e-3 * scale, (name, i)


@pytest.mark.parametrize("name", EXACT)
def test_bits_equal_mindspores(results, name):
    for i, value in enumerate(results[name]):
        want = GOLDEN_FILE[f"{name}.{i}"]
        assert value.dtype == want.dtype, (name, i)
        np.testing.assert_array_equal(value, want, err_msg=f"{name} result {i}")
