"""Golden values for msfunc's checkpoint obfuscation from real MindSpore 2.10: writes
tests/golden/obfuscation.json.

The scenarios (`obfuscation_cases.py`) obfuscate small checkpoints with
``obfuscate_ckpt`` under a fixed numpy seed and record the returned metadata, the files
written and their values, and the exception types of bad calls.
tests/train/test_obfuscation_golden.py runs the same functions under msfunc.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py obfuscation
"""

import json
import os
import sys
import tempfile

from obfuscation_cases import SCENARIOS


def main():
    import mindspore as ms

    golden = {}
    for scenario in SCENARIOS:
        with tempfile.TemporaryDirectory() as folder:
            scenario(ms, folder, golden.__setitem__)
    out = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "obfuscation.json"
    )
    with open(out, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(golden)} entries -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
