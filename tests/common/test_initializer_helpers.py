"""MindSpore's private initializer helpers (``_init_random_uniform`` and its siblings, fans,
gains) against MindSpore 2.10's answers (tests/golden/initializer_helpers.json, from
tests/oracle/initializer_helper_cases.py: the same functions run here with ``ms = msfunc``).
"""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("initializer_helper_cases").CASES
_GOLDEN = golden("initializer_helpers")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]


def test_mindspore_programs_import_the_helpers(aliased_mindspore):
    from mindspore.common.initializer import _assignment, _init_random_uniform, _register

    assert callable(_assignment) and callable(_register)
    assert _init_random_uniform(0, 1, (2,)).shape == (2,)
