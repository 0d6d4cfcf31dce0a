"""A GRAPH_MODE Cell at the STRICT syntax level returns its dicts as tuples of their values,
the level set by context, JitConfig or ``MS_DEV_JIT_SYNTAX_LEVEL``, and `mutable` names its
origin, as MindSpore 2.10 (tests/golden/strict_output.json, from the cases of
tests/oracle/strict_output_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("strict_output_cases").CASES
_GOLDEN = golden("strict_output")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    assert _CASES[name](ms) == _GOLDEN[name]
