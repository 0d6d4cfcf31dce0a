"""Record MindSpore 2.10's answers for the scalar and sequence helpers of
``mindspore.ops.functional`` (the cases of tests/oracle/functional_scalar_cases.py) into
tests/golden/functional_scalars.json; read by tests/compat/test_functional_scalars.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py functional_scalars
"""

import json
import pathlib
import sys

import mindspore as ms
from mindspore.ops import functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from functional_scalar_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "functional_scalars.json"

golden = {name: case(F) for name, case in CASES.items()}
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
