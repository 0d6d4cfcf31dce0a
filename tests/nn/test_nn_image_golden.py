"""Image, unpooling, fractional pooling, channel shuffle, LPPool and padding Cells against real
MindSpore 2.10 (golden/nn_image.json): outputs, gradients and the exception types it raises.

The cases live in tests/oracle/gen_nn_image_golden.py and run here with ``ms = msfunc``.
"""

import importlib.util
import json
import os

import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import nn

_HERE = str(TESTS)
_spec = importlib.util.spec_from_file_location(
    "gen_nn_image_golden", os.path.join(_HERE, "oracle", "gen_nn_image_golden.py")
)
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)

with open(oracle.GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)

VALUE_CASES = [k for k in oracle.CASES if not k.startswith("err_")]
ERROR_CASES = [k for k in oracle.CASES if k.startswith("err_")]


def _compare(got, want, path):
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: structure differs"
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, f"{path}[{i}]")
        return
    assert got["shape"] == want["shape"], f"{path}: shape {got['shape']} vs {want['shape']}"
    assert got["dtype"] == want["dtype"], f"{path}: dtype {got['dtype']} vs {want['dtype']}"
    g = np.asarray([np.nan if v is None else v for v in got["v"]], np.float64)
    w = np.asarray([np.nan if v is None else v for v in want["v"]], np.float64)
    # float16 inputs and float32 sums of window products: a few ulps of float32 apart
    np.testing.assert_allclose(g, w, rtol=2e-4, atol=2e-5, err_msg=path)


@pytest.mark.parametrize("name", VALUE_CASES)
def test_matches_mindspore(name):
    _compare(oracle.run_case(ms, nn, name)["out"], GOLDEN[name]["out"], name)


@pytest.mark.parametrize("name", ERROR_CASES)
def test_raises_what_mindspore_raises(name):
    want = {"TypeError": TypeError, "ValueError": ValueError}[GOLDEN[name]["error"]]
    with pytest.raises(want):
        oracle.run_case(ms, nn, name)
