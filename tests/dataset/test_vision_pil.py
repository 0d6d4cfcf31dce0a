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
            np.testing.assert_allclose(value, expected, rtol=0, atol=1e-6, err_msg=str(i))
        else:
            np.testing.assert_array_equal(value, expected, err_msg=str(i))


def test_refusals_match_mindspore_types():
    wrong = {
        name: (oracle.refused(msfunc, name), str(GOLDEN[f"refused/{name}"]))
        for name in oracle.REFUSED
    }
    assert {k: v for k, v in wrong.items() if v[0] != v[1]} == {}


def test_numpy_input_keeps_the_numpy_path():
    out = msfunc.dataset.vision.Resize((3, 4))(np.zeros((6, 8, 3), np.uint8))
    assert isinstance(out, np.ndarray) and out.shape == (3, 4, 3)
