"""Record how many hooks MindSpore 2.10's graph mode takes on a Tensor (cases of
tests/oracle/tensor_hook_graph_cases.py) into tests/golden/tensor_hook_graph.json; read by
tests/transforms/test_tensor_hook_graph.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py tensor_hook_graph
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from tensor_hook_graph_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("tensor_hook_graph", CASES, _args)
