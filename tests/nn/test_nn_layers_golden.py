"""nn layers and losses against golden values from real MindSpore 2.10 (golden/nn_layers.json).

The case functions live in tests/oracle/gen_nn_layers_golden.py and are run here with
``ms = msfunc``; outputs, Parameter names/shapes/requires_grad and (for BatchNorm in
training) the Parameters after the forward pass must match MindSpore's.
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
    "gen_nn_layers_golden", os.path.join(_HERE, "oracle", "gen_nn_layers_golden.py")
)
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)

with open(oracle.GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)

# Cases MindSpore 2.10 cannot run on CPU (no kernel); msfunc checks them in test_nn_layers.py.
UNAVAILABLE = sorted(k for k, v in GOLDEN.items() if not k.startswith("__") and "error" in v)


def _compare(got, want, path, rtol=2e-5, atol=2e-5):
    if want is None:
        assert got is None, f"{path}: expected None"
        return
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: structure differs"
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, f"{path}[{i}]", rtol, atol)
        return
    assert got["shape"] == want["shape"], f"{path}: shape {got['shape']} vs {want['shape']}"
    g, w = np.asarray(got["v"], np.float64), np.asarray(want["v"], np.float64)
    if want["dtype"].startswith("int") or want["dtype"] == "bool":
        assert got["dtype"].startswith(want["dtype"][:3]), f"{path}: dtype {got['dtype']}"
        np.testing.assert_array_equal(g, w, err_msg=path)
    else:
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, err_msg=path)


@pytest.mark.parametrize("name", [k for k in oracle.CASES if k not in UNAVAILABLE])
def test_matches_mindspore(name):
    want = GOLDEN[name]
    got = oracle.run_case(ms, nn, name)
    assert [tuple(p) for p in got["params"]] == [tuple(p) for p in want["params"]], (
        "Parameter (name, shape, requires_grad) differ from MindSpore's"
    )
    _compare(got["out"], want["out"], name)
    if "after" in want:
        assert list(got["after"]) == list(want["after"])
        for key in want["after"]:
            _compare(got["after"][key], want["after"][key], f"{name}.{key}")


def test_every_case_has_a_golden_record():
    assert set(oracle.CASES) <= set(GOLDEN)
    assert len(UNAVAILABLE) <= 7, UNAVAILABLE


@pytest.mark.parametrize("name", sorted(oracle.INIT_CASES))
def test_default_initialisation_matches_mindspore(name):
    # Random draws differ between frameworks; the distributions (bound and spread) must not.
    want = GOLDEN["__init__"][name]
    got = oracle.init_stats(nn, name)
    assert list(got) == list(want)
    for key, (w_max, w_std) in want.items():
        g_max, g_std = got[key]
        assert g_max == pytest.approx(w_max, rel=0.3, abs=1e-6), f"{key}: max |w|"
        assert g_std == pytest.approx(w_std, rel=0.15, abs=1e-6), f"{key}: std"


def test_signatures_match_mindspore():
    want = GOLDEN["__signatures__"]
    got = oracle.signatures(nn)
    wrong = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
    assert not wrong, wrong
