"""ModelCheckpoint's files, CheckpointConfig's policy and errors, the checkpoint-file rules,
CallbackManager and the save-op network fill against real MindSpore 2.10
(golden/callbacks.json).

The scenarios live in tests/oracle/callback_cases.py and run here with ``ms = msfunc`` and
msfunc's answers to MindSpore's private callback names.
"""

import importlib.util
import json

import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms
from msfunc.compat import callback_private

_spec = importlib.util.spec_from_file_location("callback_cases", ORACLE / "callback_cases.py")
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)

with open(GOLDEN / "callbacks.json") as _f:
    WANT = json.load(_f)


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_callback_matches_mindspore(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    got = json.loads(json.dumps(cases.CASES[name](ms, callback_private, str(tmp_path))))
    assert got == WANT[name]
