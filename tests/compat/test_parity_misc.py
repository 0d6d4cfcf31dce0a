"""Smaller behaviours MindSpore's own test suite relies on, against MindSpore 2.10
(tests/oracle/gen_parity_misc_golden.py, whose scenarios run here unchanged with ``ms =
msfunc`` under the ``mindspore`` alias)."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("parity_misc"))
def test_matches_mindspore(name):
    _alias_scenarios.check("parity_misc", name)
