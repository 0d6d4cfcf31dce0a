"""What real MindSpore 2.10's ops.Scan gives when `xs` is a Python list or tuple (each element
a step, the outputs a list), in PyNative and under jit. Writes tests/golden/scan_sequence.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py scan_sequence
"""

import json
import os

from mindspore import jit, ops


def step(total, x):
    total = total + x
    return total, total * 2


@jit
def scan_in_jit(xs):
    return ops.Scan()(step, 0, xs, len(xs), False)


golden = {
    "list": list(ops.Scan()(step, 0, [1, 2, 3, 4], 4, False)),
    "tuple": list(ops.Scan()(step, 1, (5, -2, 7), 3, False)),
    "defaults": list(ops.Scan()(step, 0, [1, 2, 3, 4])),
    "jit_list": list(scan_in_jit([1, 2, 3, 4])),
}
golden = {k: [v[0], list(v[1])] for k, v in golden.items()}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "scan_sequence.json")
with open(out, "w") as f:
    json.dump(golden, f, sort_keys=True, indent=1)
    f.write("\n")
print(json.dumps(golden))
