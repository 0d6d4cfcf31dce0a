"""Gradients with respect to bool Tensor inputs are MindSpore 2.10's: each op's gradient cast
back to bool (tests/golden/bool_grad.json, from the cases of tests/oracle/bool_grad_cases.py
run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("bool_grad_cases").CASES
_GOLDEN = golden("bool_grad")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]
