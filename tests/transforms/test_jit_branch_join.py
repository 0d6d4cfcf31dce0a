"""Joining the values of an ``if`` on a tensor in `msfunc.jit`: the pairs MindSpore 2.10's graph
mode joins and those it refuses with TypeError (tests/golden/jit_join.json)."""

import warnings

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("jit_join_cases").CASES
_GOLDEN = golden("jit_join")


# Python numbers joined on a tensor condition come back from msfunc.jit as 0-d Tensors;
# MindSpore's graph returns Python scalars (its graphs hold scalar variables).
_NUMBER_OUTPUTS = {"bool_vs_bool", "int_vs_int", "numbers_returned_early"}


_NUMBER_XFAIL = pytest.mark.xfail(strict=True, reason="a joined Python number is a 0-d Tensor")


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=_NUMBER_XFAIL) if n in _NUMBER_OUTPUTS else n for n in sorted(_CASES)],
)
def test_join_matches_mindspore(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # (a case that runs eagerly says so)
        assert _CASES[name](ms) == _GOLDEN[name]


def test_refused_join_names_the_variable():
    @ms.jit
    def pick(x):
        if x > 0:
            v = x
        else:
            v = 1.5
        return v

    with pytest.raises(TypeError, match="variable 'v' is a tensor on one path and a Python float"):
        pick(ms.Tensor(1.0))
