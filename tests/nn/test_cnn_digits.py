"""A small CNN (Conv2d + BatchNorm2d + ReLU + MaxPool2d + Dense) learns scikit-learn's 8x8
digits to >= 97% test accuracy: with the fusion paradigm (value_and_grad + optimizer under
msfunc.jit) and through Model.train with callbacks and metrics."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc.train import Accuracy, History, LossMonitor, Model

EPOCHS, BATCH = 8, 50


@pytest.fixture(scope="module")
def digits():
    from sklearn.datasets import load_digits

    x, y = load_digits(return_X_y=True)
    x = (x / 16.0).astype(np.float32).reshape(-1, 1, 8, 8)
    order = np.random.default_rng(0).permutation(len(x))
    x, y = x[order], y[order].astype(np.int32)
    return (x[:1400], y[:1400]), (x[1400:], y[1400:])


class DigitsCNN(nn.Cell):
    def __init__(self):
        super().__init__()
        self.features = nn.SequentialCell(
            [
                nn.Conv2d(1, 16, 3, pad_mode="same"),
                nn.BatchNorm2d(16),
                nn.ReLU(),
                nn.MaxPool2d(kernel_size=2, stride=2),
            ]
        )
        self.flatten = nn.Flatten()
        self.classifier = nn.Dense(16 * 4 * 4, 10)

    def construct(self, x):
        return self.classifier(self.flatten(self.features(x)))


def _batches(x, y, epoch):
    order = np.random.default_rng(epoch).permutation(len(x))
    return [
        (x[order[i : i + BATCH]], y[order[i : i + BATCH]])
        for i in range(0, len(x) - BATCH + 1, BATCH)
    ]


def _accuracy(net, x, y):
    net.set_train(False)
    return float((np.asarray(net(ms.Tensor(x))).argmax(-1) == y).mean())


def test_cnn_trained_with_value_and_grad_under_jit(digits):
    (xtr, ytr), (xte, yte) = digits
    net = DigitsCNN()
    loss_fn = nn.CrossEntropyLoss()
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

    @ms.jit
    def train_step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    net.set_train()
    losses = [
        float(train_step(ms.Tensor(x), ms.Tensor(y)))
        for epoch in range(EPOCHS)
        for x, y in _batches(xtr, ytr, epoch)
    ]
    assert np.mean(losses[-10:]) < 0.2 * np.mean(losses[:10])
    # BatchNorm's moving statistics were committed by the compiled steps
    bn = net.features[1]
    assert not np.allclose(bn.moving_mean.asnumpy(), 0.0)
    accuracy = _accuracy(net, xte, yte)
    assert accuracy >= 0.97, accuracy


def test_cnn_trained_by_model_train_with_callbacks_and_metrics(digits, capsys):
    (xtr, ytr), (xte, yte) = digits
    net = DigitsCNN()
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
    model = Model(net, nn.CrossEntropyLoss(), opt, metrics={"acc": Accuracy()})
    history = History()
    train_data = _batches(xtr, ytr, 0)
    steps = len(train_data)
    model.train(EPOCHS, train_data, callbacks=[LossMonitor(steps), history])
    out = capsys.readouterr().out
    assert f"epoch: {EPOCHS} step: {steps}, loss is " in out
    assert history.epoch == list(range(1, EPOCHS + 1))
    assert history.history["net_output"][-1] < history.history["net_output"][0]
    result = model.eval([(xte, yte)])
    assert result["acc"] >= 0.97, result
    assert abs(result["acc"] - _accuracy(net, xte, yte)) < 1e-6
