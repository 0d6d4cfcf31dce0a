"""Deformable convolution against MindSpore 2.10 (tests/golden/deformable.npz, from
tests/oracle/gen_deformable_golden.py): DeformableOffsets, its gradient kernel and
ops.deformable_conv2d, with strides, pads, dilations, deformable groups, NHWC and float16."""

import numpy as np
import pytest
from _paths import GOLDEN

import msfunc as ms
from msfunc.compat import grad_ops

DATA = np.load(GOLDEN / "deformable.npz")
CASES = [
    ((2, 3), (1, 1, 2, 1), (1, 0, 2, 1), (1, 1, 1, 2), 2, "NCHW"),
    None,  # (case 1 of the golden file: the defaults, which the others cover)
    ((3, 2), (1, 1, 1, 1), (1, 1, 0, 1), (1, 1, 1, 1), 1, "NHWC"),
    ((2, 2), (1, 1, 1, 1), (0, 0, 0, 0), (1, 1, 1, 1), 1, "NCHW"),  # float16
]


@pytest.mark.parametrize("n", [0, 2, 3])
def test_offsets_and_their_gradient_match_mindspore(n):
    k, strides, pads, dilations, groups, fmt = CASES[n]
    x, offsets, dout = (ms.Tensor(DATA[f"{n}_{name}"]) for name in ("x", "offsets", "dout"))
    half = DATA[f"{n}_x"].dtype == np.float16
    tol = {"rtol": 1e-2, "atol": 1e-2} if half else {"rtol": 2e-5, "atol": 2e-6}
    if f"{n}_out" in DATA:
        op = ms.ops.DeformableOffsets(strides, pads, k, dilations, fmt, groups)
        np.testing.assert_allclose(op(x, offsets).asnumpy(), DATA[f"{n}_out"], **tol)
    grad = grad_ops.DeformableOffsetsGrad(strides, pads, k, dilations, fmt, groups)
    dx, doffsets = grad(dout, x, offsets)
    assert dx.dtype == x.dtype and doffsets.dtype == offsets.dtype
    np.testing.assert_allclose(dx.asnumpy(), DATA[f"{n}_dx"], **tol)
    np.testing.assert_allclose(doffsets.asnumpy(), DATA[f"{n}_doffsets"], **tol)


def test_deformable_conv2d_matches_mindspore_and_refuses_bad_attributes():
    args = [ms.Tensor(DATA[f"conv_{name}"]) for name in ("x", "weight", "offsets")]
    out = ms.ops.deformable_conv2d(
        *args, (3, 2), (1, 1, 2, 2), (1, 0, 0, 0), ms.Tensor(DATA["conv_bias"]), (1, 1, 1, 1), 2, 2
    )
    np.testing.assert_allclose(out.asnumpy(), DATA["conv_out"], rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="modulated"):
        ms.ops.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2), modulated=False)
    with pytest.raises(ValueError, match="offsets"):  # the output size does not fit
        ms.ops.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (3, 3))(
            ms.Tensor(np.ones((1, 2, 4, 4), np.float32)),
            ms.Tensor(np.ones((1, 27, 1, 1), np.float32)),
        )
