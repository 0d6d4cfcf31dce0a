"""Results in the form MindSpore's CPU kernels give: N-d segment ids and empty segments of
UnsortedSegment*, GeLU's tanh form, an unsorted top-k of a whole row, Dense with a 1-D weight.

Checked against real MindSpore 2.10 (tests/golden/parity_causes.json, scenario `kernel_forms` of
tests/oracle/gen_parity_causes_golden.py, replayed here with msfunc).
"""

import _parity_causes
import pytest


@pytest.mark.parametrize("case", _parity_causes.cases("kernel_forms"))
def test_matches_mindspore(case):
    _parity_causes.check("kernel_forms", case)
