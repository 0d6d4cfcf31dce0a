"""Record MindSpore 2.10's AddV2 (cases of
tests/oracle/add_v2_cases.py) into tests/golden/add_v2.json; read by
tests/ops/test_add_v2.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py add_v2
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from add_v2_cases import CASES  # noqa: E402
from case_tables import record  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("add_v2", CASES, _args)
