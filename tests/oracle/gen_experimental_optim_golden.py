"""Record MindSpore 2.10's answers for ``mindspore.experimental.optim`` (the cases of
tests/oracle/experimental_optim_cases.py) into tests/golden/experimental_optim.json; read by
tests/nn/test_experimental_optim.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py experimental_optim
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from experimental_optim_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    return (ms,)


record("experimental_optim", CASES, _args)
