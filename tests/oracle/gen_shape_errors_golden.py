"""Record MindSpore 2.10's exception types for operands whose shapes do not fit (the cases of
tests/oracle/shape_error_cases.py) into tests/golden/shape_errors.json; read by
tests/common/test_shape_errors.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py shape_errors
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from shape_error_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("shape_errors", CASES, _args)
