"""MAE and MSE sum each batch in the data's dtype and the batches in float64, giving MindSpore
2.10's means (golden values: tests/oracle/gen_metric_sums_golden.py)."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("metric_sums"))
def test_metric_sums_are_mindspores(name):
    _alias_scenarios.check("metric_sums", name)
