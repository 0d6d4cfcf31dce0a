"""Record MindSpore 2.10's primitive attributes (the cases of tests/oracle/primitive_attr_cases.py)
into tests/golden/primitive_attrs.json; read by tests/ops/test_primitive_attrs.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py primitive_attrs
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from primitive_attr_cases import CASES  # noqa: E402


def _args():
    import mindspore

    return (mindspore,)


record("primitive_attrs", CASES, _args)
