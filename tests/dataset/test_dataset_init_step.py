"""Dataset.set_init_step: iterators resume at a global step.

Checked against real MindSpore 2.10 (scenario
`dataset_init_step` of tests/oracle/gen_replayed_scenarios_golden.py, replayed here with msfunc;
its values in tests/golden/replayed_scenarios.json).
"""

import _scenario_replay
import pytest


@pytest.mark.parametrize("case", _scenario_replay.cases("dataset_init_step"))
def test_matches_mindspore(case):
    _scenario_replay.check("dataset_init_step", case)
