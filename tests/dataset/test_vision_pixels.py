"""ConvertColor, LinearTransformation, ToNumpy, RandomErasing and CenterCrop's padding give
MindSpore 2.10's arrays, eager and in pipelines, and refuse bad input with MindSpore's
exception types.

Golden values come from `tests/oracle/gen_vision_pixels_golden.py` run under real MindSpore;
the same case functions run here with msfunc.
"""

import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc
import msfunc.dataset as ds

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_vision_pixels_golden as oracle  # noqa: E402
import vision_case_tables as tables  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    yield
    ds.config._settings["seed"] = None


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_case_matches_mindspore(name):
    tables.assert_case(oracle, msfunc, GOLDEN, name)


def test_refusals_match_mindspore_types():
    assert tables.wrong_refusals(oracle, msfunc, GOLDEN) == {}
