"""Record MindSpore 2.10's answers for ``ops.InsertGradientOf`` on values that are not Tensors
(the cases of tests/oracle/insert_gradient_cases.py) into tests/golden/insert_gradient.json; read by
tests/ops/test_insert_gradient_of.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py insert_gradient
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from insert_gradient_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("insert_gradient", CASES, _args)
