"""FakeImageDataset, PKSampler, the source option checks and the transforms OneHot, TypeCast,
Fill, Unique, SlidingWindow, UnicodeScriptTokenizer, RandomApply, RandomChoice, RandomOrder,
RgbToHsv and HsvToRgb against MindSpore 2.10 (tests/oracle/gen_dataset_more_ops_golden.py,
whose scenarios run here with ds = msfunc.dataset)."""

import importlib.util
import json

import pytest
from _paths import TESTS

import msfunc.dataset as ds

_spec = importlib.util.spec_from_file_location(
    "gen_dataset_more_ops_golden", TESTS / "oracle" / "gen_dataset_more_ops_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
GOLDEN = json.loads((TESTS / "golden" / "dataset_more_ops.json").read_text())


@pytest.fixture(scope="module")
def ours():
    out = {}
    seed = ds.config.get_seed()
    try:
        for scenario in gen.SCENARIOS:
            scenario(ds, out.__setitem__)
    finally:
        ds.config.set_seed(seed)
    return out


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_mindspore(ours, key):
    assert json.loads(json.dumps(ours[key])) == GOLDEN[key]
