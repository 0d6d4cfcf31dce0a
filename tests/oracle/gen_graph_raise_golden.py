"""Record MindSpore 2.10's answers for ``raise`` statements in compiled code (the cases of
tests/oracle/graph_raise_cases.py) into tests/golden/graph_raise.json; read by
tests/transforms/test_graph_raise.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py graph_raise
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from graph_raise_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("graph_raise", CASES, _args)
