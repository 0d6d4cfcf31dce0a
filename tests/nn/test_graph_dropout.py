"""Seeded Dropout in compiled graphs draws as MindSpore 2.10's graph kernels do (one kernel per
call site, afresh when the graph compiles, apart from PyNative and other graphs), and a jit
function that fills a Tensor it built in place still compiles
(tests/oracle/gen_graph_dropout_golden.py, whose scenarios run here under the alias)."""

import warnings

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("graph_dropout"))
def test_graph_dropout_matches_mindspore(name):
    with warnings.catch_warnings():
        # falling back to eager (a write taken for an outside Tensor's) would draw other masks
        warnings.simplefilter("error", RuntimeWarning)
        _alias_scenarios.check("graph_dropout", name)
