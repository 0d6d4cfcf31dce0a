"""Mixed-precision strategies (MindSpore's ``mindspore._c_expression.amp``) against real
MindSpore 2.10 (golden/amp_strategy.json): the cast strategy of each op per level, the
strategy stack, and that pushing a strategy by hand leaves ops' dtypes alone.

The scenarios live in tests/oracle/amp_strategy_cases.py and run here with ``ms = msfunc``.
"""

import importlib.util
import json

import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.compat import amp_strategy

_spec = importlib.util.spec_from_file_location(
    "amp_strategy_cases", ORACLE / "amp_strategy_cases.py"
)
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)

with open(GOLDEN / "amp_strategy.json") as _f:
    WANT = json.load(_f)


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_amp_strategy_matches_mindspore(name):
    got = json.loads(json.dumps(cases.CASES[name](ms, amp_strategy)))
    assert got == WANT[name]
