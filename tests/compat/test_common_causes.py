"""Tensor and Parameter behaviours MindSpore's own tests of the common area rely on:
``Tensor.__index__``, ``in`` on a Tensor, the printed form of a bfloat16 Tensor,
``Parameter.set_data`` with another shape or dtype, Tensors from Python data an integer dtype
cannot hold (NaN, inf, complex) or ragged, the marks ``set_dump`` leaves, the names of
unnamed Parameters in a ParameterTuple, the Parameter a compiled function returns, the dtypes
a program's Tensor takes, running a network through ``_cell_graph_executor`` and
``nn.SparseToDense``. Golden values from real MindSpore 2.10
(tests/oracle/gen_common_causes_golden.py), whose scenarios run here unchanged with ``ms`` the
``mindspore`` module of msfunc's alias.
"""

import importlib.util
import json

import pytest
from _paths import TESTS

from msfunc.compat import alias_mindspore, unalias_mindspore

_spec = importlib.util.spec_from_file_location(
    "gen_common_causes_golden", TESTS / "oracle" / "gen_common_causes_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
GOLDEN = json.loads((TESTS / "golden" / "common_causes.json").read_text())
SCENARIOS = {s.__name__: s for s in gen.SCENARIOS}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_matches_mindspore(name):
    expected = GOLDEN[name]
    assert "error" not in expected, f"MindSpore failed scenario {name}"
    alias_mindspore()
    try:
        # (the program sees msfunc as ``import mindspore`` does: set_dump is MindSpore's name)
        got = json.loads(json.dumps(SCENARIOS[name](importlib.import_module("mindspore"))))
    finally:
        unalias_mindspore()
    assert got == expected


def test_golden_file_covers_every_scenario():
    assert sorted(GOLDEN) == sorted(SCENARIOS)
