"""Vision transforms given one PIL image run their PIL implementation and give MindSpore
2.10's PIL images (kind, mode, size and pixels), eagerly, composed and in a seeded pipeline,
and refuse what MindSpore refuses with its exception types.

Golden values come from `tests/oracle/gen_vision_pil_golden.py` run under real MindSpore;
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
import gen_vision_pil_golden as oracle  # noqa: E402
import vision_case_tables as tables  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    yield
    ds.config._settings["seed"] = None


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_case_matches_mindspore(name):
    # (exact, floats included: ToTensor of a PIL image divides in float64, as MindSpore's)
    tables.assert_case(oracle, msfunc, GOLDEN, name)


def test_refusals_match_mindspore_types():
    assert tables.wrong_refusals(oracle, msfunc, GOLDEN) == {}


def test_numpy_input_keeps_the_numpy_path():
    out = msfunc.dataset.vision.Resize((3, 4))(np.zeros((6, 8, 3), np.uint8))
    assert isinstance(out, np.ndarray) and out.shape == (3, 4, 3)
