"""Record MindSpore 2.10's answers to the op-argument edge cases of
tests/oracle/op_edge_cases.py into tests/golden/op_edges.json; read by tests/ops/test_op_edges.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py op_edges
"""

import json
import pathlib
import sys

import mindspore as ms

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from op_edge_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "op_edges.json"

ms.set_context(jit_level="O0")
golden = {name: case(ms) for name, case in CASES.items()}
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, sort_keys=True) + "\n")
print(f"wrote {OUT}")
