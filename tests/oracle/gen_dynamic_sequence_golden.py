"""Record MindSpore 2.10's variable-length sequences and its answers to graph mode's
``F.isconstant`` / ``F.is_sequence_value_unknown`` / ``F.is_sequence_shape_unknown`` /
``F.is_dynamic_sequence_element_unknown`` (the cases of tests/oracle/dynamic_sequence_cases.py)
into tests/golden/dynamic_sequence.json; read by tests/compat/test_dynamic_sequence.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dynamic_sequence
"""

import json
import pathlib
import sys

import mindspore as ms
from mindspore.ops import functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from dynamic_sequence_cases import CASES  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "dynamic_sequence.json"

ms.set_context(mode=ms.GRAPH_MODE)
golden = {name: case(ms, F) for name, case in CASES.items()}
golden["_mindspore"] = ms.__version__
OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}")
