"""The semantics and argument checks of MindSpore's CPU kernels that its ops tests rely on
(ranges of diagonals, gradients at kinks, bit-exact activations, LpNorm's bounds, random-op
argument checks, operand checks, segment ids, ``math_func.F``), against MindSpore 2.10's
records in tests/golden/ops_cpu_checks.json (tests/oracle/gen_ops_cpu_checks_golden.py)."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("ops_cpu_checks"))
def test_matches_mindspore(name):
    _alias_scenarios.check("ops_cpu_checks", name)
