"""MindDataset's row orders (shuffle modes, shards by stride and by block, samplers and
their chains, padded rows), what Dataset.save writes for other column types and an empty
array field, against real MindSpore 2.10: tests/golden/mindrecord_orders.json from
tests/oracle/gen_mindrecord_order_golden.py."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import mindrecord_order_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.mindrecord import FileReader, FileWriter  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "mindrecord_orders.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    return cases.write_files(FileWriter, str(tmp_path_factory.mktemp("orders")))


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_minddataset_order_matches_mindspore(name, paths):
    seed = ds.config.get_seed()
    try:
        assert cases.outcome(ds, paths, cases.CASES[name]) == GOLDEN[name]
    finally:
        ds.config.set_seed(seed)


def test_save_types_match_mindspore(tmp_path):
    # uint64 saved as int64, bool as int32, float16 as float32, a bytes column read back by
    # MindDataset (a 1-element array) as bytes; a ragged column fails the save
    assert cases.save_types(ds, FileReader, str(tmp_path)) == GOLDEN["__save__"]


def test_empty_array_field_is_zero_dimensional(tmp_path):
    assert cases.empty_field(ds, FileWriter, str(tmp_path)) == GOLDEN["__empty__"]
