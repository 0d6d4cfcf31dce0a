"""MaxPool layers refuse an output with a zero dimension as MindSpore 2.10 does, and the other
pools return the empty result (tests/golden/empty_pool.json, from the cases of
tests/oracle/empty_pool_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("empty_pool_cases").CASES
_GOLDEN = golden("empty_pool")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]
