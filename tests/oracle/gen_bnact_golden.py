"""What real MindSpore 2.10's nn.Conv2dBnAct and nn.DenseBnAct give for bnact_cases.py.
Writes tests/golden/bnact.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py bnact
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bnact_cases as cases  # noqa: E402
import mindspore as ms  # noqa: E402
from mindspore import nn  # noqa: E402

golden = {name: case(ms, nn) for name, case in cases.CASES.items()}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "bnact.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True)
    f.write("\n")
print(json.dumps(golden))
