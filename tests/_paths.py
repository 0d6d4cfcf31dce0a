"""Where the test suite's shared files live: the tests root, the repository, golden values."""

import pathlib

TESTS = pathlib.Path(__file__).resolve().parent
REPO = TESTS.parent
GOLDEN = TESTS / "golden"
ORACLE = TESTS / "oracle"
