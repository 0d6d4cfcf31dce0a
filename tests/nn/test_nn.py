"""Minimal nn: layers, losses and optimizers against numpy / optax references."""

import _alias_scenarios
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn

RNG = np.random.default_rng(0)


def test_dense_matches_numpy_and_validates():
    w = RNG.normal(size=(3, 5)).astype(np.float32)
    b = RNG.normal(size=(3,)).astype(np.float32)
    x = RNG.normal(size=(4, 5)).astype(np.float32)
    net = nn.Dense(5, 3, weight_init=ms.Tensor(w), bias_init=ms.Tensor(b), activation="relu")
    np.testing.assert_allclose(net(ms.Tensor(x)), np.maximum(x @ w.T + b, 0), rtol=1e-5)
    no_bias = nn.Dense(5, 3, weight_init=ms.Tensor(w), has_bias=False)
    np.testing.assert_allclose(no_bias(ms.Tensor(x)), x @ w.T, rtol=1e-5)
    default = nn.Dense(5, 3)
    assert float(jnp.max(jnp.abs(default.bias.value()))) <= 1 / np.sqrt(5)
    with pytest.raises(ValueError, match="in_channels"):
        nn.Dense(0, 3)


def test_flatten_and_activations():
    x = jnp.arange(24.0).reshape(2, 3, 4) - 12
    assert nn.Flatten()(x).shape == (2, 12)
    np.testing.assert_allclose(nn.ReLU()(x), np.maximum(np.asarray(x), 0))
    np.testing.assert_allclose(nn.Sigmoid()(x), 1 / (1 + np.exp(-np.asarray(x))), rtol=1e-5)
    with pytest.raises(KeyError, match="unknown activation"):
        nn.get_activation("nope")


def _np_log_softmax(x, axis=1):
    m = x.max(axis=axis, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=axis, keepdims=True))


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_losses_match_numpy(reduction):
    logits = RNG.normal(size=(6, 4)).astype(np.float32)
    labels = RNG.integers(0, 4, size=6).astype(np.int32)
    target = RNG.random(size=(6, 4)).astype(np.float32)
    weight = np.array([0.5, 1.0, 2.0, 1.5], np.float32)
    red = {"mean": np.mean, "sum": np.sum, "none": lambda v: v}[reduction]

    mse = nn.MSELoss(reduction)(ms.Tensor(logits), ms.Tensor(target))
    np.testing.assert_allclose(mse, red((logits - target) ** 2), rtol=1e-5)

    p = 1 / (1 + np.exp(-logits))
    pos_weight = np.array([1.0, 2.0, 0.5, 1.0], np.float32)
    bce = -(pos_weight * target * np.log(p) + (1 - target) * np.log(1 - p)) * weight
    got = nn.BCEWithLogitsLoss(reduction, ms.Tensor(weight), ms.Tensor(pos_weight))(
        ms.Tensor(logits), ms.Tensor(target)
    )
    np.testing.assert_allclose(got, red(bce), rtol=1e-5)

    logp = _np_log_softmax(logits)
    labels[2] = -100  # ignored
    valid = labels != -100
    picked = np.where(valid, -logp[np.arange(6), np.where(valid, labels, 0)], 0)
    w_t = np.where(valid, weight[np.where(valid, labels, 0)], 0)
    ce = nn.CrossEntropyLoss(ms.Tensor(weight), reduction=reduction)(
        ms.Tensor(logits), ms.Tensor(labels)
    )
    expected = {
        "mean": (picked * w_t).sum() / w_t.sum(),
        "sum": (picked * w_t).sum(),
        "none": picked * w_t,
    }[reduction]
    np.testing.assert_allclose(ce, expected, rtol=1e-5)

    probs = target / target.sum(axis=1, keepdims=True)
    ce_prob = nn.CrossEntropyLoss(reduction=reduction, label_smoothing=0.1)(
        ms.Tensor(logits), ms.Tensor(probs)
    )
    smoothed = probs * 0.9 + 0.1 / 4
    np.testing.assert_allclose(ce_prob, red(-(logp * smoothed).sum(axis=1)), rtol=1e-5)


def test_loss_validation():
    with pytest.raises(ValueError, match="reduction"):
        nn.MSELoss("avg")
    with pytest.raises(ValueError, match="label_smoothing"):
        nn.CrossEntropyLoss(label_smoothing=2.0)


def _quadratic_setup():
    w = ms.Parameter(ms.Tensor([1.0, -2.0, 3.0]), name="w")
    target = jnp.array([0.5, 0.5, 0.5])
    loss = lambda: jnp.sum((w.value() - target) ** 2)  # noqa: E731
    return w, target, ms.grad(loss, None, [w])


@pytest.mark.parametrize(
    "momentum,dampening,nesterov,wd",
    [
        (0.0, 0.0, False, 0.0),
        (0.9, 0.0, False, 0.0),
        (0.9, 0.0, True, 0.01),
        (0.8, 0.3, False, 0.0),
    ],
)
def test_sgd_matches_hand_written_update(momentum, dampening, nesterov, wd):
    w, target, grad_fn = _quadratic_setup()
    opt = nn.SGD(
        [w],
        learning_rate=0.1,
        momentum=momentum,
        dampening=dampening,
        nesterov=nesterov,
        weight_decay=wd,
    )
    p = np.array([1.0, -2.0, 3.0])
    accum = None
    for _ in range(4):
        opt(grad_fn())
        g = 2 * (p - 0.5) + wd * p
        accum = g if accum is None else momentum * accum + (1 - dampening) * g
        p = p - 0.1 * ((g + momentum * accum) if nesterov else accum)
        np.testing.assert_allclose(w.asnumpy(), p, rtol=1e-5)


def test_adam_matches_mindspore_formula():
    w, target, grad_fn = _quadratic_setup()
    opt = nn.Adam([w], learning_rate=0.05, beta1=0.8, beta2=0.9, eps=1e-6)
    p = np.array([1.0, -2.0, 3.0])
    m = v = np.zeros(3)
    for t in range(1, 5):
        opt(grad_fn())
        g = 2 * (p - 0.5)
        m = 0.8 * m + 0.2 * g
        v = 0.9 * v + 0.1 * g * g
        lr_t = 0.05 * np.sqrt(1 - 0.9**t) / (1 - 0.8**t)
        p = p - lr_t * m / (np.sqrt(v) + 1e-6)
        np.testing.assert_allclose(w.asnumpy(), p, rtol=1e-5)
    assert opt.global_step.asnumpy().tolist() == [4]  # shape (1,), as in MindSpore


def test_dynamic_learning_rate_and_schedule():
    w, _, grad_fn = _quadratic_setup()
    opt = nn.SGD([w], learning_rate=[0.1, 0.01])
    assert float(opt.get_lr()) == pytest.approx(0.1)
    opt(grad_fn())
    assert float(opt.get_lr()) == pytest.approx(0.01)
    opt(grad_fn())
    with pytest.raises(RuntimeError):  # read past the list's end, as MindSpore 2.10 raises
        opt.get_lr()
    sched = nn.SGD([w], learning_rate=lambda step: 0.5 / (1.0 + step))
    sched(grad_fn())
    assert float(sched.get_lr()) == pytest.approx(0.25)


def test_optimizer_validation():
    with pytest.raises(ValueError, match="params"):
        nn.SGD([], 0.1)
    with pytest.raises(TypeError, match="item 0"):
        nn.SGD([jnp.ones(2)], 0.1)
    with pytest.raises(ValueError, match="gradients"):
        w, _, _ = _quadratic_setup()
        nn.SGD([w], 0.1)((jnp.ones(3), jnp.ones(3)))


def test_train_one_step_cell_matches_functional_loop():
    w0 = RNG.normal(size=(3, 5)).astype(np.float32)
    x = ms.Tensor(RNG.normal(size=(8, 5)).astype(np.float32))
    y = ms.Tensor((RNG.random(size=(8, 3)) > 0.5).astype(np.float32))

    def make():
        return nn.Dense(5, 3, weight_init=ms.Tensor(w0), bias_init="zeros")

    net = make()
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.BCEWithLogitsLoss()),
        nn.SGD(net.trainable_params(), 0.1, momentum=0.9),
    )
    oop_losses = [float(train(x, y)) for _ in range(5)]

    ref = make()
    opt = nn.SGD(ref.trainable_params(), 0.1, momentum=0.9)
    loss_fn = nn.BCEWithLogitsLoss()
    grad_fn = ms.value_and_grad(lambda a, b: loss_fn(ref(a), b), None, opt.parameters)
    fun_losses = []
    for _ in range(5):
        loss, grads = grad_fn(x, y)
        opt(grads)
        fun_losses.append(float(loss))
    np.testing.assert_allclose(oop_losses, fun_losses, rtol=1e-6)
    assert oop_losses[-1] < oop_losses[0]
    np.testing.assert_allclose(net.weight.asnumpy(), ref.weight.asnumpy(), rtol=1e-6)
    jitted = ms.jit(train)
    np.testing.assert_allclose(float(jitted(x, y)), float(grad_fn(x, y)[0]), rtol=1e-5)


def test_optimizer_inside_jax_grad_of_dense_matches_jax():
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    x = jnp.array([[1.0, 2.0]], jnp.float32)  # Dense takes its weight's dtype only
    grads = ms.grad(lambda v: jnp.sum(net(v) ** 2), None, net.trainable_params())(x)
    ref = jax.grad(lambda w, b: jnp.sum((x @ w.T + b) ** 2), argnums=(0, 1))(
        jnp.ones((1, 2)), jnp.zeros(1)
    )
    for g, r in zip(grads, ref):
        np.testing.assert_allclose(g, r)


# ``nn.SparseToDense`` of a COOTensor and its gradients, against MindSpore 2.10
# (tests/oracle/gen_nn_sparse_golden.py, whose scenarios run here unchanged under the ``mindspore``
# alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("nn_sparse"))
def test_matches_mindspore(name):
    _alias_scenarios.check("nn_sparse", name)
