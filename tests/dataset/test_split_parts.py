"""Dataset.split against real MindSpore 2.10: tests/golden/split.json from
tests/oracle/gen_split_golden.py (cases in tests/oracle/split_cases.py)."""

import json
import os
import sys

import numpy as np
import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import split_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "split.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.mark.parametrize("k", range(len(cases.SIZES)))
def test_parts_and_refusals_match_mindspore(k):
    assert cases._parts(ds, cases.SIZES[k], False) == GOLDEN["fixed"][k]


@pytest.mark.parametrize("k", range(4))
def test_parts_of_a_non_source_match_mindspore(k):
    data = cases._source(ds).project(["x"])
    assert cases._parts(ds, cases.SIZES[k], False, data) == GOLDEN["projected"][k]


def test_sharded_source_is_refused():
    data = cases._source(ds, num_shards=2, shard_id=0)
    assert cases._parts(ds, [4, 1], False, data) == GOLDEN["sharded"]


def test_random_split_and_shards_after_it_match_mindspore():
    got = cases.outcome(ds)["randomized"]
    assert got == GOLDEN["randomized"]


def test_parts_of_a_pipeline_are_copies_not_shared_nodes():
    # MindSpore splits deep copies of the pipeline: both parts (and the pipeline itself) iterate
    # without the "not a tree" refusal two readers of one node get
    d = ds.NumpySlicesDataset({"x": np.arange(10)}, shuffle=False).map(lambda x: x * 2, ["x"])
    a, b = d.split([0.7, 0.3], randomize=True)
    rows = [[int(r[0]) for r in p.create_tuple_iterator(output_numpy=True)] for p in (a, b, d)]
    assert [len(r) for r in rows] == [7, 3, 10]
    assert sorted(rows[0] + rows[1]) == list(range(0, 20, 2))
