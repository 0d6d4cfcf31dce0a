"""Golden values from real MindSpore 2.10 (CPU) for the argument checks of metrics:
`Metric.set_indexes` of something other than a list of ints, an unknown `eval_type`.

Writes tests/golden/metric_checks.json; read by tests/train/test_metrics_golden.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py metric_checks

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "metric_checks.json"
)


def metric_checks(ms):
    """Errors of `Metric.set_indexes` (not a list of ints) and of an unknown `eval_type`."""
    from mindspore.train import Accuracy, Precision

    rec = {}
    cases = {
        "indexes_int": lambda: Accuracy("classification").set_indexes(0),
        "indexes_floats": lambda: Accuracy("classification").set_indexes([0.0, 2.0]),
        "indexes_strs": lambda: Accuracy("classification").set_indexes(["1", "0"]),
        "indexes_ok": lambda: Accuracy("classification").set_indexes([0, 2]).indexes,
        "accuracy_eval_type": lambda: Accuracy("test"),
        "precision_eval_type": lambda: Precision("test"),
    }
    for name, call in cases.items():
        try:
            out = call()
            rec[name] = out if isinstance(out, list) else "ok"
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


SCENARIOS = [metric_checks]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
