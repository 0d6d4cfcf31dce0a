"""Golden values from real MindSpore 2.10 (CPU) for LossMonitor's eval line in `Model.fit`,
printed while sys.stdout is an object whose flush() clears what it holds.

Writes tests/golden/loss_monitor.json; read by tests/train/test_train_monitors.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py loss_monitor

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "loss_monitor.json"
)


def fit_eval_line(ms):
    """`Model.fit` with LossMonitor prints the epoch's eval metrics with a plain print: a
    replaced sys.stdout whose flush() clears what it holds keeps the line."""
    import sys

    from mindspore.dataset import NumpySlicesDataset
    from mindspore.train import MSE, LossMonitor, Model

    class Keep:
        content = ""

        def write(self, text):
            self.content += text

        def flush(self):
            self.content = ""

    net = ms.nn.Dense(1, 1, weight_init="zeros", bias_init="zeros")
    data = {"x": np.ones((4, 1), np.float32), "y": np.full((4, 1), 3.0, np.float32)}
    train = NumpySlicesDataset(data, shuffle=False).batch(2)
    valid = NumpySlicesDataset(data, shuffle=False).batch(2)
    model = Model(
        net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params(), 0.0), metrics={"mse": MSE()}
    )
    keep, current = Keep(), sys.stdout
    sys.stdout = keep
    try:
        model.fit(1, train, valid, callbacks=[LossMonitor(100)], dataset_sink_mode=False)
    finally:
        sys.stdout = current
    return {"eval_line": [line for line in keep.content.splitlines() if "Eval" in line]}


SCENARIOS = [fit_eval_line]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
