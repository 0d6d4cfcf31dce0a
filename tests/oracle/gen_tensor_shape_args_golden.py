"""Record MindSpore 2.10's answers for bad arguments of the Tensor methods that reshape or
reorder (the cases of tests/oracle/tensor_shape_arg_cases.py) into
tests/golden/tensor_shape_args.json; read by tests/common/test_tensor_shape_args.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tensor_shape_args
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from tensor_shape_arg_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("tensor_shape_args", CASES, _args)
