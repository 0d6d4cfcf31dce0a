"""Norm, ClipByNorm and L1Regularizer against real MindSpore 2.10
(tests/oracle/gen_nn_norms_golden.py, whose case functions run here with ``ms = msfunc``),
numpy and finite differences; their argument checks (MindSpore's exception types)."""

import math

import numpy as np
import pytest
from _cell_golden import check_case, fixed_array, input_grad, load

import msfunc as ms
from msfunc import nn, ops

oracle, GOLDEN = load("gen_nn_norms_golden")


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_matches_mindspore(name):
    check_case(oracle, GOLDEN, name)


def _clip_rows(ms, nn):
    x = fixed_array("clip.x", (2, 3), -3.0, 3.0)
    return nn.ClipByNorm(axis=1), (ms.Tensor(x), ms.Tensor(np.array([[1.0], [3.0]], np.float32)))


def test_clip_by_norm_per_row_matches_numpy():
    net, (x, limit) = _clip_rows(ms, nn)
    x, limit = x.asnumpy(), limit.asnumpy()
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    np.testing.assert_allclose(
        np.asarray(net(ms.Tensor(x), ms.Tensor(limit))),
        x * limit / np.maximum(norms, limit),
        rtol=1e-6,
    )


@pytest.mark.parametrize("name", ["clip_rows", "norm_axis1_keep"])
def test_input_gradients_match_finite_differences(name):
    net, args = (_clip_rows if name == "clip_rows" else oracle.CASES[name])(ms, nn)
    analytic, numeric = input_grad(net, args)
    np.testing.assert_allclose(analytic, numeric, rtol=2e-2, atol=2e-3)


def test_clip_by_norm_of_zeros_has_a_finite_gradient():
    clip = nn.ClipByNorm()
    g = ms.grad(lambda x: ops.sum(clip(x, ms.Tensor(1.0))))(ms.Tensor(np.zeros((2, 2), np.float32)))
    assert np.isfinite(np.asarray(g)).all()


def _t(values, dtype=ms.float32):
    return ms.Tensor(np.asarray(values), dtype)


BAD_ARGUMENTS = [
    (lambda: nn.Norm(axis=1.0), TypeError),
    (lambda: nn.Norm(keep_dims=1), TypeError),
    (lambda: nn.ClipByNorm(axis=1.0), TypeError),
    (lambda: nn.L1Regularizer(True), TypeError),
    (lambda: nn.L1Regularizer("a"), TypeError),
    (lambda: nn.L1Regularizer(0.0), ValueError),
    (lambda: nn.L1Regularizer(math.inf), ValueError),
    (lambda: nn.L1Regularizer(math.nan), ValueError),
    (lambda: nn.ClipByNorm()(_t([[1, 2]], ms.int32), _t(1.0)), TypeError),
    (lambda: nn.ClipByNorm()(_t([[1.0, 2.0]]), 1.0), TypeError),
    (lambda: nn.ClipByNorm()(_t(np.ones((2, 3))), _t([1.0, 2.0])), ValueError),
    (lambda: nn.L1Regularizer(0.5)(_t([[False, True]], ms.bool_)), TypeError),
    (lambda: nn.L1Regularizer(0.5)("sss"), TypeError),
]


@pytest.mark.parametrize("make, error", BAD_ARGUMENTS)
def test_bad_arguments_raise_the_error_type_mindspore_raises(make, error):
    with pytest.raises(error):
        make()
