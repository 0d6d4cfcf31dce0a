"""Training wrappers against real MindSpore 2.10 (tests/oracle/gen_train_golden.py), the
loss-scale / accumulation rules MindSpore's CPU build cannot run, against hand-written numpy, and
ParameterUpdate's writes."""

import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import nn

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
from train_cases import SCENARIOS, X, Y, make_net  # noqa: E402

GOLDEN = np.load(os.path.join(str(TESTS), "golden", "train.npz"))
FAILED = set(GOLDEN["meta/failed"].tolist())


@pytest.mark.parametrize("name", [n for n in SCENARIOS if n not in FAILED])
def test_training_scenario_matches_mindspore(name):
    try:
        got = SCENARIOS[name](ms)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for key, value in got.items():
        want = GOLDEN[f"{name}/{key}"]
        if want.dtype.kind in "US":
            assert np.asarray(value).tolist() == want.tolist(), (name, key)
        else:
            np.testing.assert_allclose(value, want, rtol=2e-5, atol=1e-6, err_msg=f"{name} {key}")


def _mse_grads(net):
    return nn.WithGradCell(net, nn.MSELoss())(ms.Tensor(X), ms.Tensor(Y))


def test_dynamic_loss_scale_rule_and_skipped_update():
    """Scale x2 after `scale_window` clean steps, /2 on overflow with the update skipped."""
    net = make_net(ms)
    x_bad = X.copy()
    x_bad[0, 0] = np.inf
    manager = nn.DynamicLossScaleUpdateCell(2.0**4, 2, 2)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    step = ms.jit(
        nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt, manager)
    )
    scales, conds = [], []
    for k in range(5):
        before = {n: p.asnumpy().copy() for n, p in opt.parameters_and_names()}
        data = x_bad if k == 2 else X
        _, cond, scale = step(ms.Tensor(data), ms.Tensor(Y))
        scales.append(float(scale))
        conds.append(bool(cond))
        if k == 2:  # overflow: nothing the optimizer holds has moved
            for n, p in opt.parameters_and_names():
                np.testing.assert_array_equal(p.asnumpy(), before[n], err_msg=n)
    assert conds == [False, False, True, False, False]
    # iter 1: 1-0 < 2 keep; iter 2: 2-0 >= 2 grow (last=2); iter 3: overflow halve (last=3);
    # iter 4: 4-3 < 2 keep; iter 5: 5-3 >= 2 grow. Each step returns the scale it used.
    assert scales == [16.0, 16.0, 32.0, 16.0, 16.0]
    assert float(step.scale_sense.asnumpy()) == 32.0


def test_loss_scale_unscales_gradients():
    ref, scaled = make_net(ms), make_net(ms)
    nn.TrainOneStepCell(nn.WithLossCell(ref, nn.MSELoss()), nn.SGD(ref.trainable_params(), 0.1))(
        ms.Tensor(X), ms.Tensor(Y)
    )
    nn.TrainOneStepWithLossScaleCell(
        nn.WithLossCell(scaled, nn.MSELoss()),
        nn.SGD(scaled.trainable_params(), 0.1),
        ms.Tensor(np.float32(1024.0)),
    )(ms.Tensor(X), ms.Tensor(Y))
    np.testing.assert_allclose(scaled.fc1.weight.asnumpy(), ref.fc1.weight.asnumpy(), rtol=1e-5)


def test_grad_accumulation_equals_mean_gradient_step():
    acc_net, ref_net = make_net(ms), make_net(ms)
    halves = [(X[:3], Y[:3]), (X[3:], Y[3:])]
    grads = [nn.WithGradCell(ref_net, nn.MSELoss())(ms.Tensor(a), ms.Tensor(b)) for a, b in halves]
    mean = tuple(ms.Tensor((np.asarray(g0) + np.asarray(g1)) / 2) for g0, g1 in zip(*grads))
    nn.SGD(ref_net.trainable_params(), 0.1)(mean)
    step = nn.TrainOneStepWithGradAccumulationCell(
        nn.WithLossCell(acc_net, nn.MSELoss()), nn.SGD(acc_net.trainable_params(), 0.1), 2
    )
    step = ms.jit(step)
    w0 = acc_net.fc1.weight.asnumpy().copy()
    step(ms.Tensor(halves[0][0]), ms.Tensor(halves[0][1]))
    np.testing.assert_array_equal(acc_net.fc1.weight.asnumpy(), w0)
    step(ms.Tensor(halves[1][0]), ms.Tensor(halves[1][1]))
    for a, b in zip(acc_net.trainable_params(), ref_net.trainable_params()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, err_msg=a.name)
    assert not np.asarray(step.accu_grads[0]).any()


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
