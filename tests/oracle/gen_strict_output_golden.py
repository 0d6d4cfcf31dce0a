"""Record MindSpore 2.10's answers for dict outputs at the STRICT syntax level and `mutable`'s
``__ms_origin_object__`` (the cases of tests/oracle/strict_output_cases.py) into
tests/golden/strict_output.json; read by tests/compat/test_strict_output.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py strict_output
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from strict_output_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(device_target="CPU")
    return (ms,)


record("strict_output", CASES, _args, one_process_each=True)
