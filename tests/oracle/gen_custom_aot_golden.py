"""Golden values for msfunc's AOT custom kernels from real MindSpore 2.10: writes
tests/golden/custom_aot.json.

The scenarios (`custom_aot_cases.py`) compile a small C++ kernel source of their own with
g++ and run it through ``ops.Custom(func_type="aot")``, recording outputs and exception
types, and `CustomRegOp`'s record. tests/ops/test_custom_aot.py runs the same functions.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py custom_aot
"""

import json
import os
import sys
import tempfile

from custom_aot_cases import SCENARIOS, build


def main():
    import mindspore as ms
    import mindspore.ops as ops

    golden = {}
    with tempfile.TemporaryDirectory() as folder:
        library = build(folder)
        for scenario in SCENARIOS:
            scenario(ms, ops, library, golden.__setitem__)
    out = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "custom_aot.json"
    )
    with open(out, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(golden)} entries -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
