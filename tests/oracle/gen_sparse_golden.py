"""Write tests/golden/sparse_tensor.json: MindSpore 2.10's results for the cases of sparse_cases.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py sparse
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import mindspore as ms  # noqa: E402
from sparse_cases import CASES, encode  # noqa: E402

OUT = os.path.join(HERE, "..", "golden", "sparse_tensor.json")


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {"__meta__": {"mindspore": ms.__version__}}
    for case in CASES:
        try:
            golden[case.__name__] = {k: encode(v) for k, v in case(ms).items()}
        except Exception as e:  # noqa: BLE001  (a case MindSpore fails is stored as such)
            golden[case.__name__] = {"__error__": f"{type(e).__name__}: {e}"[:300]}
    tmp = OUT + ".tmp"
    with open(tmp, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, OUT)
    print("wrote", os.path.normpath(OUT))


if __name__ == "__main__":
    main()
