"""`set_deterministic` and ``set_context(deterministic=...)`` as MindSpore 2.10 answers them
(tests/golden/deterministic.json, from the cases of tests/oracle/deterministic_cases.py, each
run here from a fresh process's state)."""

import pytest
from _paths import case_table, golden

import msfunc
from msfunc import context

_CASES = case_table("deterministic_cases").CASES
_GOLDEN = golden("deterministic")


@pytest.fixture
def fresh_state(monkeypatch):
    for name in ("HCCL_DETERMINISTIC", "TE_PARALLEL_COMPILER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setitem(context._settings, "deterministic", "OFF")
    monkeypatch.setattr(context, "DETERMINISTIC_FIXED", [None])


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, fresh_state):
    assert _CASES[name](msfunc) == _GOLDEN[name]
