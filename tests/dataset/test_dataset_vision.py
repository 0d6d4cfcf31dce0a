"""The vision transforms by family (conversion, geometry on image stacks, pixel values,
colour spaces, image helpers) give MindSpore 2.10's arrays, and refuse bad input with
MindSpore's exception types.

Golden values come from `tests/oracle/gen_dataset_vision_golden.py` run under real MindSpore;
the same case functions run here with msfunc.
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
import gen_dataset_vision_golden as oracle  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    yield
    ds.config._settings["seed"] = None


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_family_matches_mindspore(name):
    got = oracle.run_case(msfunc, name)
    assert f"{name}/{len(got)}" not in GOLDEN.files
    for i, value in enumerate(got):
        expected = GOLDEN[f"{name}/{i}"]
        assert value.shape == expected.shape, (i, value.shape, expected.shape)
        assert value.dtype == expected.dtype, (i, value.dtype, expected.dtype)
        if value.dtype.kind == "f":
            np.testing.assert_allclose(value, expected, rtol=1e-6, atol=1e-7, err_msg=str(i))
        else:
            np.testing.assert_array_equal(value, expected, err_msg=str(i))


@pytest.mark.parametrize("name", sorted(oracle.WITHIN_ONE))
def test_within_one_unit_of_mindspore(name):
    got = oracle.run_case(msfunc, name)
    for i, value in enumerate(got):
        expected = GOLDEN[f"{name}/{i}"]
        assert value.shape == expected.shape and value.dtype == expected.dtype, i
        diff = np.abs(value.astype(np.int64) - expected.astype(np.int64))
        assert diff.max() <= 1, i


def test_refusals_match_mindspore_types():
    wrong = {
        name: (oracle.refused(msfunc, name), str(GOLDEN[f"refused/{name}"]))
        for name in oracle.REFUSED
    }
    assert {k: v for k, v in wrong.items() if v[0] != v[1]} == {}


def test_mindspore_module_paths():
    for path in ("transforms", "utils", "py_transforms_util"):
        module = importlib.import_module(f"msfunc.dataset.vision.{path}")
        assert module.__name__.endswith(path)
    assert ds.vision.transforms.Resize is ds.vision.Resize
    assert ds.vision.utils.Inter.BILINEAR is ds.vision.Inter.LINEAR
