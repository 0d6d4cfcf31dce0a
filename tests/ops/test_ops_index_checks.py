"""The index checks MindSpore's CPU kernels make (scatter index dtypes, out-of-range gather and
scatter indices, reads and augmented assignments that select nothing or run past the end).

Checked against real MindSpore 2.10 (tests/golden/parity_causes.json, scenario `index_checks` of
tests/oracle/gen_parity_causes_golden.py, replayed here with msfunc).
"""

import _parity_causes
import pytest


@pytest.mark.parametrize("case", _parity_causes.cases("index_checks"))
def test_matches_mindspore(case):
    _parity_causes.check("index_checks", case)
