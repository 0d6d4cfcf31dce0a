"""Record what MindSpore 2.10 reports for optimizer parameter groups (the cases of
tests/oracle/optim_group_cases.py) into tests/golden/optim_groups.json; read by
tests/nn/test_optim_groups.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py optim_groups
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from optim_group_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms
    from mindspore import nn

    return (ms, nn)


record("optim_groups", CASES, _args)
