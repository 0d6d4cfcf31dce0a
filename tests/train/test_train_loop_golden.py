"""DatasetHelper's batches and argument errors and ``_construct_tensor_list`` against real
MindSpore 2.10 (golden/train_loop.json).

The scenarios live in tests/oracle/train_loop_cases.py and run here with ``ms = msfunc``.
"""

import importlib.util
import json

import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms
import msfunc.dataset  # noqa: F401 - ms.dataset
from msfunc.compat.train_utils_private import _construct_tensor_list

_spec = importlib.util.spec_from_file_location("train_loop_cases", ORACLE / "train_loop_cases.py")
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)

with open(GOLDEN / "train_loop.json") as _f:
    WANT = json.load(_f)


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_train_loop_helper_matches_mindspore(name):
    got = json.loads(json.dumps(cases.CASES[name](ms, _construct_tensor_list)))
    assert got == WANT[name]
