"""What optimizers written against MindSpore's `Optimizer` use (init-argument records, the
members a ``construct`` calls, learning-rate shapes, gradient accumulation, Parameter flags) is
MindSpore 2.10's: tests/oracle/gen_optimizer_subclass_golden.py, run here under the alias."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("optimizer_subclass"))
def test_optimizer_subclass_matches_mindspore(name):
    # (records of 5 decimals: a float32 last bit may round the fifth either way)
    _alias_scenarios.check("optimizer_subclass", name, atol=2e-5)
