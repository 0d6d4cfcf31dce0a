"""Tensor.reshape, view, transpose, flatten ... refuse a float, bool or str size, axis or order
with MindSpore 2.10's exception types, eagerly and in GRAPH_MODE
(tests/golden/tensor_shape_args.json, from the cases of tests/oracle/tensor_shape_arg_cases.py
run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("tensor_shape_arg_cases").CASES
_GOLDEN = golden("tensor_shape_args")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](msfunc) == _GOLDEN[name]
