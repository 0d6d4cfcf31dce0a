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
from msfunc.mindrecord import FileReader, FileWriter, MindPage  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "mindrecord_orders.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    return cases.write_files(FileWriter, str(tmp_path_factory.mktemp("orders")))


@pytest.mark.parametrize("name", sorted(n for n in cases.CASES if not n.startswith("pk")))
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


@pytest.mark.skipif(not hasattr(ds, "PKSampler"), reason="msfunc.dataset has no PKSampler here")
def test_minddataset_pk_sampler(paths):
    # In its default loading MindSpore 2.10 reads, for each PK row, the first row of that
    # row's file (a MindSpore bug msfunc does not copy): mapped that way, msfunc's rows are
    # MindSpore's; unmapped, they are the classes in text order ("0", "1", "10", ...),
    # num_val rows each
    starts = [sum(cases.COUNTS[:i]) for i in range(len(cases.COUNTS))]

    def first_of_file(row):
        return max(s for s in starts if s <= row)

    for name in ("pk", "pk-shuffle-samples"):
        got, golden = cases.outcome(ds, paths, cases.CASES[name]), GOLDEN[name]
        assert got["size"] == golden["size"]
        assert [[first_of_file(r) for r in p] for p in got["passes"]] == golden["passes"]
    classes = sorted(str(i) for i in range(sum(cases.COUNTS)))
    got = cases.outcome(ds, paths, cases.CASES["pk"])["passes"]
    assert got[0] == got[1] == [int(c) for c in classes for _ in range(2)]


def test_unreadable_files_raise_as_mindspore(tmp_path):
    assert cases.bad_files(ds, FileWriter, str(tmp_path)) == GOLDEN["__bad_files__"]


def test_decode_reads_a_bytes_column(tmp_path):
    # MindDataset yields a bytes field as a 1-element bytes array, which MindSpore's Decode
    # takes; the reference is PIL decoding the same bytes
    import io

    import numpy as np
    from PIL import Image

    from msfunc.dataset import vision

    image = np.arange(24, dtype=np.uint8).reshape(2, 4, 3)
    buf = io.BytesIO()
    Image.fromarray(image).save(buf, format="PNG")
    path = str(tmp_path / "img.mindrecord")
    w = FileWriter(path)
    w.add_schema({"img": {"type": "bytes"}})
    w.write_raw_data([{"img": buf.getvalue()}])
    w.commit()
    data = ds.MindDataset(path, shuffle=False).map(vision.Decode(), "img")
    (row,) = data.create_tuple_iterator(num_epochs=1, output_numpy=True)
    np.testing.assert_array_equal(row[0], np.asarray(Image.open(io.BytesIO(buf.getvalue()))))


def test_getitem_reads_the_first_pass(paths):
    # data[i] is row i of a fresh iterator's first pass (MindSpore's random access)
    seed = ds.config.get_seed()
    try:
        ds.config.set_seed(cases.SEED)
        data = ds.MindDataset(paths, shuffle=ds.Shuffle.PARTIAL, num_shards=3, shard_id=1)
        labels = [int(data[i][0]) for i in range(data.get_dataset_size())]
        assert labels == GOLDEN["stride-partial-3.1"]["passes"][0]
        with pytest.raises(RuntimeError):
            data[len(labels)]
        with pytest.raises(ValueError):
            data[-1]
    finally:
        ds.config.set_seed(seed)


def test_file_reader_reads_nothing_after_close(tmp_path):
    got = cases.reader_after_close(FileReader, FileWriter, str(tmp_path))
    assert got == GOLDEN["__reader_close__"]


def test_mind_page_matches_mindspore(tmp_path):
    assert (
        cases.mind_page(MindPage, FileWriter, str(tmp_path), FileReader) == GOLDEN["__mind_page__"]
    )
