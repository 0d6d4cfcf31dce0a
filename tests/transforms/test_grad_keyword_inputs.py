"""``GradOperation`` differentiates keyword inputs after the positional ones, in the order of
the call, in PyNative and GRAPH_MODE, as MindSpore 2.10 (tests/golden/grad_keyword.json, from
the cases of tests/oracle/grad_keyword_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("grad_keyword_cases").CASES
_GOLDEN = golden("grad_keyword")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    assert _CASES[name](ms) == _GOLDEN[name]
