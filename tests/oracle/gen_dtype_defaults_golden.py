"""Record MindSpore 2.10's result dtypes for `dtype_default_cases.py` in golden/dtype_defaults.json.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dtype_defaults
"""

import json
import pathlib
import sys

import mindspore as ms
import mindspore.numpy as mnp
import numpy as np
from mindspore import Tensor, ops

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from dtype_default_cases import evaluate  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent.parent / "golden" / "dtype_defaults.json"

if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    names = {"ms": ms, "ops": ops, "Tensor": Tensor, "mnp": mnp, "np": np}
    result = {"__meta__": {"mindspore": ms.__version__}, **evaluate(names, Tensor)}
    OUT.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(result) - 1} expressions)")
