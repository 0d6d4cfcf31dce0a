"""Gcd and Lcm have no gradient, as in MindSpore 2.10 (tests/golden/gcd_lcm_grad.json): grad
raises RuntimeError where one is on the differentiated path, in PyNative and graph mode, and
is unaffected by one off it."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("gcd_lcm_grad_cases").CASES
_GOLDEN = golden("gcd_lcm_grad")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_gcd_lcm_grad_matches_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]
