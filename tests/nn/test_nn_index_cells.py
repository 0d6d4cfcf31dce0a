"""nn.Range, nn.OneHot, and CellList refusing a CellDict.

Checked against real MindSpore 2.10 (scenario `index_cells` of
tests/oracle/gen_replayed_scenarios_golden.py, replayed here with msfunc;
its values in tests/golden/replayed_scenarios.json).
"""

import _scenario_replay
import pytest


@pytest.mark.parametrize("case", _scenario_replay.cases("index_cells"))
def test_matches_mindspore(case):
    _scenario_replay.check("index_cells", case)
