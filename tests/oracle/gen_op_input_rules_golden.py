"""Record MindSpore 2.10's answers at a few ops' input edges (the cases of
tests/oracle/op_input_rules_cases.py) into tests/golden/op_input_rules.json; read by
tests/ops/test_op_input_rules.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py op_input_rules
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from op_input_rules_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("op_input_rules", CASES, _args)
