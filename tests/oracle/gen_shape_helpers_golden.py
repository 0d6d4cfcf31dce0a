"""Record MindSpore 2.10's answers for the private shape helpers of its inner modules (the cases
of tests/oracle/shape_helper_cases.py) into tests/golden/shape_helpers.json; read by
tests/compat/test_shape_helpers_private.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py shape_helpers
"""

import importlib
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from case_tables import record  # noqa: E402
from shape_helper_cases import CASES, MODULES  # noqa: E402


def _args():
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    helpers = {
        name: getattr(importlib.import_module(path), name)
        for path, names in MODULES.items()
        for name in names
    }
    return helpers, ms.Tensor


record("shape_helpers", CASES, _args)
