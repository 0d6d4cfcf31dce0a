"""Record MindSpore 2.10's answers for the programs its graph compiler refuses (the cases of
tests/oracle/graph_refusal_cases.py) into tests/golden/graph_refusals.json; read by
tests/transforms/test_graph_refusals.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py graph_refusals
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from graph_refusal_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("graph_refusals", CASES, _args)
