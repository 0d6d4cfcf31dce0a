"""Write tests/golden/sparse_ops.json: MindSpore 2.10's results for the cases of
sparse_ops_cases.py (the primitives of ``mindspore.ops.operations.sparse_ops``).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py sparse_ops
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import mindspore as ms  # noqa: E402
from mindspore.ops.operations import sparse_ops  # noqa: E402
from sparse_ops_cases import CASES, encode  # noqa: E402

OUT = os.path.join(HERE, "..", "golden", "sparse_ops.json")


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {"__meta__": {"mindspore": ms.__version__}}
    for case in CASES:
        golden[case.__name__] = encode(case(ms, sparse_ops))
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(golden, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    os.replace(tmp, OUT)
    print("wrote", os.path.normpath(OUT))


if __name__ == "__main__":
    main()
