"""Tensor methods refuse the argument types MindSpore 2.10 refuses, with TypeError
(tests/golden/tensor_method_arg_types.json): float or bool sizes, a keepdim(s) that is not a
bool, a non-number `initial`; ints, integer scalars and 0-d integer Tensors still pass."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("tensor_method_arg_types_cases").CASES
_GOLDEN = golden("tensor_method_arg_types")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_tensor_method_arg_types_match_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]
