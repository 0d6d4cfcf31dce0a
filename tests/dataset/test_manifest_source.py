"""ManifestDataset's labels (0-d for one class, 1-D for several), class indexes, skipped
non-image files, row orders (shuffle, shards) and the exception types of bad arguments,
against real MindSpore 2.10: tests/golden/manifest_dataset.json from
tests/oracle/gen_manifest_golden.py."""

import json

import pytest
from _reader_golden import reader_golden

import msfunc.dataset as ds

cases, GOLDEN, source, test_rows_match_mindspore, test_errors_match_mindspore = reader_golden(
    "manifest_cases", "manifest_dataset.json"
)


def test_manifest_empty_image_fails_the_pass(tmp_path):
    # (MindSpore fails when the pipeline starts, not when the dataset is made)
    (tmp_path / "empty.jpg").write_bytes(b"")
    line = {"source": str(tmp_path / "empty.jpg"), "usage": "train", "annotation": [{"name": "a"}]}
    (tmp_path / "m.manifest").write_text(json.dumps(line))
    data = ds.ManifestDataset(str(tmp_path / "m.manifest"))
    with pytest.raises(RuntimeError, match="empty"):
        list(data.create_tuple_iterator(output_numpy=True))
