"""Record MindSpore 2.10's gradients of ``GradOperation`` on calls with keyword inputs (the
cases of tests/oracle/grad_keyword_cases.py) into tests/golden/grad_keyword.json; read by
tests/transforms/test_grad_keyword_inputs.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py grad_keyword
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from grad_keyword_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(device_target="CPU")
    return (ms,)


record("grad_keyword", CASES, _args)
