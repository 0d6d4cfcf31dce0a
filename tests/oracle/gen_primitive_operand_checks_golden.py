"""Record MindSpore 2.10's ReverseV2 and GridSampler checks (cases of
tests/oracle/primitive_operand_checks_cases.py) into
tests/golden/primitive_operand_checks.json; read by tests/ops/test_primitive_operand_checks.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py primitive_operand_checks
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from primitive_operand_checks_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("primitive_operand_checks", CASES, _args)
