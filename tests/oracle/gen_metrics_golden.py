"""Golden values for msfunc's evaluation metrics (ROC, auc, ConfusionMatrixMetric, BleuScore,
Perplexity, Dice, the surface distances, OcclusionSensitivity) from real MindSpore 2.10.

Writes ``tests/golden/metrics.json`` from the scenarios in ``metrics_cases.py``.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py metrics
"""

import json
import os
import sys

import mindspore as ms

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from metrics_cases import CASES  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "metrics.json")


def main():
    ms.set_context(device_target="CPU")
    out = {}
    for name, case in CASES.items():
        try:
            out[name] = case(ms)
        except Exception as exc:  # recorded, and skipped by the test
            out[name] = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
            print(name, out[name]["error"], file=sys.stderr)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
