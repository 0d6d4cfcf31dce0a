"""Golden values for msfunc's ``mindspore.hal`` from real MindSpore 2.10: writes
tests/golden/hal.json.

The scenarios (`hal_cases.py`) record the CPU device queries and what a contiguous tensor
handle reads, and the exception types of bad calls. tests/compat/test_hal_golden.py runs
the same functions under msfunc.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py hal
"""

import json
import os
import sys

from hal_cases import SCENARIOS


def main():
    import mindspore as ms
    import mindspore.hal as hal

    golden = {}
    for scenario in SCENARIOS:
        scenario(ms, hal, golden.__setitem__)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "hal.json")
    with open(out, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(golden)} entries -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
