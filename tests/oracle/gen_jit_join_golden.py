"""Record how MindSpore 2.10's graph mode joins the values of an ``if`` on a tensor (cases of
tests/oracle/jit_join_cases.py) into tests/golden/jit_join.json; read by
tests/transforms/test_jit_branch_join.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py jit_join
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from jit_join_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("jit_join", CASES, _args)
