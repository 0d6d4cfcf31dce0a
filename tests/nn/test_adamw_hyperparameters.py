"""AdamWeightDecay's beta1, beta2 and eps set on the optimizer after construction change its
step as in MindSpore 2.10: tests/oracle/gen_adamw_hyperparameters_golden.py, run here under the
alias."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("adamw_hyperparameters"))
def test_adamw_hyperparameters_match_mindspore(name):
    # (records of 5 decimals: a float32 last bit may round the fifth either way)
    _alias_scenarios.check("adamw_hyperparameters", name, atol=2e-5)
