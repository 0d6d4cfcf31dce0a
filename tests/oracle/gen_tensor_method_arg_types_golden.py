"""Record the argument types MindSpore 2.10's Tensor methods refuse (cases of
tests/oracle/tensor_method_arg_types_cases.py) into
tests/golden/tensor_method_arg_types.json; read by tests/common/test_tensor_method_arg_types.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tensor_method_arg_types
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from tensor_method_arg_types_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("tensor_method_arg_types", CASES, _args)
