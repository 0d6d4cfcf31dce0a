"""What MindSpore's graph compiler refuses (a RuntimeError, a TypeError ...) msfunc refuses in
GRAPH_MODE and under jit alike, while PyNative code runs as Python does
(tests/golden/graph_refusals.json, from the cases of tests/oracle/graph_refusal_cases.py run
here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("graph_refusal_cases").CASES
_GOLDEN = golden("graph_refusals")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]
