"""``ops.norm``'s gradients where |x| has no slope (entries at 0, a zero vector) are MindSpore
2.10's: tests/oracle/gen_norm_grads_golden.py, whose scenarios run here under the alias."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("norm_grads"))
def test_norm_grads_match_mindspore(name):
    _alias_scenarios.check("norm_grads", name)
