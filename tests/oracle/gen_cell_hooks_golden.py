"""Record what Cell hooks receive inside ``ms.grad`` under MindSpore 2.10 (the cases of
tests/oracle/cell_hook_cases.py) into tests/golden/cell_hooks.json; read by
tests/nn/test_cell_features.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cell_hooks
"""

import json
import pathlib
import sys

import mindspore as ms

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from cell_hook_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "cell_hooks.json"

golden = {name: case(ms) for name, case in CASES.items()}
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
