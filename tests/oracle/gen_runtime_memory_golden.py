"""Record how MindSpore 2.10's runtime.set_memory checks its settings (cases of
tests/oracle/runtime_memory_cases.py) into tests/golden/runtime_memory.json; read by
tests/compat/test_compat_runtime_memory.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py runtime_memory
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from runtime_memory_cases import CASES  # noqa: E402


def _args():
    import mindspore.runtime

    return (mindspore.runtime,)


record("runtime_memory", CASES, _args, one_process_each=True)
