"""Record how MindSpore 2.10's graph mode reads the Tensors a compiled function reads, by
reference or as constants (the cases of tests/oracle/jit_state_cases.py), into
tests/golden/jit_state.json; read by tests/transforms/test_jit_state.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py jit_state
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from jit_state_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("jit_state", CASES, _args)
