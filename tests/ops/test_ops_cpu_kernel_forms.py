"""Results in the form MindSpore's CPU kernels give: N-d segment ids and empty segments of
UnsortedSegment*, GeLU's tanh form, an unsorted top-k of a whole row, Dense with a 1-D weight.

Checked against real MindSpore 2.10 (scenario `kernel_forms` of
tests/oracle/gen_replayed_scenarios_golden.py, replayed here with msfunc;
its values in tests/golden/replayed_scenarios.json).
"""

import _scenario_replay
import pytest


@pytest.mark.parametrize("case", _scenario_replay.cases("kernel_forms"))
def test_matches_mindspore(case):
    _scenario_replay.check("kernel_forms", case)
