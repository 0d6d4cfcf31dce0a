"""Generate tests/golden/ops_data_format.json from real MindSpore 2.10's ``DataFormatDimMap``.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_data_format

Each case maps the same axis positions (in range and out of it) between two formats.
"""

import json
import os
import sys

import numpy as np

X = [-6, -4, -3, -2, -1, 0, 1, 2, 3, 5, 7]
FORMATS = [("NHWC", "NCHW"), ("NCHW", "NHWC"), ("NHWC", "NHWC"), ("NCHW", "NCHW")]


def main(out_path):
    import mindspore as ms
    from mindspore import Tensor
    from mindspore.ops import operations as P

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    cases = []
    for src, dst in FORMATS:
        y = P.DataFormatDimMap(src, dst)(Tensor(np.array(X, np.int32)))
        cases.append({"src": src, "dst": dst, "y": y.asnumpy().tolist()})
    with open(out_path, "w") as f:
        json.dump({"x": X, "cases": cases}, f, indent=1)
        f.write("\n")
    print(f"wrote {len(cases)} cases to {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "golden", "ops_data_format.json")
    main(sys.argv[1] if len(sys.argv) > 1 else default)
