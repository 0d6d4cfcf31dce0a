"""Record MindSpore 2.10's answers for ``mindspore.ops._utils.get_broadcast_shape`` (the cases of
tests/oracle/broadcast_shape_cases.py) into tests/golden/broadcast_shape.json; read by
tests/compat/test_broadcast_shape.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py broadcast_shape
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from broadcast_shape_cases import CASES  # noqa: E402
from case_tables import record  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(device_target="CPU")
    return (ms,)


record("broadcast_shape", CASES, _args)
