"""The interpolations the affine warps accept, Invert's dtypes, RandomInvert and hue shifts
of long rows, against real MindSpore 2.10: tests/golden/dataset_misc20.json from
tests/oracle/gen_dataset_misc20_golden.py (cases in tests/oracle/dataset_misc20_cases.py)."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import dataset_misc20_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.dataset import vision  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "dataset_misc20.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(autouse=True)
def _seed():
    seed = ds.config.get_seed()
    ds.config.set_seed(3)
    yield
    ds.config.set_seed(seed)


def _json(value):
    return json.loads(json.dumps(value))


def test_warp_interpolations_match_mindspore():
    assert _json(cases.warp_interpolations(vision)) == GOLDEN["warp_interpolations"]


def test_invert_dtypes_match_mindspore():
    assert _json(cases.invert_dtypes(vision)) == GOLDEN["invert_dtypes"]


def test_random_invert_matches_mindspore():
    assert _json(cases.random_invert(ds, vision)) == GOLDEN["random_invert"]


def test_hue_of_long_rows_matches_mindspore():
    assert _json(cases.hue_rows(ds, vision)) == GOLDEN["hue_rows"]
