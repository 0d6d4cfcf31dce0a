"""Record the exception classes MindSpore 2.10's MindRecord raises for bad arguments (the
cases of tests/oracle/mindrecord_error_cases.py) into tests/golden/mindrecord_errors.json;
read by tests/dataset/test_mindrecord_errors.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py mindrecord_errors
"""

import json
import pathlib
import sys
import tempfile

import mindspore as ms
from mindspore import mindrecord

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from mindrecord_error_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "mindrecord_errors.json"

golden = {}
for name, case in CASES.items():
    with tempfile.TemporaryDirectory() as folder:
        golden[name] = case(mindrecord, folder)
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
