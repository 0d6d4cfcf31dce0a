"""msfunc.dataset's samplers (user samplers, iterables of ids, subset, weighted and child
samplers) against MindSpore 2.10 (tests/oracle/gen_dataset_samplers_golden.py, whose
scenarios run here with ds = msfunc.dataset)."""

import importlib.util
import json

import pytest
from _paths import TESTS

import msfunc.dataset as ds

_spec = importlib.util.spec_from_file_location(
    "gen_dataset_samplers_golden", TESTS / "oracle" / "gen_dataset_samplers_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
GOLDEN = json.loads((TESTS / "golden" / "dataset_samplers.json").read_text())


@pytest.fixture(scope="module")
def ours():
    out = {}
    gen.scenarios(ds, out.__setitem__)
    gen.batch_samplers(ds, out.__setitem__)
    gen.random_access(ds, out.__setitem__)
    gen.generator_sources(ds, out.__setitem__)
    gen.distributed_shuffles(ds, out.__setitem__)
    gen.mindrecord_shuffles(ds, out.__setitem__)
    return out


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_mindspore(ours, key):
    assert json.loads(json.dumps(ours[key])) == GOLDEN[key]


def test_every_scenario_is_golden(ours):
    assert sorted(ours) == sorted(GOLDEN)
