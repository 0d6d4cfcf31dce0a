"""``~t`` is MindSpore 2.10's logical not for Tensors of every dtype, in PyNative code and in
``jit`` (tests/golden/tensor_invert.json, from the cases of tests/oracle/tensor_invert_cases.py
run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("tensor_invert_cases").CASES
_GOLDEN = golden("tensor_invert")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]
