"""``ops.InsertGradientOf`` passes values that are not Tensors through, eagerly and under jit,
and their gradient is empty, as in MindSpore 2.10 (tests/golden/insert_gradient.json, from the
cases of tests/oracle/insert_gradient_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("insert_gradient_cases").CASES
_GOLDEN = golden("insert_gradient")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]
