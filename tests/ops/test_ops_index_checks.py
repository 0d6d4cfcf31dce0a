"""The index checks MindSpore's CPU kernels make (scatter index dtypes, out-of-range gather and
scatter indices, reads and augmented assignments that select nothing or run past the end).

Checked against real MindSpore 2.10 (scenario `index_checks` of
tests/oracle/gen_replayed_scenarios_golden.py, replayed here with msfunc;
its values in tests/golden/replayed_scenarios.json).
"""

import _scenario_replay
import pytest


@pytest.mark.parametrize("case", _scenario_replay.cases("index_checks"))
def test_matches_mindspore(case):
    _scenario_replay.check("index_checks", case)
