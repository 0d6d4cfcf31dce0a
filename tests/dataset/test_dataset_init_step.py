"""Dataset.set_init_step: iterators resume at a global step.

Checked against real MindSpore 2.10 (tests/golden/parity_causes.json, scenario
`dataset_init_step` of tests/oracle/gen_parity_causes_golden.py, replayed here with msfunc).
"""

import _parity_causes
import pytest


@pytest.mark.parametrize("case", _parity_causes.cases("dataset_init_step"))
def test_matches_mindspore(case):
    _parity_causes.check("dataset_init_step", case)
