"""Record MindSpore 2.10's answers for the scalar and sequence helpers of
``mindspore.ops.functional`` (the cases of tests/oracle/functional_scalar_cases.py) into
tests/golden/functional_scalars.json; read by tests/compat/test_functional_scalars.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py functional_scalars
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from functional_scalar_cases import CASES  # noqa: E402


def _args():
    from mindspore.ops import functional as F

    return (F,)


record("functional_scalars", CASES, _args)
