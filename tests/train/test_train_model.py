"""msfunc.train: Model.train/eval/predict/fit on scikit-learn's digits, callbacks, metrics
against scikit-learn, data sinking, mixed precision."""

import os
import sys
import types

import _alias_scenarios
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc.train import (
    F1,
    MAE,
    MSE,
    Accuracy,
    CheckpointConfig,
    ConfusionMatrix,
    EarlyStopping,
    History,
    LambdaCallback,
    Loss,
    LossMonitor,
    Model,
    ModelCheckpoint,
    Precision,
    Recall,
    ReduceLROnPlateau,
    RunContext,
    TimeMonitor,
    TopKCategoricalAccuracy,
)
from msfunc.train.callback import CallbackParam


def _digits():
    from sklearn.datasets import load_digits

    x, y = load_digits(return_X_y=True)
    x = (x / 16.0).astype(np.float32)
    y = y.astype(np.int32)
    order = np.random.default_rng(0).permutation(len(x))
    x, y = x[order], y[order]
    return (x[:1400], y[:1400]), (x[1400:], y[1400:])


def _batches(x, y, size):
    return [(x[i : i + size], y[i : i + size]) for i in range(0, len(x) - size + 1, size)]


class _DictDataset:
    """A MindSpore-style dataset: create_dict_iterator and get_dataset_size only."""

    def __init__(self, batches):
        self._batches = batches

    def create_dict_iterator(self):
        return iter({"image": x, "label": y} for x, y in self._batches)

    def get_dataset_size(self):
        return len(self._batches)


def _mlp():
    ms.set_seed(1)
    return nn.SequentialCell([nn.Dense(64, 64, activation="relu"), nn.Dense(64, 10)])


def test_model_trains_digits_with_callbacks_and_metrics(capsys, tmp_path, monkeypatch):
    (xtr, ytr), (xte, yte) = _digits()
    net = _mlp()
    loss_fn = nn.CrossEntropyLoss()
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
    model = Model(net, loss_fn, opt, metrics={"acc", "loss"})
    written = []
    fake = types.ModuleType("msfunc.train.serialization")
    fake.save_checkpoint = lambda obj, path, **kw: (written.append(path), open(path, "w").close())
    monkeypatch.setitem(sys.modules, "msfunc.train.serialization", fake)
    history, epochs_seen = History(), []
    ckpt = ModelCheckpoint(
        "digits", str(tmp_path), CheckpointConfig(save_checkpoint_steps=21, keep_checkpoint_max=2)
    )
    callbacks = [
        LossMonitor(7),
        TimeMonitor(),
        history,
        ckpt,
        LambdaCallback(
            on_train_epoch_end=lambda ctx: epochs_seen.append(ctx.original_args().cur_epoch_num)
        ),
    ]
    model.train(4, _DictDataset(_batches(xtr, ytr, 100)), callbacks=callbacks)
    result = model.eval(_batches(xte, yte, 397))
    assert result["acc"] >= 0.93, result
    assert result["loss"] < 0.3, result
    out = capsys.readouterr().out
    assert "epoch: 1 step: 7, loss is " in out and "epoch: 4 step: 14, loss is " in out
    assert out.count("per step time:") == 4
    assert epochs_seen == [1, 2, 3, 4] and history.epoch == [1, 2, 3, 4]
    assert history.history["net_output"][-1] < history.history["net_output"][0]
    # saved at steps 21, 42 and the last (56); only the newest two kept
    assert [os.path.basename(p) for p in written] == [
        "digits-2_7.ckpt",
        "digits-3_14.ckpt",
        "digits-4_14.ckpt",
    ]
    assert sorted(os.listdir(tmp_path)) == ["digits-3_14.ckpt", "digits-4_14.ckpt"]
    assert ckpt.latest_ckpt_file_name.endswith("digits-4_14.ckpt")
    pred = np.asarray(model.predict(ms.Tensor(xte[:5])))
    assert pred.shape == (5, 10)


def test_model_checkpoint_without_writer_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "msfunc.train.serialization", None)
    net = nn.Dense(2, 1, "zeros", "zeros")
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    data = [(np.ones((2, 2), np.float32), np.ones((2, 1), np.float32))]
    with pytest.raises(RuntimeError, match="save_checkpoint"):
        model.train(1, data, callbacks=[ModelCheckpoint(directory="/tmp/unused_ckpt")])


def test_sink_mode_matches_step_mode():
    rng = np.random.default_rng(3)
    data = [
        (rng.normal(size=(8, 4)).astype(np.float32), rng.normal(size=(8, 1)).astype(np.float32))
        for _ in range(4)
    ]
    weights = []
    for sink in (False, True):
        net = nn.Dense(4, 1, "ones", "zeros")
        model = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
        model.train(3, data, dataset_sink_mode=sink)
        weights.append(net.weight.asnumpy())
    np.testing.assert_allclose(weights[0], weights[1], rtol=1e-5)


def test_fit_early_stopping_and_plateau():
    """EarlyStopping stops after `patience` epochs without improvement; ReduceLROnPlateau
    scales the learning rate Parameter."""
    net = nn.Dense(2, 1, "zeros", "zeros")
    opt = nn.SGD(net.trainable_params(), 0.0)  # lr 0: the eval loss never improves
    model = Model(net, nn.MSELoss(), opt, metrics={"loss"})
    data = [(np.ones((2, 2), np.float32), np.ones((2, 1), np.float32))]
    stop = EarlyStopping(monitor="eval_loss", patience=2)
    history = History()
    model.fit(10, data, data, callbacks=[stop, history])
    assert history.epoch == [1, 2, 3] and stop.stopped_epoch == 3
    assert history.history["eval_loss"] == [1.0, 1.0, 1.0]

    opt2 = nn.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], 0.4)
    plateau = ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, cooldown=2)
    p = CallbackParam(
        optimizer=opt2, net_outputs=np.float32(1.0), cur_epoch_num=1, eval_results=None
    )
    ctx = RunContext(p)
    plateau.on_train_begin(ctx)
    lrs = []
    for _ in range(5):
        plateau.on_train_epoch_end(ctx)
        lrs.append(round(float(opt2.learning_rate.asnumpy()), 4))
    # epoch 1 sets the best, 2 waits out patience -> 0.2, 3 cools down (the counter is
    # decremented first, as in MindSpore), 4 -> 0.1, 5 cools down
    assert lrs == [0.4, 0.2, 0.2, 0.1, 0.1]


def test_metrics_against_sklearn():
    from sklearn import metrics as skm

    rng = np.random.default_rng(5)
    logits = rng.normal(size=(40, 4)).astype(np.float32)
    labels = rng.integers(0, 4, size=40)
    pred = logits.argmax(1)
    for m, want in [
        (Accuracy(), skm.accuracy_score(labels, pred)),
        (Precision(), skm.precision_score(labels, pred, average=None, zero_division=0)),
        (Recall(), skm.recall_score(labels, pred, average=None, zero_division=0)),
        (F1(), skm.f1_score(labels, pred, average=None, zero_division=0)),
        (ConfusionMatrix(4), skm.confusion_matrix(labels, pred, labels=range(4))),
        (
            TopKCategoricalAccuracy(2),
            skm.top_k_accuracy_score(labels, logits, k=2, labels=range(4)),
        ),
    ]:
        m.clear()
        m.update(ms.Tensor(logits[:25]), ms.Tensor(labels[:25]))
        onehot = np.eye(4, dtype=np.float32)[labels[25:]]
        # one-hot labels too, except for ConfusionMatrix: as MindSpore's, it reads inputs of
        # one shape as thresholded binary predictions and labels
        m.update(logits[25:], labels[25:] if isinstance(m, ConfusionMatrix) else onehot)
        np.testing.assert_allclose(m.eval(), want, rtol=1e-6, err_msg=type(m).__name__)
    y, yp = rng.normal(size=(10, 3)), rng.normal(size=(10, 3))
    mae, mse, loss = MAE(), MSE(), Loss()
    mae.update(yp, y)
    mse.update(yp, y)
    np.testing.assert_allclose(mae.eval(), np.abs(yp - y).sum() / 10, rtol=1e-6)
    np.testing.assert_allclose(mse.eval(), ((yp - y) ** 2).sum() / 10, rtol=1e-6)
    loss.update(ms.Tensor(2.0))
    loss.update(np.float32(4.0))
    assert loss.eval() == 3.0
    with pytest.raises(RuntimeError, match="no samples"):
        Accuracy().eval()


def test_amp_levels_cast_compute_not_parameters():
    x = np.array([[0.1, 0.2, 0.3]], np.float32)
    w = np.array([[1.001, 2.003, -0.5]], np.float32)
    net = ms.amp.auto_mixed_precision(nn.Dense(3, 1, ms.Tensor(w), "zeros"), "O3", ms.float16)
    out = net(ms.Tensor(x))
    want = (x.astype(np.float16) @ w.astype(np.float16).T).astype(np.float32)
    assert out.dtype == np.float32
    np.testing.assert_allclose(np.asarray(out), want, rtol=1e-3)
    assert all(p.dtype == np.float32 for p in net.trainable_params())
    with pytest.raises(ValueError, match="amp_level"):
        Model(nn.Dense(2, 1), amp_level="O4")


def test_model_amp_o2_trains_in_float16():
    (xtr, ytr), _ = _digits()
    net = _mlp()
    model = Model(
        net,
        nn.CrossEntropyLoss(),
        nn.Adam(net.trainable_params(), 0.01),
        metrics={"acc"},
        amp_level="O2",
    )
    data = _batches(xtr, ytr, 200)
    model.train(2, data)
    assert model.eval(data)["acc"] > 0.85
    assert net[0].weight.dtype == np.float32


def test_progress_bar_shown_on_a_terminal(monkeypatch, capsys):
    net = nn.Dense(2, 1, "zeros", "zeros")
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    data = [(np.ones((2, 2), np.float32), np.ones((2, 1), np.float32))] * 3
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    model.train(2, data)
    err = capsys.readouterr().err
    assert "epoch 2/2" in err and "3/3" in err and "loss=" in err


def test_progress_bar_draws_at_most_once_per_interval_off_a_terminal(capsys):
    from msfunc.train import ProgressBar

    net = nn.Dense(2, 1, "zeros", "zeros")
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    data = [(np.ones((2, 2), np.float32), np.ones((2, 1), np.float32))] * 40
    # stderr is captured (not a terminal): redrawn at most once a second, so a fast epoch
    # is its first and its final line, not one write per step (a notebook output each).
    model.train(2, data, callbacks=[ProgressBar()])
    err = capsys.readouterr().err
    assert err.count("\r") <= 6 and err.count("40/40") == 2 and "loss=" in err
    model.train(1, data, callbacks=[ProgressBar(mininterval=0)])
    assert capsys.readouterr().err.count("\r") >= 40
    with pytest.raises(ValueError, match="mininterval"):
        ProgressBar(mininterval=-1)


def test_loss_scale_manager_and_lr_scheduler_and_unsupported_names():
    from msfunc.errors import UnsupportedError
    from msfunc.train import FixedLossScaleManager, LearningRateScheduler

    data = [(np.ones((2, 2), np.float32), np.ones((2, 1), np.float32))]
    nets = [nn.Dense(2, 1, "zeros", "zeros") for _ in range(2)]
    plain = Model(nets[0], nn.MSELoss(), nn.SGD(nets[0].trainable_params(), 0.1))
    scaled = Model(
        nets[1],
        nn.MSELoss(),
        nn.SGD(nets[1].trainable_params(), 0.1),
        loss_scale_manager=FixedLossScaleManager(256.0),
    )
    assert type(scaled.train_network).__name__ == "TrainOneStepWithLossScaleCell"
    halve = LearningRateScheduler(lambda lr, step: lr / 2)
    plain.train(3, data, callbacks=[halve])
    scaled.train(3, data, callbacks=[halve])
    np.testing.assert_allclose(nets[0].weight.asnumpy(), nets[1].weight.asnumpy(), rtol=1e-6)
    assert float(plain.train_network.optimizer.learning_rate.asnumpy()) == pytest.approx(0.0125)
    with pytest.raises(UnsupportedError, match="SummaryLandscape"):
        ms.train.SummaryLandscape  # noqa: B018


def test_one_shot_iterators_serve_one_epoch_only():
    net = nn.Dense(2, 1, "zeros", "zeros")
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1), metrics={"mse"})
    batches = lambda: ((np.ones((2, 2), np.float32), np.ones((2, 1), np.float32)) for _ in range(2))
    model.train(1, batches())
    assert model.eval(batches())["mse"] < 1.0
    with pytest.raises(TypeError, match="one-shot iterator"):
        model.train(2, batches())


# `auto_mixed_precision` of a plain function, against MindSpore 2.10
# (tests/oracle/gen_amp_function_golden.py, whose scenarios run here unchanged with ``ms = msfunc``
# under the ``mindspore`` alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("amp_function"))
def test_matches_mindspore(name):
    _alias_scenarios.check("amp_function", name)
