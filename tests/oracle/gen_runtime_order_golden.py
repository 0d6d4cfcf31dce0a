"""Record MindSpore 2.10's answers for the communication-order checks of
``mindspore.utils.runtime_execution_order_check`` (the cases of
tests/oracle/runtime_order_cases.py) into tests/golden/runtime_order.json; read by
tests/compat/test_runtime_order.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py runtime_order
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from runtime_order_cases import CASES  # noqa: E402


def _args():
    import importlib

    import mindspore.log as log

    # (mindspore.utils rebinds the module's name to its function of the same name)
    return (importlib.import_module("mindspore.utils.runtime_execution_order_check"), log)


record("runtime_order", CASES, _args)
