"""Record MindSpore 2.10's answers for the primitives programs reach by internal paths
(the cases of tests/oracle/primitive_extras_cases.py) into tests/golden/primitive_extras.json;
read by tests/compat/test_primitive_extras.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py primitive_extras
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from primitive_extras_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    return (ms,)


record("primitive_extras", CASES, _args, one_process_each=True)
