"""BiDense, EmbeddingLookup, MultiFieldEmbeddingLookup, Norm, ClipByNorm, L1Regularizer,
MultiClassDiceLoss, FocalLoss label shapes and ParameterUpdate against golden values from real
MindSpore 2.10 (golden/nn_misc.json), numpy and finite differences; the argument checks of
these Cells and of the learning-rate helpers; random layers under graph compile.

The golden case functions live in tests/oracle/gen_nn_misc_golden.py and run here with
``ms = msfunc``.
"""

import importlib.util
import json
import math
import os

import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import nn, ops
from msfunc.compat.executors import _cell_graph_executor
from msfunc.nn import dynamic_lr

_HERE = str(TESTS)
_spec = importlib.util.spec_from_file_location(
    "gen_nn_misc_golden", os.path.join(_HERE, "oracle", "gen_nn_misc_golden.py")
)
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)

with open(oracle.GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)["cases"]


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_matches_mindspore(name):
    net, args = oracle.CASES[name](ms, nn)
    got = np.asarray(net(*args))
    want = GOLDEN[name]
    assert list(got.shape) == want["shape"]
    assert str(got.dtype) == want["dtype"]
    tol = 2e-3 if "float16" in name else 2e-5
    np.testing.assert_allclose(got, np.asarray(want["value"]), rtol=tol, atol=tol)


# ----------------------------------------------------------------- finite differences
def _numeric_grad(f, x, eps=1e-3):
    """Central differences of the scalar function f at the float32 array x."""
    x = np.asarray(x, np.float64)
    grad = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        step = np.zeros_like(x)
        step[i] = eps
        grad[i] = (f((x + step).astype(np.float32)) - f((x - step).astype(np.float32))) / (2 * eps)
    return grad


def _weight_grad(net, param, loss):
    """d loss(net) / d param by msfunc.grad, and by finite differences through set_data."""

    def total(*_):
        return loss(net)

    analytic = ms.grad(total, grad_position=None, weights=[param])()[0]
    base = param.asnumpy().copy()

    def at(value):
        param.set_data(ms.Tensor(value))
        return float(loss(net))

    numeric = _numeric_grad(at, base)
    param.set_data(ms.Tensor(base))
    return np.asarray(analytic), numeric


def test_bidense_gradients_match_finite_differences():
    net, (x1, x2) = oracle.CASES["bidense_2d"](ms, nn)
    got, want = _weight_grad(net, net.weight, lambda n: ops.sum(n(x1, x2) ** 2))
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-3)
    analytic = ms.grad(lambda a: ops.sum(net(a, x2) ** 2))(x1)
    numeric = _numeric_grad(lambda a: float(ops.sum(net(ms.Tensor(a), x2) ** 2)), x1.asnumpy())
    np.testing.assert_allclose(np.asarray(analytic), numeric, rtol=2e-2, atol=2e-3)


@pytest.mark.parametrize("operator", ["MEAN", "MAX"])
def test_multi_field_gradients_match_finite_differences(operator):
    net, (ids, _, fields) = oracle.CASES[f"multi_field_{operator.lower()}"](ms, nn)
    values = np.where(oracle._VALUES == 0, 0.3, oracle._VALUES).astype(np.float32)
    probe = oracle._array("mf.probe", (2, 4, 3))  # a fixed direction, so no output is special

    def loss(n, v=values):
        return ops.sum(n(ids, ms.Tensor(v), fields) * ms.Tensor(probe))

    got, want = _weight_grad(net, net.embedding_table, loss)
    np.testing.assert_allclose(got, want, rtol=2e-2, atol=2e-3)
    analytic = ms.grad(lambda v: loss(net, v))(ms.Tensor(values))
    numeric = _numeric_grad(lambda v: float(loss(net, v)), values)
    np.testing.assert_allclose(np.asarray(analytic), numeric, rtol=2e-2, atol=2e-3)


def _clip_rows(ms, nn):
    x = oracle._array("clip.x", (2, 3), -3.0, 3.0)
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


@pytest.mark.parametrize("name", ["clip_rows", "norm_axis1_keep", "dice_softmax"])
def test_input_gradients_match_finite_differences(name):
    net, args = (_clip_rows if name == "clip_rows" else oracle.CASES[name])(ms, nn)
    rest = args[1:]
    analytic = ms.grad(lambda a: ops.sum(net(a, *rest)))(args[0])
    numeric = _numeric_grad(lambda a: float(ops.sum(net(ms.Tensor(a), *rest))), args[0].asnumpy())
    np.testing.assert_allclose(np.asarray(analytic), numeric, rtol=2e-2, atol=2e-3)


def test_clip_by_norm_of_zeros_has_a_finite_gradient():
    clip = nn.ClipByNorm()
    g = ms.grad(lambda x: ops.sum(clip(x, ms.Tensor(1.0))))(ms.Tensor(np.zeros((2, 2), np.float32)))
    assert np.isfinite(np.asarray(g)).all()


# ----------------------------------------------------------------- numpy references
def test_embedding_lookup_max_norm_scales_long_rows_down():
    table = np.array([[3.0, 4.0], [0.0, 0.5], [6.0, 8.0]], np.float32)
    emb = nn.EmbeddingLookup(3, 2, param_init=ms.Tensor(table), max_norm=1.0)
    got = np.asarray(emb(ms.Tensor([2, 1, 0, 7], ms.int32)))
    norms = np.linalg.norm(table, axis=1, keepdims=True)
    scaled = np.where(norms > 1.0, table / norms, table)
    np.testing.assert_allclose(
        got, np.concatenate([scaled[[2, 1, 0]], np.zeros((1, 2))]), rtol=1e-6
    )


def test_multi_field_under_jit_matches_eager():
    net, args = oracle.CASES["multi_field_mean"](ms, nn)
    eager = np.asarray(net(*args))
    np.testing.assert_allclose(np.asarray(ms.jit(net)(*args)), eager, rtol=1e-6)


def test_parameter_update_writes_eagerly_and_under_jit():
    lr = ms.Parameter(ms.Tensor(np.array([0.1, 0.2], np.float32)), name="lr")
    update = nn.ParameterUpdate(lr)
    out = update(ms.Tensor(np.array([1, 2], np.int32)))
    assert np.asarray(out).tolist() == [1, 2]
    assert lr.asnumpy().tolist() == [1.0, 2.0] and lr.asnumpy().dtype == np.float32
    ms.jit(update)(ms.Tensor(np.array([0.5, 0.25], np.float32)))
    assert lr.asnumpy().tolist() == [0.5, 0.25]
    assert [p.name for p in update.get_parameters()] == ["lr"]
    with pytest.raises(ValueError, match="shape"):
        update(ms.Tensor(np.zeros(3, np.float32)))
    with pytest.raises(TypeError, match="Parameter"):
        nn.ParameterUpdate(np.array([1.0]))


# ----------------------------------------------------------------- argument checks
def _t(values, dtype=ms.float32):
    return ms.Tensor(np.asarray(values), dtype)


BAD_CONSTRUCTION = [
    (lambda: nn.BiDense(2.0, 3, 4), TypeError),
    (lambda: nn.BiDense(True, 3, 4), TypeError),
    (lambda: nn.BiDense(0, 3, 4), ValueError),
    (lambda: nn.BiDense(2, 3, 4, has_bias=1), TypeError),
    (lambda: nn.BiDense(2, 3, 4, weight_init=_t(np.ones((4, 2, 2)))), ValueError),
    (lambda: nn.BiDense(2, 3, 4, bias_init=_t(np.ones(3))), ValueError),
    (lambda: nn.EmbeddingLookup(4.0, 2), TypeError),
    (lambda: nn.EmbeddingLookup(4, 2, target="GPU"), ValueError),
    (lambda: nn.EmbeddingLookup(4, 2, sparse=1), TypeError),
    (lambda: nn.EmbeddingLookup(4, 2, target="CPU", sparse=False), ValueError),
    (lambda: nn.EmbeddingLookup(4, 2, max_norm=1), TypeError),
    (lambda: nn.EmbeddingLookup(4, 2, max_norm=-1.0), ValueError),
    (lambda: nn.EmbeddingLookup(4, 2, slice_mode="rows"), ValueError),
    (lambda: nn.MultiFieldEmbeddingLookup(4, 2, 0), ValueError),
    (lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3, operator="sum"), ValueError),
    (lambda: nn.Norm(axis=1.0), TypeError),
    (lambda: nn.Norm(keep_dims=1), TypeError),
    (lambda: nn.ClipByNorm(axis=1.0), TypeError),
    (lambda: nn.L1Regularizer(True), TypeError),
    (lambda: nn.L1Regularizer("a"), TypeError),
    (lambda: nn.L1Regularizer(0.0), ValueError),
    (lambda: nn.L1Regularizer(math.inf), ValueError),
    (lambda: nn.L1Regularizer(math.nan), ValueError),
    (lambda: nn.MultiClassDiceLoss(weights="1"), TypeError),
    (lambda: nn.MultiClassDiceLoss(weights=_t([1.0, 2.0])), ValueError),
    (lambda: nn.MultiClassDiceLoss(ignore_indiex="2"), TypeError),
    (lambda: nn.MultiClassDiceLoss(activation=2), TypeError),
    (lambda: nn.MultiClassDiceLoss(activation="www"), ValueError),
    (lambda: nn.CrossEntropyLoss(label_smoothing="0.1"), TypeError),
]

_IDS, _VALS, _FIELDS = (np.ones((2, 3)), np.ones((2, 3)), np.zeros((2, 3)))
BAD_CALL = [
    (lambda: nn.BiDense(2, 3, 4)(_t(np.ones((5, 2))), _t(np.ones((4, 3)))), ValueError),
    (lambda: nn.BiDense(2, 3, 4)(_t(np.ones((5, 3))), _t(np.ones((5, 3)))), ValueError),
    (
        lambda: nn.BiDense(2, 3, 4, dtype=ms.float16)(_t(np.ones((5, 2))), _t(np.ones((5, 3)))),
        TypeError,
    ),
    (lambda: nn.EmbeddingLookup(4, 2)(_t([1.0, 2.0])), TypeError),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(_IDS, ms.int16), _t(_VALS), _t(_FIELDS, ms.int32)
        ),
        TypeError,
    ),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(_IDS, ms.int32), _t(_VALS, ms.float16), _t(_FIELDS, ms.int32)
        ),
        TypeError,
    ),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(_IDS, ms.int32), _t(_VALS), _t(_FIELDS, ms.int16)
        ),
        TypeError,
    ),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(np.ones(6), ms.int16), _t(_VALS), _t(_FIELDS, ms.int16)
        ),
        ValueError,
    ),
    (
        lambda: nn.MultiFieldEmbeddingLookup(4, 2, 3)(
            _t(_IDS, ms.int32), _t(np.ones((2, 4))), _t(_FIELDS, ms.int32)
        ),
        ValueError,
    ),
    (lambda: nn.ClipByNorm()(_t([[1, 2]], ms.int32), _t(1.0)), TypeError),
    (lambda: nn.ClipByNorm()(_t([[1.0, 2.0]]), 1.0), TypeError),
    (lambda: nn.ClipByNorm()(_t(np.ones((2, 3))), _t([1.0, 2.0])), ValueError),
    (lambda: nn.L1Regularizer(0.5)(_t([[False, True]], ms.bool_)), TypeError),
    (lambda: nn.L1Regularizer(0.5)("sss"), TypeError),
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


@pytest.mark.parametrize("make, error", BAD_CONSTRUCTION + BAD_CALL)
def test_bad_arguments_raise_the_error_type_mindspore_raises(make, error):
    with pytest.raises(error):
        make()


LR_BAD = [
    (lambda: dynamic_lr.piecewise_constant_lr([1.0, 2.0, True], [0.1, 0.2, 0.3]), TypeError),
    (lambda: dynamic_lr.piecewise_constant_lr([10, 20, 30], [1, 2, 1]), TypeError),
    (lambda: dynamic_lr.piecewise_constant_lr([20, 10, 30], [0.1, 0.2, 0.3]), ValueError),
    (lambda: dynamic_lr.exponential_decay_lr(True, 0.9, 30, 3, 2), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, "a", 30, 3, 2), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, 0.9, 2.0, 3, 2), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, 0.9, 30, True, 2), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, 0.9, 30, 3, 2, 1), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(-1.0, 0.9, 30, 3, 2), ValueError),
    (lambda: dynamic_lr.exponential_decay_lr(math.inf, 0.9, 30, 3, 2), ValueError),
    (lambda: dynamic_lr.cosine_decay_lr(0.2, 0.1, 30, 3, 2), ValueError),
    (lambda: dynamic_lr.polynomial_decay_lr(0.1, 0.01, 30, 3, 2, True), TypeError),
    (lambda: dynamic_lr.polynomial_decay_lr(0.1, 0.01, 30, 3, 2, 0.5, 1), TypeError),
    (lambda: nn.ExponentialDecayLR(0.1, 0.9, 4, 1), TypeError),
    (lambda: nn.ExponentialDecayLR(0.1, 0.9, 4.0), TypeError),
    (lambda: nn.PolynomialDecayLR(0.1, 0.0, 4, 0.0), ValueError),
    (lambda: nn.CosineDecayLR(0, 0.1, 4), TypeError),
    (lambda: nn.WarmUpLR(0.1, 0), ValueError),
]


@pytest.mark.parametrize("make, error", LR_BAD)
def test_learning_rate_arguments_are_checked(make, error):
    with pytest.raises(error):
        make()


def test_learning_rate_zero_where_mindspore_allows_it():
    assert dynamic_lr.cosine_decay_lr(0.0, 0.1, 3, 1, 2)[0] == pytest.approx(0.1)
    assert dynamic_lr.piecewise_constant_lr([1, 1, 2], [0.1, 0.2, 0.3]) == [0.1, 0.3]
    assert float(nn.WarmUpLR(0.0, 4)(ms.Tensor(2))) == 0.0


# ----------------------------------------------------------------- compile and phase
def test_compile_of_a_random_layer_leaves_the_random_stream_alone():
    x = _t([[-1.2, 2.1], [-2.2, 3.2]])
    ms.set_seed(7)
    expected = np.asarray(ops.uniform((3,), _t(0.0), _t(1.0)))
    ms.set_seed(7)
    _cell_graph_executor.compile(nn.RReLU(0.1, 0.5), x)
    drop = nn.Dropout(p=0.5).set_train()
    _cell_graph_executor.compile(drop, x)
    np.testing.assert_array_equal(np.asarray(ops.uniform((3,), _t(0.0), _t(1.0))), expected)


def test_cell_phase_is_settable_and_reset_by_set_train():
    cell = nn.ReLU()
    assert cell.phase == "predict"
    cell.phase = "update_param"
    assert cell.phase == "update_param"
    cell.set_train()
    assert cell.phase == "train"
    with pytest.raises(TypeError):
        cell.phase = 1


def test_rrelu_draws_slopes_in_range():
    x = jnp.full((200,), -1.0, jnp.float32)
    slopes = -np.asarray(nn.RReLU(0.1, 0.5)(ms.Tensor(x)))
    assert slopes.min() >= 0.1 and slopes.max() <= 0.5 and slopes.std() > 0.05


def test_compile_of_a_graph_mode_training_cell_writes_nothing():
    mode = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        train = nn.TrainOneStepCell(
            nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.1, 0.9)
        )
        _cell_graph_executor.compile(train, _t(np.ones((1, 3))), _t(np.zeros((1, 2))))
    finally:
        ms.set_context(mode=mode)
    assert net.weight.asnumpy().tolist() == [[1.0] * 3] * 2
    assert int(train.optimizer.global_step.asnumpy().reshape(-1)[0]) == 0
