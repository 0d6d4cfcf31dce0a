"""Record MindSpore 2.10's answers for pooling layers given empty inputs (the cases of
tests/oracle/empty_pool_cases.py) into tests/golden/empty_pool.json; read by
tests/nn/test_empty_pool.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py empty_pool
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from empty_pool_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("empty_pool", CASES, _args)
