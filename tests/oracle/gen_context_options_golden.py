"""Record MindSpore 2.10's answers for set_context's option checks and mindspore._checkparam's
args_type_check (the cases of tests/oracle/context_option_cases.py) into
tests/golden/context_options.json; read by tests/common/test_context_options.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py context_options
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from context_option_cases import CASES  # noqa: E402


def _args():
    import mindspore
    from mindspore import _checkparam

    return (mindspore, _checkparam)


record("context_options", CASES, _args)
