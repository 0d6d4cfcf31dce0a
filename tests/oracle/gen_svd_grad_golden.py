"""What real MindSpore 2.10's ops.svd(full_matrices=True) gradients are for svd_grad_cases.py.
Writes tests/golden/svd_grad.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py svd_grad
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore as ms  # noqa: E402
import svd_grad_cases as cases  # noqa: E402
from mindspore import ops  # noqa: E402

golden = {name: case(ms, ops) for name, case in cases.CASES.items()}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "svd_grad.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True)
    f.write("\n")
print(json.dumps(golden))
