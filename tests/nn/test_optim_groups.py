"""Optimizer parameter groups report what MindSpore 2.10 reports (orders, rates per Parameter
and their names, decays) and refuse bad groups with its exception types
(tests/golden/optim_groups.json, from the cases of tests/oracle/optim_group_cases.py)."""

import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc import nn

_CASES = case_table("optim_group_cases").CASES
_GOLDEN = golden("optim_groups")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](ms, nn) == _GOLDEN[name]
