"""``ops.squeeze``, ``Tensor.squeeze`` and ``ops.Squeeze`` take MindSpore 2.10's axes (an empty
tuple or list squeezes every axis of size 1): tests/oracle/gen_squeeze_axes_golden.py, whose
scenarios run here under the alias."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("squeeze_axes"))
def test_squeeze_axes_match_mindspore(name):
    _alias_scenarios.check("squeeze_axes", name)
