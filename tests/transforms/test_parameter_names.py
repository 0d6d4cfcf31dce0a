"""Parameters of one call compiled with graph semantics need distinct names, as MindSpore 2.10's
graph mode decides (a ValueError for arguments, a RuntimeError for other Parameters it reads
outside the compiled Cell's own attributes), while PyNative code takes any names
(tests/golden/parameter_names.json, from the cases of tests/oracle/parameter_name_cases.py run
here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc

_CASES = case_table("parameter_name_cases").CASES
_GOLDEN = golden("parameter_names")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, mindspore_checks):
    assert _CASES[name](msfunc) == _GOLDEN[name]
