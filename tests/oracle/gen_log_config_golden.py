"""Record MindSpore 2.10's ``mindspore.log`` settings, files and errors (the cases of
tests/oracle/log_config_cases.py) into tests/golden/log_config.json; read by
tests/compat/test_log_config.py. Each case runs in a fresh process (MindSpore's logger keeps
its first file settings when made again).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py log_config
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from log_config_cases import CASES  # noqa: E402


def _args():
    from mindspore import log

    return (log,)


record("log_config", CASES, _args, one_process_each=True)
