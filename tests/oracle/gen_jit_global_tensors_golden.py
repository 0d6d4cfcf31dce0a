"""Record how MindSpore 2.10's graph mode reads the Tensors a compiled function reads, by
reference or as constants (the cases of tests/oracle/jit_global_tensor_cases.py), into
tests/golden/jit_global_tensors.json; read by tests/transforms/test_jit_global_tensors.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py jit_global_tensors
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from jit_global_tensor_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("jit_global_tensors", CASES, _args)
