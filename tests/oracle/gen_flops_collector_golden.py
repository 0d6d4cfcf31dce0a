"""Golden values from real MindSpore 2.10 (CPU) for `FlopsUtilizationCollector`: the FLOPs it
prints for a convolution-and-dense network's training and evaluation steps in graph mode, how
many step lines it prints, and what it refuses.

Writes tests/golden/flops_collector.json; read by tests/train/test_flops_collector.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py flops_collector

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import contextlib
import io
import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "flops_collector.json"
)


def _dataset(ms):
    from mindspore.dataset import NumpySlicesDataset

    data = {"x": np.ones((96, 1, 12, 12), np.float32), "y": np.zeros((96,), np.int32)}
    return NumpySlicesDataset(data, shuffle=False).batch(32)


def _model(ms):
    from mindspore.train import Model

    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.c1 = nn.Conv2d(1, 4, 3, pad_mode="valid")
            self.c2 = nn.Conv2d(4, 6, 3, pad_mode="valid", stride=2)
            self.c3 = nn.Conv2d(6, 6, 3, pad_mode="same")
            self.flatten = nn.Flatten()
            self.d1 = nn.Dense(6 * 4 * 4, 16)
            self.d2 = nn.Dense(16, 5)
            self.relu = nn.ReLU()

        def construct(self, x):
            x = self.relu(self.c2(self.relu(self.c1(x))))
            x = self.flatten(self.relu(self.c3(x)))
            return self.d2(self.relu(self.d1(x)))

    net = Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    return Model(net, loss_fn=loss, optimizer=opt, metrics={"accuracy"})


def _printed(run):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run()
    lines = out.getvalue().splitlines()
    return {
        "flops": [line for line in lines if "flops is" in line],
        "step_lines": sum(" per step time: " in line for line in lines),
    }


def graph_mode_train_and_eval(ms):
    """The counts (forward and backward for training) and the step lines printed."""
    from mindspore.train import FlopsUtilizationCollector

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        model = _model(ms)
        train = _printed(
            lambda: model.train(
                1, _dataset(ms), callbacks=[FlopsUtilizationCollector(2, computility=10e6)]
            )
        )
        evaluate = _printed(
            lambda: model.eval(
                _dataset(ms), callbacks=[FlopsUtilizationCollector(2, full_flops=False)]
            )
        )
        return {"train": train, "eval": evaluate}
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def refusals(ms):
    """PyNative mode is refused at the first step; bad arguments when built."""
    from mindspore.train import FlopsUtilizationCollector

    record = {}
    try:
        _model(ms).train(1, _dataset(ms), callbacks=[FlopsUtilizationCollector(2)])
        record["pynative"] = None
    except Exception as exc:  # noqa: BLE001 - the type is the record
        record["pynative"] = type(exc).__name__
    for name, kwargs in [
        ("zero_size", {"data_size": 0}),
        ("float_size", {"data_size": 1.5}),
        ("bool_size", {"data_size": True}),
        ("int_full_flops", {"data_size": 2, "full_flops": 1}),
        ("str_ma", {"data_size": 2, "enable_ma_collector": "x"}),
    ]:
        try:
            FlopsUtilizationCollector(**kwargs)
            record[name] = None
        except Exception as exc:  # noqa: BLE001 - the type is the record
            record[name] = type(exc).__name__
    return record


SCENARIOS = [graph_mode_train_and_eval, refusals]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
