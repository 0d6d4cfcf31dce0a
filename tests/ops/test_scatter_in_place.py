"""Scatter primitives write a plain Tensor variable in place as MindSpore 2.10's kernels do
(tests/golden/scatter_in_place.json, from the cases of tests/oracle/scatter_in_place_cases.py
run here with `import mindspore` answered by msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("scatter_in_place_cases").CASES
_GOLDEN = golden("scatter_in_place")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    assert _CASES[name](ms) == _GOLDEN[name]
