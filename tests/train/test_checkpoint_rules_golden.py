"""Checkpoint loading rules against real MindSpore 2.10 (golden/checkpoint_rules.json): which
names `choice_func` and the prefix arguments keep, the exception types of bad loads,
`Cell.init_parameters_data`.

The scenarios live in tests/oracle/checkpoint_rules_cases.py and run here with ``ms = msfunc``.
"""

import importlib.util
import json

import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms

_spec = importlib.util.spec_from_file_location(
    "checkpoint_rules_cases", ORACLE / "checkpoint_rules_cases.py"
)
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)

with open(GOLDEN / "checkpoint_rules.json") as _f:
    WANT = json.load(_f)


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_checkpoint_rule_matches_mindspore(name, tmp_path):
    got = json.loads(json.dumps(cases.CASES[name](ms, str(tmp_path))))
    assert got == WANT[name]
