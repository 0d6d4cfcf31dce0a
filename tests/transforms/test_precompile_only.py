"""``MS_DEV_PRECOMPILE_ONLY=1`` compiles jit functions and GRAPH_MODE Cells without running
them (the call gives None), as real MindSpore 2.10 does
(tests/oracle/gen_precompile_only_golden.py, whose scenarios run here unchanged under the
alias)."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("precompile_only"))
def test_precompile_only_matches_mindspore(name):
    _alias_scenarios.check("precompile_only", name)
