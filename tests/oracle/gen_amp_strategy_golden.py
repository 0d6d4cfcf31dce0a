"""Golden values for msfunc's mixed-precision strategies (MindSpore's
``mindspore._c_expression.amp``: cast strategy per op and level, the strategy stack and its
effect on a matrix product) from real MindSpore 2.10.

Writes ``tests/golden/amp_strategy.json`` from the scenarios in ``amp_strategy_cases.py``.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py amp_strategy
"""

import json
import os
import sys

import mindspore as ms
from mindspore._c_expression import amp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from amp_strategy_cases import CASES  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "amp_strategy.json")


def main():
    ms.set_context(device_target="CPU", mode=ms.PYNATIVE_MODE)
    out = {}
    for name, case in CASES.items():
        try:
            out[name] = case(ms, amp)
        except Exception as exc:  # recorded, and skipped by the test
            out[name] = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
            print(name, out[name]["error"], file=sys.stderr)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
