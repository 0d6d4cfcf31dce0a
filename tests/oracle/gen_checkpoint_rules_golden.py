"""Golden values for msfunc's checkpoint loading rules (`choice_func` against the prefix
arguments, the exception types of bad loads, `Cell.init_parameters_data`) from real
MindSpore 2.10.

Writes ``tests/golden/checkpoint_rules.json`` from the scenarios in
``checkpoint_rules_cases.py``. Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py checkpoint_rules
"""

import json
import os
import sys
import tempfile

import mindspore as ms

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checkpoint_rules_cases import CASES  # noqa: E402

OUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "checkpoint_rules.json"
)


def main():
    ms.set_context(device_target="CPU", mode=ms.PYNATIVE_MODE)
    out = {}
    for name, case in CASES.items():
        with tempfile.TemporaryDirectory() as tmp:
            try:
                out[name] = case(ms, tmp)
            except Exception as exc:  # recorded, and skipped by the test
                out[name] = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
                print(name, out[name]["error"], file=sys.stderr)
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
