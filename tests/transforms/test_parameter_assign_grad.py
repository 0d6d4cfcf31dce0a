"""A Parameter held in an attribute and reassigned inside a differentiated, compiled function
of a MindSpore program is written in place and differentiated as MindSpore's Assign (no
gradient through the assigned expression), on a Cell and on a plain object
(tests/oracle/gen_parameter_assign_grad_golden.py, whose scenarios run here under the alias)."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("parameter_assign_grad"))
def test_parameter_assign_grad_matches_mindspore(name):
    _alias_scenarios.check("parameter_assign_grad", name)
