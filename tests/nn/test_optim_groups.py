"""Optimizer parameter groups report what MindSpore 2.10 reports (orders, rates per Parameter
and their names, decays) and refuse bad groups with its exception types
(tests/golden/optim_groups.json, from the cases of tests/oracle/optim_group_cases.py)."""

import importlib
import json
import sys

import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc import nn

sys.path.insert(0, str(ORACLE))  # (the shared case tables of the golden generators)
_CASES = importlib.import_module("optim_group_cases").CASES
_GOLDEN = json.loads((GOLDEN / "optim_groups.json").read_text())


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](ms, nn) == _GOLDEN[name]
