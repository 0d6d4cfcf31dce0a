"""Write tests/golden/ops_interpolate.json: real MindSpore 2.10's answers for bicubic
interpolation; read by tests/ops/test_ops_interpolate.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_interpolate
"""

import json
import pathlib
import sys

import mindspore as ms
import numpy as np
from mindspore import ops

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "ops_interpolate.json"

# A fixed input (no seeds): 1 x 2 x 3 x 5, values in [-1, 1).
INPUT = (np.sin(np.arange(30, dtype=np.float64) * 1.7) * 0.9).reshape(1, 2, 3, 5)
SIZES = [(5, 3), (7, 8), (2, 9)]


def main(out):
    cases = []
    for size in SIZES:
        for align in (False, True):
            y = ops.interpolate(
                ms.Tensor(INPUT.astype(np.float32)), size=size, mode="bicubic", align_corners=align
            )
            cases.append(
                {
                    "size": list(size),
                    "align_corners": align,
                    "output": np.round(y.asnumpy().astype(np.float64), 7).tolist(),
                }
            )
    with open(out, "w") as f:
        json.dump({"input": INPUT.tolist(), "bicubic": cases}, f)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else OUT)
