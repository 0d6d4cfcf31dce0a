"""The private shape helpers of MindSpore's inner modules give MindSpore 2.10's answers
(tests/golden/shape_helpers.json, from the cases of tests/oracle/shape_helper_cases.py run here
with msfunc), found under MindSpore's import paths, and run inside a compiled Cell."""

import importlib

import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc import nn
from msfunc.compat import alias_mindspore, unalias_mindspore
from msfunc.compat import shape_helpers_private as helpers

_TABLE = case_table("shape_helper_cases")
_GOLDEN = golden("shape_helpers")
_HELPERS = {name: getattr(helpers, name) for names in _TABLE.MODULES.values() for name in names}


@pytest.mark.parametrize("name", sorted(_TABLE.CASES))
def test_case_matches_mindspore(name):
    assert _TABLE.CASES[name](_HELPERS, ms.Tensor) == _GOLDEN[name]


def test_helpers_import_from_mindspore_paths():
    alias_mindspore()
    try:
        for path, names in _TABLE.MODULES.items():
            module = importlib.import_module(path)
            assert all(getattr(module, name) is _HELPERS[name] for name in names)
    finally:
        unalias_mindspore()


def test_helper_on_constants_inside_a_graph_mode_cell():
    class Net(nn.Cell):
        def construct(self, *shapes):
            return helpers._infer_out_shape(*shapes)

    ms.set_context(mode=ms.GRAPH_MODE)  # (the suite's conftest restores PyNative after)
    assert Net()((5,), (6, 1), (7, 1, 5)) == (7, 6, 5)
