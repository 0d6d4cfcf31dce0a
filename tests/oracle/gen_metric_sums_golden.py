"""Golden values from real MindSpore 2.10 for the MAE and MSE metrics over several updates of
float32 and float64 data: each batch's errors are summed in the data's dtype, the batches'
sums in float64 (a float32 regression script printed MindSpore's MAE to 8 digits only).

Writes tests/golden/metric_sums.json; read by tests/train/test_metric_sums.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py metric_sums

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "metric_sums.json"
)


def regression_metrics(ms):
    """MAE and MSE after five batches, for float32 and float64 labels (repr of the mean)."""
    from mindspore.train import MAE, MSE

    rng = np.random.RandomState(0)
    out = {}
    for label_dtype in (np.float32, np.float64):
        for metric in (MAE, MSE):
            m = metric()
            for _ in range(5):
                pred = ms.Tensor((rng.normal(size=(16, 1)) * 7).astype(np.float32))
                m.update(pred, ms.Tensor((rng.normal(size=(16, 1)) * 7).astype(label_dtype)))
            out[f"{metric.__name__}_{np.dtype(label_dtype).name}"] = repr(float(m.eval()))
    return out


SCENARIOS = [regression_metrics]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
