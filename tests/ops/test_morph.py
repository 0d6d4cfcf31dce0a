"""``ops.Morph`` runs its function as a graph node with its own or a custom gradient, and is
refused in PyNative, as MindSpore 2.10 (tests/golden/morph.json, from the cases of
tests/oracle/morph_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("morph_cases").CASES
_GOLDEN = golden("morph")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    assert _CASES[name](ms) == _GOLDEN[name]
