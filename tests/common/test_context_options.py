"""set_context refuses the option values MindSpore 2.10 refuses, with its exception types, and
keeps the ones it keeps; mindspore._checkparam.args_type_check checks as MindSpore's does
(tests/golden/context_options.json, from the cases of tests/oracle/context_option_cases.py
run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc
from msfunc.compat import checkparam

_CASES = case_table("context_option_cases").CASES
_GOLDEN = golden("context_options")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc, checkparam) == _GOLDEN[name]


def test_set_context_is_still_refused_inside_jit():
    """(set_context runs under its type-checking wrapper: the refusal still sees the caller)"""

    @msfunc.jit
    def step(x):
        msfunc.set_context(deterministic="ON")
        return x

    with pytest.raises(RuntimeError):
        step(msfunc.Tensor(1.0))
