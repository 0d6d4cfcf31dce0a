"""Record MindSpore 2.10's answers for gradients of bool Tensor inputs (the cases of
tests/oracle/bool_grad_cases.py) into tests/golden/bool_grad.json; read by
tests/transforms/test_bool_grad.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py bool_grad
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from bool_grad_cases import CASES  # noqa: E402
from case_tables import record  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("bool_grad", CASES, _args)
