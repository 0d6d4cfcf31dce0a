"""Record which kinds of `fn` MindSpore 2.10's vmap maps (cases of
tests/oracle/vmap_fn_kinds_cases.py) into tests/golden/vmap_fn_kinds.json; read by
tests/transforms/test_vmap_fn_kinds.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py vmap_fn_kinds
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from vmap_fn_kinds_cases import CASES  # noqa: E402


def _args():
    import mindspore as ms

    return (ms,)


record("vmap_fn_kinds", CASES, _args)
