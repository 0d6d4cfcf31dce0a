"""Behaviours MindSpore's own tests rely on in the common, ops and train areas of the parity
measurement: `common.np_dtype`, `ops.composite.multitype_ops`, aminmax and swapaxes forms,
nn.Tril/Triu, DepthToSpace/SpaceToDepth, `auto_mixed_precision` of a function. Golden values
from real MindSpore 2.10 (tests/oracle/gen_suite_causes_golden.py), whose scenarios run here
unchanged with ``ms = msfunc`` under the ``mindspore`` alias.
"""

import importlib.util
import json

import pytest
from _paths import TESTS

import msfunc
from msfunc.compat import alias_mindspore, unalias_mindspore

HERE = TESTS
_spec = importlib.util.spec_from_file_location(
    "gen_suite_causes_golden", HERE / "oracle" / "gen_suite_causes_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
GOLDEN = json.loads((HERE / "golden" / "suite_causes.json").read_text())
SCENARIOS = {s.__name__: s for s in gen.SCENARIOS}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_matches_mindspore(name):
    expected = GOLDEN[name]
    assert "error" not in expected, f"MindSpore failed scenario {name}"
    alias_mindspore()
    try:
        got = json.loads(json.dumps(SCENARIOS[name](msfunc)))
    finally:
        unalias_mindspore()
    assert got == expected
