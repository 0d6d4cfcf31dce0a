"""CelebADataset's attributes, usages, extensions, row orders (shuffle, shards), decrypt
and the exception types of bad arguments, against real MindSpore 2.10:
tests/golden/celeba_dataset.json from tests/oracle/gen_celeba_golden.py."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import celeba_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "celeba_dataset.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return cases.write_files(str(tmp_path_factory.mktemp("celeba")))


def test_celeba_rows_match_mindspore(folder):
    seed = ds.config.get_seed()
    try:
        got = {name: cases.outcome(ds, folder, case) for name, case in cases.CASES.items()}
    finally:
        ds.config.set_seed(seed)
    assert got == {name: GOLDEN[name] for name in cases.CASES}


def test_celeba_errors_match_mindspore(folder):
    got = {name: cases.error_of(ds, folder, kw) for name, kw in cases.BAD.items()}
    assert got == GOLDEN["__errors__"]
    data = ds.CelebADataset(folder, decrypt=lambda path: "not bytes")
    with pytest.raises(RuntimeError, match="bytes"):
        list(data.create_tuple_iterator(output_numpy=True))
