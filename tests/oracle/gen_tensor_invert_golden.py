"""Record MindSpore 2.10's answers for ``~t`` on Tensors (the cases of
tests/oracle/tensor_invert_cases.py) into tests/golden/tensor_invert.json; read by
tests/common/test_tensor_invert.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tensor_invert
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from tensor_invert_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(device_target="CPU")
    return (ms,)


record("tensor_invert", CASES, _args)
