"""Record MindSpore 2.10's answers for ``ops.Morph`` (the cases of tests/oracle/morph_cases.py)
into tests/golden/morph.json; read by tests/ops/test_morph.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py morph
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from morph_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(device_target="CPU")
    return (ms,)


record("morph", CASES, _args)
