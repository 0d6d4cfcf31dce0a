"""A ``raise`` in code compiled with graph semantics reaches the caller as MindSpore 2.10's graph
mode raises it (its type, or RuntimeError for ``Exception`` and unsupported types), while
PyNative code raises as Python does (tests/golden/graph_raise.json, from the cases of
tests/oracle/graph_raise_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("graph_raise_cases").CASES
_GOLDEN = golden("graph_raise")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]


def test_library_exceptions_keep_their_type():
    # only the program's own raise statements are mapped: an error raised inside a library
    # the compiled code calls keeps its type
    import os

    @msfunc.jit
    def stat_missing(x):
        os.stat("/nonexistent/path/for/msfunc")
        return x

    with pytest.raises(FileNotFoundError):
        stat_missing(msfunc.Tensor(1.0))
