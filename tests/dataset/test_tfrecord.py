"""TFRecordDataset against MindSpore 2.10 (tests/golden/tfrecord.json, from
tests/oracle/gen_tfrecord_golden.py): columns, dtypes, shapes, row orders and errors."""

import json
import os
import sys

import pytest

import msfunc as ms
import msfunc.dataset as ds

ORACLE = os.path.join(os.path.dirname(__file__), "..", "oracle")
sys.path.insert(0, ORACLE)
import tfrecord_cases as cases  # noqa: E402

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden", "tfrecord.json")


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tfrecord")
    cases.write(str(folder))
    seed = ds.config.get_seed()
    try:
        return json.loads(json.dumps(cases.run(ds, ms, str(folder))))
    finally:
        ds.config.set_seed(seed)


with open(GOLDEN) as _f:
    _GOLDEN = json.load(_f)


@pytest.mark.parametrize("case", sorted(_GOLDEN))
def test_tfrecord_matches_mindspore(results, case):
    assert results[case] == _GOLDEN[case]
