"""``mindspore.log`` reads MindSpore 2.10's GLOG_* settings, rotates its files and refuses bad
values as MindSpore does (tests/golden/log_config.json, from the cases of
tests/oracle/log_config_cases.py run here with msfunc); a write through the ``mindspore``
alias reaches msfunc's module."""

import importlib
from unittest import mock

import pytest
from _paths import case_table, golden

from msfunc import log
from msfunc.compat import alias_mindspore, unalias_mindspore

_CASES = case_table("log_config_cases").CASES
_GOLDEN = golden("log_config")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](log) == _GOLDEN[name]


def test_writes_through_the_alias_reach_msfunc_and_patches_undo():
    alias_mindspore()
    ms_log = importlib.import_module("mindspore.log")
    original = log.warning
    with mock.patch("mindspore.log.warning") as patched:
        log.warning("seen by msfunc's own callers")  # (e.g. msfunc.profiler)
    patched.assert_called_once_with("seen by msfunc's own callers")
    assert log.warning is original and ms_log.warning is original
    ms_log.GLOBAL_LOGGER = None
    assert log.GLOBAL_LOGGER is None
    unalias_mindspore()
