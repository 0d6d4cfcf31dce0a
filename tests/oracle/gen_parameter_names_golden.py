"""Record MindSpore 2.10's answers for Parameters of one compiled call that share a name (the
cases of tests/oracle/parameter_name_cases.py) into tests/golden/parameter_names.json; read by
tests/transforms/test_parameter_names.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py parameter_names
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from parameter_name_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("parameter_names", CASES, _args)
