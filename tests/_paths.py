"""Where the test suite's shared files live: the tests root, the repository, golden values."""

import importlib
import json
import pathlib
import sys

TESTS = pathlib.Path(__file__).resolve().parent
REPO = TESTS.parent
GOLDEN = TESTS / "golden"
ORACLE = TESTS / "oracle"


def case_table(module):
    """A case table of the golden generators (``tests/oracle/<module>.py``), imported."""
    if str(ORACLE) not in sys.path:
        sys.path.insert(0, str(ORACLE))
    return importlib.import_module(module)


def golden(name):
    """The golden values ``tests/golden/<name>.json`` a generator recorded from MindSpore."""
    return json.loads((GOLDEN / f"{name}.json").read_text())
