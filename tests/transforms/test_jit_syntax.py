"""Graph-mode syntax rules and the graph helpers of ``mindspore.ops`` match MindSpore 2.10
(tests/golden/jit_syntax.json, from the cases of tests/oracle/jit_syntax_cases.py run here with
msfunc under its ``mindspore`` alias)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("jit_syntax_cases").CASES
_GOLDEN = golden("jit_syntax")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    assert _CASES[name](ms) == _GOLDEN[name]
