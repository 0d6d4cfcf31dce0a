"""What real MindSpore 2.10's mindspore.rewrite gives for the generated-code cases of
rewrite_code_cases.py (nested nodes, generated construct, edited networks' outputs). Writes
tests/golden/rewrite_code.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py rewrite_code
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore as ms  # noqa: E402
import rewrite_code_cases as cases  # noqa: E402
from mindspore import nn, ops  # noqa: E402
from mindspore import rewrite as rw  # noqa: E402

golden = {name: case(ms, nn, ops, rw) for name, case in cases.CASES.items()}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "rewrite_code.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, indent=1)
    f.write("\n")
print(json.dumps(golden, indent=1))
