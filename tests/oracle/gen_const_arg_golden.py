"""Record MindSpore 2.10's answers for ``Tensor(const_arg=)``, ``Tensor.set_const_arg`` and
``mutable`` on such Tensors (the cases of tests/oracle/const_arg_cases.py) into
tests/golden/const_arg.json; read by tests/compat/test_const_arg.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py const_arg
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from const_arg_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(device_target="CPU")
    return (ms,)


record("const_arg", CASES, _args)
