"""Golden values for msfunc's hand-written training loop helpers (DatasetHelper,
``mindspore.train._utils._construct_tensor_list``) from real MindSpore 2.10.

Writes ``tests/golden/train_loop.json`` from the scenarios in ``train_loop_cases.py``.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py train_loop
"""

import json
import os
import sys

import mindspore as ms
import mindspore.dataset  # noqa: F401 - ms.dataset
from mindspore.train._utils import _construct_tensor_list

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train_loop_cases import CASES  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "train_loop.json")


def main():
    ms.set_context(device_target="CPU", mode=ms.PYNATIVE_MODE)
    out = {}
    for name, case in CASES.items():
        try:
            out[name] = case(ms, _construct_tensor_list)
        except Exception as exc:  # recorded, and skipped by the test
            out[name] = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
            print(name, out[name]["error"], file=sys.stderr)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
