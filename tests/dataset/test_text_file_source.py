"""TextFileDataset's row orders (shuffle modes, workers, shards, epochs) and the exception
types of bad arguments, against real MindSpore 2.10: tests/golden/text_file_dataset.json
from tests/oracle/gen_text_file_golden.py."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import text_file_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "text_file_dataset.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(scope="module")
def pattern(tmp_path_factory):
    return cases.write_files(str(tmp_path_factory.mktemp("text_files")))


def test_text_file_orders_match_mindspore(pattern):
    seed = ds.config.get_seed()
    try:
        got = {name: cases.outcome(ds, pattern, case) for name, case in cases.CASES.items()}
    finally:
        ds.config.set_seed(seed)
    assert got == {name: GOLDEN[name] for name in cases.CASES}


def test_text_file_errors_match_mindspore(pattern):
    got = {name: cases.error_of(ds, pattern, kw) for name, kw in cases.BAD.items()}
    assert got == GOLDEN["__errors__"]
    with pytest.raises(ValueError, match="no file matches"):
        ds.TextFileDataset(os.path.join(os.path.dirname(pattern), "none_*.txt"))
