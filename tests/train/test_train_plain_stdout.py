"""Model.train while sys.stdout is replaced by an object with only write and flush.

Checked against real MindSpore 2.10 (tests/golden/parity_causes.json, scenario
`train_with_plain_stdout` of tests/oracle/gen_parity_causes_golden.py, replayed here with
msfunc).
"""

import _parity_causes
import pytest


@pytest.mark.parametrize("case", _parity_causes.cases("train_with_plain_stdout"))
def test_matches_mindspore(case):
    _parity_causes.check("train_with_plain_stdout", case)
