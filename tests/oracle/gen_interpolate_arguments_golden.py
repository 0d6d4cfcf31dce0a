"""Record MindSpore 2.10's answers for the argument checks of ``ops.interpolate`` and
``mint.nn.functional.interpolate`` (the cases of tests/oracle/interpolate_argument_cases.py) into
tests/golden/interpolate_arguments.json; read by tests/ops/test_interpolate_arguments.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py interpolate_arguments
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from interpolate_argument_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms
    from mindspore import mint, ops

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    return ops, mint, ms.Tensor


record("interpolate_arguments", CASES, _args)
