"""Record MindSpore 2.10's answers for ``MultitypeFuncGraph`` overloads of both float widths (the
cases of tests/oracle/multitype_float_cases.py) into tests/golden/multitype_float.json; read by
tests/ops/test_multitype_float.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py multitype_float
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from multitype_float_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("multitype_float", CASES, _args)
