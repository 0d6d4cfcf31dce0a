"""nn.Range, nn.OneHot, and CellList refusing a CellDict.

Checked against real MindSpore 2.10 (tests/golden/parity_causes.json, scenario `index_cells` of
tests/oracle/gen_parity_causes_golden.py, replayed here with msfunc).
"""

import _parity_causes
import pytest


@pytest.mark.parametrize("case", _parity_causes.cases("index_cells"))
def test_matches_mindspore(case):
    _parity_causes.check("index_cells", case)
