"""A tuple or list beside a Tensor in ``+`` and ``-`` is a Tensor of the Tensor's dtype; the
other operators refuse it, as in real MindSpore 2.10
(tests/oracle/gen_tensor_sequence_operands_golden.py, whose scenario runs here unchanged
under the alias)."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("tensor_sequence_operands"))
def test_sequence_operands_match_mindspore(name):
    _alias_scenarios.check("tensor_sequence_operands", name)
