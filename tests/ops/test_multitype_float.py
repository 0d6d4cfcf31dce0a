"""``MultitypeFuncGraph`` picks the overload of a Python float's width as MindSpore 2.10 does:
Float64 in PyNative code, Float32 (else Float64) under jit (tests/golden/multitype_float.json,
from the cases of tests/oracle/multitype_float_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("multitype_float_cases").CASES
_GOLDEN = golden("multitype_float")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]
