"""Record MindSpore 2.10's answers for graph-mode syntax rules and the graph helpers of
``mindspore.ops`` (the cases of tests/oracle/jit_syntax_cases.py) into tests/golden/jit_syntax.json;
read by tests/transforms/test_jit_syntax.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py jit_syntax
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from jit_syntax_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(device_target="CPU")
    return (ms,)


record("jit_syntax", CASES, _args)
