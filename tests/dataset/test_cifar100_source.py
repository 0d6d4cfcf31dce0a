"""Cifar100Dataset's pixel layout, labels, dtypes and the files' order for usage 'all',
against real MindSpore 2.10: tests/golden/cifar100_dataset.json from
tests/oracle/gen_cifar100_golden.py (the files here hold the first records only)."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import cifar100_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "cifar100_dataset.json")) as _f:
    GOLDEN = json.load(_f)


def test_cifar100_rows_match_mindspore(tmp_path):
    folder = cases.write_files(str(tmp_path), count=cases.ROWS)
    got = {usage: cases.outcome(ds, folder, usage) for usage in ("train", "test", "all")}
    assert got == GOLDEN


def test_cifar100_bad_usage(tmp_path):
    cases.write_files(str(tmp_path), count=1)
    with pytest.raises(ValueError, match="usage"):
        ds.Cifar100Dataset(str(tmp_path), usage="valid")
