"""nn.Conv2dBnAct and nn.DenseBnAct against real MindSpore 2.10 (tests/golden/bnact.json from
tests/oracle/gen_bnact_golden.py): outputs, sub-cells, parameter names, bad arguments."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from tests._paths import case_table, golden

cases = case_table("bnact_cases")
GOLDEN = golden("bnact")


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_case_matches_mindspore(name):
    got, want = cases.CASES[name](ms, nn), GOLDEN[name]
    if isinstance(want, list) and name != "dense_attrs":
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    else:
        assert got == want
