"""msfunc.rewrite's if/for/while ControlFlow nodes against real MindSpore 2.10
(tests/golden/rewrite_flow.json from tests/oracle/gen_rewrite_flow_golden.py): nested nodes,
generated construct and edited networks' outputs."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn, ops
from msfunc import rewrite as rw
from tests._paths import case_table, golden

cases = case_table("rewrite_flow_cases")
GOLDEN = golden("rewrite_flow")


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_case_matches_mindspore(name):
    got = cases.CASES[name](ms, nn, ops, rw)
    want = GOLDEN[name]
    assert sorted(got) == sorted(want)
    for key in sorted(set(want) - {"out"}):
        assert got[key] == want[key], key
    if "out" in want:
        np.testing.assert_allclose(got["out"], want["out"], rtol=1e-5, atol=1e-4)
