"""One hook per Tensor computed in a graph-mode function, any number in PyNative code, as in
MindSpore 2.10 (tests/golden/tensor_hook_graph.json): a second register_hook raises
RuntimeError in a GRAPH_MODE Cell, a jit function and jit around grad."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("tensor_hook_graph_cases").CASES
_GOLDEN = golden("tensor_hook_graph")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_tensor_hook_count_matches_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]
