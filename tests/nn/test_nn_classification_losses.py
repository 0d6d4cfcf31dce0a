"""MultiClassDiceLoss and FocalLoss's label shapes against real MindSpore 2.10
(tests/oracle/gen_nn_classification_losses_golden.py, whose case functions run here with
``ms = msfunc``) and finite differences; the argument checks of these losses, CrossEntropyLoss
and ops.cross_entropy (MindSpore's exception types)."""

import numpy as np
import pytest
from _cell_golden import check_case, input_grad, load

import msfunc as ms
from msfunc import nn, ops

oracle, GOLDEN = load("gen_nn_classification_losses_golden")


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_matches_mindspore(name):
    check_case(oracle, GOLDEN, name)


@pytest.mark.parametrize("name", ["dice_softmax"])
def test_input_gradients_match_finite_differences(name):
    analytic, numeric = input_grad(*oracle.CASES[name](ms, nn))
    np.testing.assert_allclose(analytic, numeric, rtol=2e-2, atol=2e-3)


def _t(values, dtype=ms.float32):
    return ms.Tensor(np.asarray(values), dtype)


BAD_ARGUMENTS = [
    (lambda: nn.MultiClassDiceLoss(weights="1"), TypeError),
    (lambda: nn.MultiClassDiceLoss(weights=_t([1.0, 2.0])), ValueError),
    (lambda: nn.MultiClassDiceLoss(ignore_indiex="2"), TypeError),
    (lambda: nn.MultiClassDiceLoss(activation=2), TypeError),
    (lambda: nn.MultiClassDiceLoss(activation="www"), ValueError),
    (lambda: nn.CrossEntropyLoss(label_smoothing="0.1"), TypeError),
    (lambda: nn.MultiClassDiceLoss()(_t(np.ones((3, 2))), _t(np.ones((2, 2)))), ValueError),
    (
        lambda: nn.MultiClassDiceLoss(weights=_t(np.ones((3, 1))))(
            _t(np.ones((3, 2))), _t(np.ones((3, 2)))
        ),
        ValueError,
    ),
    (lambda: nn.FocalLoss()(_t(np.ones((3, 2))), _t([[0], [1], [1], [0]], ms.int32)), ValueError),
    (lambda: ops.cross_entropy(_t(np.ones((3, 5)), ms.int32), _t([1, 0, 4], ms.int32)), TypeError),
    (
        lambda: ops.cross_entropy(_t(np.ones((3, 5))), _t([1, 0, 4], ms.int32), ignore_index="1"),
        TypeError,
    ),
]


@pytest.mark.parametrize("make, error", BAD_ARGUMENTS)
def test_bad_arguments_raise_the_error_type_mindspore_raises(make, error):
    with pytest.raises(error):
        make()


def test_sparse_mean_softmax_cross_entropy_takes_logits_of_any_rank():
    # MindSpore 2.10: sparse + 'mean' averages over every position of (..., C) logits;
    # the other forms still want (N, C) (ValueError)
    rng = np.random.RandomState(0)
    x, y = rng.randn(1, 2, 3, 4).astype(np.float32), rng.randint(0, 4, (1, 2, 3))
    flat = x.reshape(-1, 4)
    log_softmax = flat - np.log(np.exp(flat).sum(-1, keepdims=True))
    want = -log_softmax[np.arange(6), y.reshape(-1)].mean()
    got = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")(
        ms.Tensor(x), ms.Tensor(y.astype(np.int32))
    )
    np.testing.assert_allclose(float(got), want, rtol=1e-6)
    with pytest.raises(ValueError):
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="sum")(
            ms.Tensor(x), ms.Tensor(y.astype(np.int32))
        )
