"""Where gradient hooks are taken, as in MindSpore 2.10 (tests/golden/tensor_hook_graph.json):
one hook per Tensor computed in a graph-mode function (a second raises RuntimeError), any number
in PyNative code; no Parameter hook inside a graph-mode construct (ValueError) or on a Parameter
without grad (RuntimeError); no jit-decorated Cell hook (TypeError)."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("tensor_hook_graph_cases").CASES
_GOLDEN = golden("tensor_hook_graph")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_hook_registration_matches_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]
