"""Record MindSpore 2.10's answers for ``set_deterministic`` and the ``deterministic`` option
(the cases of tests/oracle/deterministic_cases.py, each in a fresh interpreter) into
tests/golden/deterministic.json; read by tests/compat/test_deterministic.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py deterministic
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from deterministic_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("deterministic", CASES, _args, one_process_each=True)
