"""msfunc's dataset engine objects (config switches, map's error-samples modes, the
``mindspore._c_dataengine`` data objects, padded_batch cropping, iterators past their epochs,
failover resets) against MindSpore 2.10
(tests/oracle/gen_dataset_core_golden.py, whose scenarios run here with msfunc's modules)."""

import importlib.util
import json

import pytest
from _paths import TESTS

import msfunc.dataset as ds
from msfunc.compat import dataengine
from msfunc.dataset import failover

_spec = importlib.util.spec_from_file_location(
    "gen_dataset_core_golden", TESTS / "oracle" / "gen_dataset_core_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
GOLDEN = json.loads((TESTS / "golden" / "dataset_core.json").read_text())


@pytest.fixture(scope="module")
def ours():
    out = {}
    for scenario in gen.SCENARIOS:
        scenario(ds, dataengine, dataengine, failover, out.__setitem__)
    return out


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_mindspore(ours, key):
    assert json.loads(json.dumps(ours[key])) == GOLDEN[key]
