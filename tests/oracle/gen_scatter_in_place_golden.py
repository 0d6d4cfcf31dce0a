"""Record MindSpore 2.10's answers for scatters written into plain Tensors (the cases of
tests/oracle/scatter_in_place_cases.py) into tests/golden/scatter_in_place.json; read by
tests/ops/test_scatter_in_place.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py scatter_in_place
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from scatter_in_place_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(device_target="CPU")
    return (ms,)


record("scatter_in_place", CASES, _args)
