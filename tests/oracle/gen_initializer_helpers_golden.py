"""Record MindSpore 2.10's private initializer helpers (the cases of
tests/oracle/initializer_helper_cases.py) into tests/golden/initializer_helpers.json; read by
tests/common/test_initializer_helpers.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py initializer_helpers
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from initializer_helper_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("initializer_helpers", CASES, _args)
