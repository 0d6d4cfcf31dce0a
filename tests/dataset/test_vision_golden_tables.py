"""The vision transforms of three golden tables give MindSpore 2.10's arrays (their random
draws included), eager and in pipelines, and refuse bad input with MindSpore's exception types:

- ``gen_vision_augment_golden.py``: AutoAugment and RandAugment;
- ``gen_vision_pixels_golden.py``: ConvertColor, LinearTransformation, ToNumpy, RandomErasing
  and CenterCrop's padding;
- ``gen_vision_resize_modes_golden.py``: bicubic and area resizing, RandomResize and
  RandomResizeWithBBox.

Each generator under tests/oracle ran its case functions under real MindSpore; the same
functions run here with msfunc.
"""

import importlib
import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc
import msfunc.dataset as ds

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import vision_case_tables as tables  # noqa: E402

TABLES = {
    name: importlib.import_module(f"gen_vision_{name}_golden")
    for name in ("augment", "pixels", "resize_modes")
}
GOLDEN = {name: np.load(oracle.GOLDEN_PATH) for name, oracle in TABLES.items()}


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    yield
    ds.config._settings["seed"] = None


@pytest.mark.parametrize(
    ("table", "name"), [(t, c) for t, oracle in TABLES.items() for c in sorted(oracle.CASES)]
)
def test_case_matches_mindspore(table, name):
    tables.assert_case(TABLES[table], msfunc, GOLDEN[table], name)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_refusals_match_mindspore_types(table):
    assert tables.wrong_refusals(TABLES[table], msfunc, GOLDEN[table]) == {}
