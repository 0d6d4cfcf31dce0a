"""The histogram, lighting, grey and bounding-box transforms (AutoContrast, Equalize,
RandomLighting, Grayscale, the *WithBBox family, BoundingBoxAugment) give MindSpore 2.10's
arrays, eager and in seeded pipelines, and refuse bad input with MindSpore's exception types.

Golden values come from `tests/oracle/gen_vision_more_golden.py` run under real MindSpore;
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
import gen_vision_more_golden as oracle  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    yield
    ds.config._settings["seed"] = None


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_case_matches_mindspore(name):
    got = oracle.run_case(msfunc, name)
    assert f"{name}/{len(got)}" not in GOLDEN.files
    for i, value in enumerate(got):
        expected = GOLDEN[f"{name}/{i}"]
        assert value.shape == expected.shape, (i, value.shape, expected.shape)
        assert value.dtype == expected.dtype, (i, value.dtype, expected.dtype)
        if value.dtype.kind == "f":
            # (a horizontally flipped box's x can lie one float32 step from MindSpore's: its
            # exact order of float operations is not known; every other value is exact)
            np.testing.assert_allclose(value, expected, rtol=0, atol=1e-6, err_msg=str(i))
        else:
            np.testing.assert_array_equal(value, expected, err_msg=str(i))


def test_refusals_match_mindspore_types():
    wrong = {
        name: (oracle.refused(msfunc, name), str(GOLDEN[f"refused/{name}"]))
        for name in oracle.REFUSED
    }
    assert {k: v for k, v in wrong.items() if v[0] != v[1]} == {}


def test_lighting_keeps_float_images_float():
    # (MindSpore 2.10 reads a float image's memory as bytes: msfunc adds the noise instead)
    img = np.full((2, 2, 3), 0.5, np.float32)
    out = msfunc.dataset.vision.RandomLighting(0.0)(img)
    assert out.dtype == np.float32 and np.array_equal(out, img)
