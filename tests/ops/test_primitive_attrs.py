"""Primitives keep their attributes as MindSpore 2.10 normalises them (ops.Softmax's axis as a
tuple, nn.Softmax's ``softmax`` primitive) (tests/golden/primitive_attrs.json, from the cases of
tests/oracle/primitive_attr_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("primitive_attr_cases").CASES
_GOLDEN = golden("primitive_attrs")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]
