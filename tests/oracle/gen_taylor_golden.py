"""Record how MindSpore 2.10's graph mode computes ops.jet and ops.derivative (cases of
tests/oracle/taylor_cases.py) into tests/golden/taylor.json; read by
tests/transforms/test_taylor.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py taylor
"""

import json
import pathlib
import sys

import mindspore as ms

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from taylor_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "taylor.json"

golden = {name: case(ms) for name, case in CASES.items()}
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
