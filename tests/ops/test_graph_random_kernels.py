"""Seeded random primitives in compiled graphs draw as MindSpore 2.10's graph kernels do: one
kernel per call site of each compiled graph, equal call sites merged
(tests/oracle/gen_graph_random_kernels_golden.py, whose scenarios run here under the alias)."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("graph_random_kernels"))
def test_graph_random_kernels_match_mindspore(name):
    _alias_scenarios.check("graph_random_kernels", name)
