"""Record what Cell hooks receive inside ``ms.grad`` under MindSpore 2.10 (the cases of
tests/oracle/cell_hook_cases.py) into tests/golden/cell_hooks.json; read by
tests/nn/test_cell_features.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cell_hooks
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from cell_hook_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("cell_hooks", CASES, _args)
