"""Golden values for msfunc's split MINDIR export from real MindSpore 2.10: writes
tests/golden/split_mindir.json.

The scenarios (`split_mindir_cases.py`) export a small network with its weights written
apart (TOTAL_SAVE at 0) and record the weight files' bytes and modes and the loaded graph's
output. tests/train/test_split_mindir_golden.py runs the same functions under msfunc.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py split_mindir
"""

import json
import os
import sys
import tempfile

from split_mindir_cases import SCENARIOS


def main():
    import mindspore as ms

    golden = {}
    for scenario in SCENARIOS:
        with tempfile.TemporaryDirectory() as folder:
            scenario(ms, folder, golden.__setitem__)
    out = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "split_mindir.json"
    )
    with open(out, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(golden)} entries -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
