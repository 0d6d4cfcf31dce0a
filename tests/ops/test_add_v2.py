"""AddV2 against MindSpore 2.10 (tests/golden/add_v2.json): Add without broadcasting, no bool
operands, Add's gradient."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("add_v2_cases").CASES
_GOLDEN = golden("add_v2")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_add_v2_matches_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]
