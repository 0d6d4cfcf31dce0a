"""Record MindSpore 2.10's pooling-layer attributes and argument errors (the cases of
tests/oracle/pool_argument_cases.py) into tests/golden/pool_arguments.json; read by
tests/nn/test_pool_arguments.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py pool_arguments
"""

import json
import pathlib
import sys

import mindspore as ms
from mindspore import nn

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from pool_argument_cases import cases  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "pool_arguments.json"

golden = {"cases": cases(nn), "_mindspore": ms.__version__}
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
