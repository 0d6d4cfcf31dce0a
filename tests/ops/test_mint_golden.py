"""msfunc.mint, mint.nn.functional and mint.nn against real MindSpore 2.10: the calls of
tests/oracle/mint_sweep_cases.py (the ones test_mint_sweep.py runs) with the values MindSpore
computed on CPU (tests/golden/mint_sweep.json, tests/oracle/gen_mint_sweep_golden.py).

A call MindSpore 2.10 has no CPU kernel for is stored as an error; where a mindspore.ops function
with a CPU kernel computes the same (tests/oracle/mint_twin_cases.py: ``mint.acos(A)`` is
``ops.acos(A)``), that twin's value is stored with it and compared here instead.
"""

import json
import sys

import numpy as np
import pytest
from _paths import GOLDEN, ORACLE

from msfunc import Tensor, mint

sys.path.insert(0, str(ORACLE))
from gen_mint_sweep_golden import calls, encode  # noqa: E402
from mint_sweep_cases import SHAPE_ONLY  # noqa: E402

RECORDED = json.loads((GOLDEN / "mint_sweep.json").read_text())
CALLS = dict(calls(mint, Tensor))
COMPARED = sorted(key for key, record in RECORDED.items() if "error" not in record)
TWINNED = sorted(key for key, record in RECORDED.items() if "twin" in record)


def _assert_same(got, expected, where):
    if isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), where
        for i, (g, e) in enumerate(zip(got, expected)):
            _assert_same(g, e, f"{where}[{i}]")
    elif isinstance(expected, dict) and "real" in expected:
        assert isinstance(got, dict) and "real" in got, where
        _assert_same(got["real"], expected["real"], where + ".real")
        _assert_same(got["imag"], expected["imag"], where + ".imag")
    elif isinstance(expected, dict):
        assert isinstance(got, dict), f"{where}: {got!r} is not a Tensor"
        assert got["dtype"] == expected["dtype"], where
        np.testing.assert_allclose(
            np.asarray(got["array"], np.float64),
            np.asarray(expected["array"], np.float64),
            rtol=1e-5,
            atol=1e-6,
            equal_nan=True,
            err_msg=where,
        )
    else:
        assert got == pytest.approx(expected, rel=1e-5, abs=1e-6, nan_ok=True), where


def test_every_call_was_recorded():
    # a call added to the tables needs the golden file regenerated
    assert sorted(RECORDED) == sorted(CALLS)


@pytest.mark.parametrize("key", COMPARED)
def test_matches_mindspore(key):
    value = CALLS[key]()
    if key.split(".", 1)[1] in SHAPE_ONLY:
        assert list(value.shape) == RECORDED[key]["shape"]
        return
    _assert_same(encode(value), RECORDED[key]["value"], key)


@pytest.mark.parametrize("key", TWINNED)
def test_matches_mindspores_ops_twin(key):
    _assert_same(encode(CALLS[key]()), RECORDED[key]["twin"], key)
