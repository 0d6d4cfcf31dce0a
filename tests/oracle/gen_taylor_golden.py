"""Record how MindSpore 2.10's graph mode computes ops.jet and ops.derivative (cases of
tests/oracle/taylor_cases.py) into tests/golden/taylor.json; read by
tests/transforms/test_taylor.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py taylor
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from taylor_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("taylor", CASES, _args)
