"""`Rotate` and seeded `RandomRotation` with bilinear and bicubic resampling give MindSpore
2.10's images (OpenCV's fixed-point warpAffine), with one map worker and with two.

Golden arrays come from `tests/oracle/gen_vision_resampling.py` run under real MindSpore; the
same case functions run here with msfunc and are compared exactly.
"""

import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc
import msfunc.dataset as ds

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_vision_resampling as oracle  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    yield
    ds.config._settings["seed"] = None


@pytest.mark.parametrize("workers", oracle.WORKERS)
@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_images_match_mindspore(name, workers):
    got = oracle.run_case(msfunc, name, workers)
    prefix = f"{name}/{workers}"
    assert f"{prefix}/{len(got)}" not in GOLDEN.files
    for i, value in enumerate(got):
        expected = GOLDEN[f"{prefix}/{i}"]
        assert value.shape == expected.shape and value.dtype == expected.dtype, i
        np.testing.assert_array_equal(value, expected, err_msg=f"{prefix}/{i}")


def test_float_bicubic_is_within_float32_rounding():
    got = oracle.run_case(msfunc, "bicubic_float")[0]
    np.testing.assert_allclose(got, GOLDEN["bicubic_float/1/0"], rtol=1e-6, atol=0)
