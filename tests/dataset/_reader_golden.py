"""The golden-value tests every dataset reader shares: rows and error types against real
MindSpore 2.10, from a `tests/oracle/<name>_cases.py` module and its golden json."""

import importlib
import json
import os
import sys

import pytest
from _paths import TESTS

import msfunc.dataset as ds

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))


def reader_golden(cases_module, golden_file):
    """``(cases, golden, source fixture, rows test, errors test)`` for one reader.

    `cases_module` names the oracle module holding ``write_files(folder)`` (what the reader
    reads; returns the path handed to it), ``CASES``/``outcome`` (rows per case) and
    ``BAD``/``error_of`` (exception types per bad call); `golden_file` its golden json under
    tests/golden. A test file binds the returned names at module level, so pytest collects
    them there.
    """
    cases = importlib.import_module(cases_module)
    with open(os.path.join(str(TESTS), "golden", golden_file)) as f:
        golden = json.load(f)

    @pytest.fixture(scope="module")
    def source(tmp_path_factory):
        return cases.write_files(str(tmp_path_factory.mktemp(cases_module)))

    def test_rows_match_mindspore(source):
        seed = ds.config.get_seed()
        try:
            got = {name: cases.outcome(ds, source, case) for name, case in cases.CASES.items()}
        finally:
            ds.config.set_seed(seed)
        assert got == {name: golden[name] for name in cases.CASES}

    def test_errors_match_mindspore(source):
        got = {name: cases.error_of(ds, source, kw) for name, kw in cases.BAD.items()}
        assert got == golden["__errors__"]

    return cases, golden, source, test_rows_match_mindspore, test_errors_match_mindspore
