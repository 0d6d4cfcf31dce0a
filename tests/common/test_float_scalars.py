"""A Python float meeting a Tensor is MindSpore's float32 scalar (``float64_tensor * 0.1``
multiplies by 0.10000000149011612), while a float named as data keeps its double; golden
values from MindSpore 2.10: tests/oracle/gen_float_scalars_golden.py, run here under the alias."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("float_scalars"))
def test_float_scalars_match_mindspore(name):
    _alias_scenarios.check("float_scalars", name)  # (every bit: exact reprs)
