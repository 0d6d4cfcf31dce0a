"""What real MindSpore 2.10's SparseSoftmaxCrossEntropyWithLogitsV2 gives for
sparse_ce_v2_cases.py. Writes tests/golden/sparse_ce_v2.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py sparse_ce_v2
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mindspore as ms  # noqa: E402
import sparse_ce_v2_cases as cases  # noqa: E402
from mindspore.ops.operations.nn_ops import SparseSoftmaxCrossEntropyWithLogitsV2 as P  # noqa: E402

golden = {name: case(ms, P) for name, case in cases.CASES.items()}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "sparse_ce_v2.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True)
    f.write("\n")
print(json.dumps(golden))
