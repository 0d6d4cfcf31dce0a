"""msfunc.ops behaviours MindSpore 2.10 shows: arange's dtype rule and range errors, sign of
NaN, argument errors, topk with a tensor k, bicubic interpolation (golden values), and
data-dependent shapes in graph-mode Cells (run eagerly)."""

import json
import warnings

import jax
import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc import nn, ops
from msfunc.common.promotion import X64

GOLDEN = json.loads((TESTS / "golden" / "ops_parity.json").read_text())


def _np(x):
    return np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)


def test_ops_arange_dtypes_and_errors():
    assert _np(ops.arange(1, 6)).dtype == (np.int64 if X64 else np.int32)
    assert _np(ops.arange(0.5, 2)).dtype == np.float32
    f64 = msfunc.Tensor(np.float64(12.0))
    got = ops.arange(f64, 2, msfunc.Tensor(np.float32(-1.0)))
    assert _np(got).dtype == np.float32
    np.testing.assert_array_equal(_np(got), np.arange(12.0, 2, -1))
    assert _np(ops.arange(10.0, dtype=msfunc.int32)).dtype == np.int32
    with pytest.raises(ValueError, match="sign"):
        ops.arange(10, 1)
    with pytest.raises(ValueError, match="zero"):
        ops.arange(0, 5, 0)
    with pytest.raises(TypeError, match="start"):
        ops.arange([1], 3)
    assert _np(ops.arange(3, 3)).shape == (0,)


def test_ops_randn_like_defaults_to_float32():
    x = msfunc.Tensor(np.ones((2, 3), np.float16))
    assert _np(ops.randn_like(x)).dtype == np.float32
    assert _np(ops.rand_like(x)).dtype == np.float16
    with pytest.raises(ValueError, match="dtype"):
        ops.rand(2, dtype=msfunc.int32)


def test_sign_of_nan_is_zero():
    x = np.array([-1.0, 0.0, np.inf, 4.0, np.nan, -np.inf], np.float32)
    want = np.where(np.isnan(x), 0.0, np.sign(x))
    np.testing.assert_array_equal(_np(ops.sign(msfunc.Tensor(x))), want)
    assert _np(ops.sign(msfunc.Tensor(np.array([-3, 0, 2], np.int32)))).tolist() == [-1, 0, 1]


def test_argument_errors():
    x = msfunc.Tensor(np.ones((2, 3, 3), np.float32))
    with pytest.raises(TypeError, match="input"):
        ops.sum(1, dim=2)
    with pytest.raises(TypeError, match="dim"):
        ops.sum(x, dim="error")
    with pytest.raises(TypeError, match="keepdim"):
        ops.sum(x, dim=2, keepdim=12)
    with pytest.raises(ValueError, match="square"):
        ops.eig(msfunc.Tensor(np.float32(1.0)))
    with pytest.raises(TypeError, match="floating"):
        ops.nanmean(msfunc.Tensor(np.array([1, 2], np.int32)))
    src = msfunc.Tensor(np.ones((1, 3), np.float32))
    with pytest.raises(ValueError, match="shape"):
        ops.select_scatter(x, src, 2, 0)
    with pytest.raises(ValueError, match="shape"):
        ops.slice_scatter(x, src, 1, 1, 1, 1)
    with pytest.raises(TypeError, match="input"):
        ops.select_scatter(1.0, 2, 0, 0)
    got = ops.select_scatter(x, msfunc.Tensor(np.zeros((2, 3), np.float32)), 2, 0)
    want = np.ones((2, 3, 3), np.float32)
    want[:, :, 0] = 0
    np.testing.assert_array_equal(_np(got), want)


def test_is_tensor_inside_a_cell():
    class IsTensor(nn.Cell):
        def construct(self, x):
            return ops.is_tensor(x)

    assert IsTensor()(msfunc.Tensor([1, 2]))
    assert not IsTensor()([1, 2])
    assert not ops.is_tensor(np.ones(2))


def test_topk_with_a_tensor_k():
    x = np.array([[0.5, 0.2, 0.4, 0.9], [0.4, 0.6, 0.5, 0.1]], np.float32)
    for k in (msfunc.Tensor(np.int32(2)), msfunc.Tensor(np.array([2], np.int32)), 2):
        values, indices = ops.topk(msfunc.Tensor(x), k, dim=1)
        np.testing.assert_array_equal(_np(indices), np.argsort(-x, axis=1)[:, :2])
        np.testing.assert_array_equal(_np(values), -np.sort(-x, axis=1)[:, :2])
    with pytest.raises(TypeError, match="k"):
        ops.topk(msfunc.Tensor(x), msfunc.Tensor(np.array([1, 2], np.int32)))


@pytest.mark.parametrize(
    "case", GOLDEN["bicubic"], ids=lambda c: f"{c['size']}-{c['align_corners']}"
)
def test_bicubic_interpolation_matches_mindspore(case):
    x = msfunc.Tensor(np.array(GOLDEN["input"], np.float32))
    got = ops.interpolate(
        x, size=tuple(case["size"]), mode="bicubic", align_corners=case["align_corners"]
    )
    np.testing.assert_allclose(_np(got), np.array(case["output"]), atol=1e-5)


def test_data_dependent_shapes_run_eagerly_in_graph_mode_cells():
    class Counts(nn.Cell):
        def construct(self, x, k):
            return ops.bincount(x), ops.argwhere(x), ops.topk(x.astype(msfunc.float32), k)[0]

    mode = msfunc.get_context("mode")
    msfunc.set_context(mode=msfunc.GRAPH_MODE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            counts, where, top = Counts()(
                msfunc.Tensor(np.array([0, 3, 1, 3], np.int32)), msfunc.Tensor(np.int32(2))
            )
    finally:
        msfunc.set_context(mode=mode)
    np.testing.assert_array_equal(_np(counts), np.bincount([0, 3, 1, 3]))
    np.testing.assert_array_equal(_np(where), np.argwhere([0, 3, 1, 3]))
    np.testing.assert_array_equal(_np(top), [3.0, 3.0])
    with pytest.raises(TypeError, match="outside jit"):
        jax.jit(lambda v: ops.bincount(v))(np.array([0, 1], np.int32))
