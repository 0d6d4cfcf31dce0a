"""Model.train while sys.stdout is replaced by an object with only write and flush.

Checked against real MindSpore 2.10 (scenario `train_with_plain_stdout` of
tests/oracle/gen_replayed_scenarios_golden.py, replayed here with msfunc;
its values in tests/golden/replayed_scenarios.json).
"""

import _scenario_replay
import pytest


@pytest.mark.parametrize("case", _scenario_replay.cases("train_with_plain_stdout"))
def test_matches_mindspore(case):
    _scenario_replay.check("train_with_plain_stdout", case)
