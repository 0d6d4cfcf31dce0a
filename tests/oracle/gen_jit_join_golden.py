"""Record how MindSpore 2.10's graph mode joins the values of an ``if`` on a tensor (cases of
tests/oracle/jit_join_cases.py) into tests/golden/jit_join.json; read by
tests/transforms/test_jit_branch_join.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py jit_join
"""

import json
import pathlib
import sys

import mindspore as ms

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from jit_join_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "jit_join.json"

golden = {name: case(ms) for name, case in CASES.items()}
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
