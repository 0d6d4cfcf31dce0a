"""``Tensor(const_arg=)``, ``Tensor.set_const_arg`` and ``mutable`` keep MindSpore 2.10's flag
and PyNative gradients (tests/golden/const_arg.json, from the cases of
tests/oracle/const_arg_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("const_arg_cases").CASES
_GOLDEN = golden("const_arg")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased_mindspore):
    assert _CASES[name](ms) == _GOLDEN[name]


def test_set_const_arg_is_refused_in_compiled_code():
    x = ms.Tensor([1.0])
    with pytest.raises(RuntimeError):
        ms.jit(lambda t: t.set_const_arg(True))(x)
