"""MindRecord files: msfunc reads MindSpore's and MindSpore reads msfunc's (MindSpore 2.10 golden).

tests/oracle/gen_mindrecord_golden.py has MindSpore write the ``ms_*`` files of
tests/data/mindrecord and records what MindSpore reads from them and from msfunc's
``msfunc_*`` files (``PYTHONPATH=. python tests/dataset/test_mindrecord.py`` rewrites those).
"""

import itertools
import json
import os
import sqlite3
import sys
import tempfile

import numpy as np
import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import mindrecord_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.mindrecord import FileReader, FileWriter  # noqa: E402
from msfunc.mindrecord import _format as fmt  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "mindrecord.json")) as _f:
    GOLDEN = json.load(_f)

# MindSpore lays pages out in another order when several pages are filled at once, and
# splits rows over shards at random: the data bytes of those cases differ, the rows do not.
SAME_BYTES = ("all_types", "scalars_only", "arrays_only")


def _json(value):
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("case", list(cases.CASES))
def test_msfunc_reads_mindspore_files(case, tmp_path):
    path = cases.restore(str(tmp_path), case, "ms")
    assert _json(cases.read_all(FileReader, ds.MindDataset, path)) == GOLDEN["ms"][case]


@pytest.mark.parametrize("case", list(cases.CASES))
def test_mindspore_reads_msfunc_files(case, tmp_path):
    # What MindSpore read from msfunc's files is what it reads from its own for the same rows
    assert GOLDEN["msfunc"][case] == GOLDEN["ms"][case]
    # and msfunc still writes exactly those files (the data bytes, the index rows)
    committed = tmp_path / "committed"
    committed.mkdir()
    cases.restore(str(committed), case, "msfunc")
    cases.write(FileWriter, str(tmp_path), case, "msfunc")
    for name in cases.file_names(case, "msfunc"):
        assert (tmp_path / name).read_bytes() == (committed / name).read_bytes()
        tables = []
        for folder in (tmp_path, committed):
            with sqlite3.connect(folder / f"{name}.db") as db:
                tables.append(
                    [
                        db.execute("SELECT * FROM INDEXES ORDER BY ROW_ID").fetchall(),
                        db.execute("SELECT NAME FROM SHARD_NAME").fetchall(),
                    ]
                )
            db.close()
        assert tables[0] == tables[1]


@pytest.mark.parametrize("prefix", ["ms", "msfunc"])
def test_append_matches_mindspore(prefix, tmp_path):
    # msfunc appends what MindSpore appended to the same file; both read the same rows
    path = cases.restore(str(tmp_path), "appended", prefix)
    cases.append_more(FileWriter, path)
    assert _json(cases.read_all(FileReader, ds.MindDataset, path)) == GOLDEN["append"][prefix]


@pytest.mark.parametrize("case", SAME_BYTES)
def test_data_file_bytes_match_mindspore(case, tmp_path):
    ms_path = cases.restore(str(tmp_path), case, "ms")
    ours = cases.write(FileWriter, str(tmp_path), case, "msfunc")
    with open(ms_path, "rb") as a, open(ours, "rb") as b:
        ms_bytes, our_bytes = a.read(), b.read()
    n_ms, n_ours = (int.from_bytes(x[:8], "little") for x in (ms_bytes, our_bytes))
    head_ms = json.loads(ms_bytes[8 : 8 + n_ms])
    head_ours = json.loads(our_bytes[8 : 8 + n_ours])
    head_ours["shard_addresses"] = head_ms["shard_addresses"]  # the only difference: names
    assert head_ours == head_ms
    size = head_ms["header_size"]
    assert our_bytes[size:] == ms_bytes[size:]


def test_dataset_save_writes_mindspore_file(tmp_path):
    path = str(tmp_path / "saved.mindrecord")
    cases.save_program(ds, path)
    assert _json(cases.digest(path)) == GOLDEN["save"]


def test_integer_narrowing_round_trip():
    rng = np.random.default_rng(0)
    bounds = [2**7, 2**15, 2**31, 2**62]
    values = np.concatenate([rng.integers(-b, b, 9) for b in bounds] + [[127, -128, 128, -129]])
    packed = fmt.compress_ints(values)
    widths = np.select([np.abs(values + 0.5) < b for b in bounds], [1, 2, 4, 8])
    assert len(packed) == 4 + -(-values.size // 4) + widths.sum()
    np.testing.assert_array_equal(fmt.decompress_ints(packed, "int64"), values)


def _write(path, rows, schema, **kw):
    w = FileWriter(path, **kw)
    w.add_schema(schema)
    w.write_raw_data(rows)
    w.commit()


def test_rows_that_miss_the_schema_are_skipped(tmp_path):
    path = str(tmp_path / "skip.mindrecord")
    schema = {"a": {"type": "int32"}, "v": {"type": "float32", "shape": [2]}}
    good = {"a": 1, "v": np.ones(2, np.float32)}
    with pytest.warns(UserWarning) as caught:
        _write(
            path,
            [
                good,
                {"a": 1.5, "v": np.ones(2, np.float32)},
                {"a": 2, "v": np.ones(2, np.float64)},
                {"a": 3},
            ],
            schema,
        )
    assert [str(w.message).split(":")[1] for w in caught] == [
        " row 1 is skipped",
        " row 2 is skipped",
        " row 3 is skipped",
    ]
    assert [r["a"] for r in FileReader(path).get_next()] == [1]


def test_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="shard_num"):
        FileWriter(str(tmp_path / "x.mindrecord"), shard_num=0)
    w = FileWriter(str(tmp_path / "x.mindrecord"))
    with pytest.raises(ValueError, match="type"):
        w.add_schema({"a": {"type": "uint8"}})
    with pytest.raises(ValueError, match="page_size"):
        w.set_page_size(1000)
    w.add_schema({"a": {"type": "int32"}, "b": {"type": "bytes"}})
    with pytest.raises(ValueError, match="not a scalar field"):
        w.add_index(["b"])
    _write(str(tmp_path / "y.mindrecord"), [{"a": 1, "b": b""}], w._schema)
    with pytest.raises(RuntimeError, match="overwrite=True"):
        _write(str(tmp_path / "y.mindrecord"), [{"a": 1, "b": b""}], w._schema)
    with pytest.raises(RuntimeError, match="columns_list"):  # (when read, as MindSpore)
        next(iter(ds.MindDataset(str(tmp_path / "y.mindrecord"), columns_list=["nope"])))


def test_minddataset_shards_and_shuffles(tmp_path):
    path = str(tmp_path / "s.mindrecord")
    _write(path, [{"n": i} for i in range(10)], {"n": {"type": "int64"}}, shard_num=3)

    def values(**kw):
        d = ds.MindDataset(path + "0", **kw)
        return [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]

    blocks = [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]]  # rows split over the files in blocks
    assert values(shuffle=False) == sum(blocks, [])
    assert sorted(values()) == list(range(10)) and values() != list(range(10))
    files = values(shuffle=ds.Shuffle.FILES)
    assert files in [sum(p, []) for p in itertools.permutations(blocks)]
    infile = values(shuffle=ds.Shuffle.INFILE)
    assert [sorted(infile[0:4]), sorted(infile[4:7]), sorted(infile[7:])] == blocks
    shards = [values(num_shards=2, shard_id=i, shuffle=False, num_samples=4) for i in (0, 1)]
    assert shards == [[0, 2, 4, 6], [1, 3, 5, 7]]


def test_import_mindspore_mindrecord_is_msfunc():
    from msfunc.compat import alias_mindspore, unalias_mindspore

    alias_mindspore()
    try:
        from mindspore.dataset import MindDataset
        from mindspore.mindrecord import FileWriter as AliasedWriter

        assert AliasedWriter is FileWriter and MindDataset is ds.MindDataset
    finally:
        unalias_mindspore()


if __name__ == "__main__":  # rewrite the msfunc_* files MindSpore's check reads
    for name in cases.CASES:
        with tempfile.TemporaryDirectory() as folder:
            cases.write(FileWriter, folder, name, "msfunc")
            cases.store(folder, name, "msfunc")
    print("wrote", sorted(os.listdir(cases.DATA)))
