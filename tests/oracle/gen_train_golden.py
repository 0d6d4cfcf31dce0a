"""Golden values for msfunc's training wrappers from real MindSpore 2.10.

Writes ``tests/golden/train.npz`` from the scenarios in ``train_cases.py`` (user-written
train-step Cell in GRAPH and PYNATIVE mode, TrainOneStepCell, loss scaling, WithEvalCell,
WithGradCell).
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py train
"""

import os
import sys

import mindspore as ms
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_cases import SCENARIOS  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "train.npz")


def main():
    ms.set_context(device_target="CPU")
    out, failed = {}, []
    for name, scenario in SCENARIOS.items():
        try:
            for key, value in scenario(ms).items():
                out[f"{name}/{key}"] = np.array(value).copy()
        except Exception as exc:  # recorded, and skipped by the test
            failed.append(name)
            print(f"{name}: {type(exc).__name__}: {str(exc)[:300]}", file=sys.stderr)
    out["meta/failed"] = np.array(failed if failed else [""])
    np.savez_compressed(OUT, **out)
    print("wrote", OUT, len(out), "arrays; failed:", failed)


if __name__ == "__main__":
    main()
