"""ManifestDataset's labels (0-d for one class, 1-D for several), class indexes, skipped
non-image files, row orders (shuffle, shards) and the exception types of bad arguments,
against real MindSpore 2.10: tests/golden/manifest_dataset.json from
tests/oracle/gen_manifest_golden.py."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import manifest_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "manifest_dataset.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(scope="module")
def pattern(tmp_path_factory):
    return cases.write_files(str(tmp_path_factory.mktemp("manifest")))


def test_manifest_orders_match_mindspore(pattern):
    seed = ds.config.get_seed()
    try:
        got = {name: cases.outcome(ds, pattern, case) for name, case in cases.CASES.items()}
    finally:
        ds.config.set_seed(seed)
    assert got == {name: GOLDEN[name] for name in cases.CASES}


def test_manifest_errors_match_mindspore(pattern):
    got = {name: cases.error_of(ds, pattern, kw) for name, kw in cases.BAD.items()}
    assert got == GOLDEN["__errors__"]


def test_manifest_empty_image_fails_the_pass(tmp_path):
    # (MindSpore fails when the pipeline starts, not when the dataset is made)
    (tmp_path / "empty.jpg").write_bytes(b"")
    line = {"source": str(tmp_path / "empty.jpg"), "usage": "train", "annotation": [{"name": "a"}]}
    (tmp_path / "m.manifest").write_text(json.dumps(line))
    data = ds.ManifestDataset(str(tmp_path / "m.manifest"))
    with pytest.raises(RuntimeError, match="empty"):
        list(data.create_tuple_iterator(output_numpy=True))
