"""Record what MindSpore 2.10 reports for optimizer parameter groups (the cases of
tests/oracle/optim_group_cases.py) into tests/golden/optim_groups.json; read by
tests/nn/test_optim_groups.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py optim_groups
"""

import json
import pathlib
import sys

import mindspore as ms
from mindspore import nn

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from optim_group_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "optim_groups.json"

golden = {name: case(ms, nn) for name, case in CASES.items()}
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
