"""ReverseV2's `axis` and GridSampler2D/3D's operand dtypes are checked as in MindSpore 2.10
(tests/golden/primitive_operand_checks.json): TypeError for an axis that is not a tuple or list
of ints, and for an input and grid of different or non-float dtypes."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("primitive_operand_checks_cases").CASES
_GOLDEN = golden("primitive_operand_checks")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_primitive_operand_checks_matches_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]
