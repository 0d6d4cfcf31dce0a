"""Record how MindSpore 2.10's graph mode runs Python inside ``ms.jit`` (the cases of
tests/oracle/jit_python_cases.py) into tests/golden/jit_python.json; read by
tests/transforms/test_jit.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py jit_python
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from jit_python_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("jit_python", CASES, _args)
