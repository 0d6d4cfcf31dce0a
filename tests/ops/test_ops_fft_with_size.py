"""``ops.FFTWithSize`` against MindSpore 2.10 (tests/golden/ops_fft_with_size.npz).

The golden file comes from tests/oracle/gen_ops_fft_with_size_golden.py; the gradient is
checked against the transform's adjoint written out with NumPy.
"""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc import ops

GOLDEN = np.load(TESTS / "golden" / "ops_fft_with_size.npz")
CASES = json.loads(str(GOLDEN["cases"]))


@pytest.mark.parametrize("case", CASES, ids=[c["key"] for c in CASES])
def test_fft_with_size_matches_mindspore(case):
    *flags, sizes = case["args"]
    want = GOLDEN[f"{case['key']}/y"]
    got = ops.FFTWithSize(*flags, signal_sizes=tuple(sizes))(
        msfunc.Tensor(GOLDEN[f"{case['key']}/x"])
    ).asnumpy()
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_rfft_gradient_is_the_adjoint_transform():
    x = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    rfft = ops.FFTWithSize(2, False, True)
    grad = ops.grad(lambda t: rfft(t))(msfunc.Tensor(x)).asnumpy()
    # all-ones cotangent on the kept half-spectrum, zeros on the dropped frequencies
    cot = np.concatenate([np.ones((2, 3, 3)), np.zeros((2, 3, 1))], -1)
    np.testing.assert_allclose(grad, np.real(np.fft.ifft2(cot)) * 12, atol=1e-9)


@pytest.mark.parametrize(
    "flags, x, error",
    [
        ((1, False, False), np.ones((2, 4), np.float32), TypeError),
        ((1, False, True), np.ones((2, 4), np.complex64), TypeError),
        ((2, True, True), np.ones((2, 1), np.complex64), ValueError),
    ],
)
def test_fft_with_size_rejects_what_mindspore_rejects(flags, x, error):
    with pytest.raises(error, match="FFTWithSize"):
        ops.FFTWithSize(*flags)(msfunc.Tensor(x))
