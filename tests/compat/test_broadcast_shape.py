"""``mindspore.ops._utils.get_broadcast_shape`` gives MindSpore 2.10's shapes and errors
(tests/golden/broadcast_shape.json, from the cases of tests/oracle/broadcast_shape_cases.py run
here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("broadcast_shape_cases").CASES
_GOLDEN = golden("broadcast_shape")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    assert _CASES[name](ms) == _GOLDEN[name]
