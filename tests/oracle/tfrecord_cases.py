"""TFRecordDataset cases shared by gen_tfrecord_golden.py (real MindSpore) and
tests/dataset/test_tfrecord.py (msfunc): the files they read and what each case records.

The files are written with msfunc's own record framing and Example encoding, loaded from
``msfunc/dataset/tfrecord_format.py`` by path (it needs only numpy and protobuf), so
MindSpore's interpreter can write them too.
"""

import gzip
import importlib.util
import json
import os

import numpy as np

_FORMAT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    "..",
    "..",
    "msfunc",
    "dataset",
    "tfrecord_format.py",
)


def _format():
    spec = importlib.util.spec_from_file_location("tfrecord_format", _FORMAT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write(folder):
    """Three files of 3, 4 and 2 rows (ids 0-8), a GZIP copy of the second, a schema."""
    fmt = _format()
    start = 0
    for name, rows in (("a", 3), ("b", 4), ("c", 2)):
        records = []
        for i in range(start, start + rows):
            features = {
                "id": [i],
                "v": [i / 2, -float(i)],
                "s": [b"r%d" % i],
                "m": [i, i + 1, i + 2, i + 3],
            }
            records.append(fmt.frame_record(fmt.encode_example(features)))
        with open(os.path.join(folder, f"{name}.tfrecord"), "wb") as f:
            f.write(b"".join(records))
        start += rows
    with open(os.path.join(folder, "b.tfrecord"), "rb") as f:
        data = f.read()
    with open(os.path.join(folder, "b.gz"), "wb") as f:
        f.write(gzip.compress(data, mtime=0))
    schema = {
        "datasetType": "TF",
        "numRows": 5,
        "columns": {
            "v": {"type": "float64", "rank": 1, "shape": [2]},
            "m": {"type": "int16", "rank": 2, "shape": [2, 2]},
            "s": {"type": "string", "rank": 1},
        },
    }
    with open(os.path.join(folder, "schema.json"), "w") as f:
        json.dump(schema, f)


def _rows(dataset):
    out = []
    for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
        out.append(
            {k: [str(v.dtype), list(v.shape), np.asarray(v).tolist()] for k, v in row.items()}
        )
    return out


def _ids(dataset):
    return [int(r["id"][0]) for r in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]


def _error(make):
    try:
        make()
    except Exception as exc:  # noqa: BLE001 - the type is the result
        return type(exc).__name__
    return None


def run(ds, mstype, folder):
    """Every case's result, for `ds` (mindspore.dataset or msfunc.dataset)."""
    files = [os.path.join(folder, f"{n}.tfrecord") for n in ("c", "a", "b")]
    out = {}
    plain = ds.TFRecordDataset(files, shuffle=False, num_parallel_workers=2)
    out["plain"] = [plain.get_col_names(), plain.get_dataset_size(), _rows(plain)]
    one = ds.TFRecordDataset(files[1], shuffle=False, num_parallel_workers=1)
    out["one_worker"] = _ids(one)
    schema_file = os.path.join(folder, "schema.json")
    by_file = ds.TFRecordDataset(files[1:], schema_file, shuffle=False, num_parallel_workers=1)
    out["schema_file"] = [by_file.get_col_names(), by_file.get_dataset_size(), _rows(by_file)]
    schema = ds.Schema()
    schema.add_column("s", de_type=mstype.string, shape=[1])
    schema.add_column("id", de_type=mstype.int32, shape=[])
    schema.add_column("m", de_type=mstype.int64, shape=[2, -1])
    by_obj = ds.TFRecordDataset(files[1], schema=schema, shuffle=False)
    types = [np.dtype(t).str for t in by_obj.output_types()]  # (np.str_ reads '<U0')
    out["schema_object"] = [by_obj.get_col_names(), types, _rows(by_obj)]
    listed = ds.TFRecordDataset(files[1], columns_list=["v", "id"], shuffle=False)
    out["columns_list"] = [listed.get_col_names(), _rows(listed)[:1]]
    ds.config.set_seed(3)
    out["files_shuffle"] = _ids(
        ds.TFRecordDataset(files, shuffle=ds.Shuffle.FILES, num_parallel_workers=1).repeat(3)
    )
    out["global_shuffle"] = _ids(ds.TFRecordDataset(files, num_parallel_workers=1).repeat(2))
    out["num_samples"] = _ids(
        ds.TFRecordDataset(files, num_samples=4, shuffle=False, num_parallel_workers=2)
    )
    out["shards"] = [
        _ids(
            ds.TFRecordDataset(
                files, num_shards=2, shard_id=k, shuffle=ds.Shuffle.FILES, num_parallel_workers=2
            ).repeat(2)
        )
        for k in (0, 1)
    ]
    out["equal_rows"] = [
        _ids(
            ds.TFRecordDataset(
                files,
                num_shards=2,
                shard_id=k,
                shard_equal_rows=True,
                shuffle=ds.Shuffle.FILES,
                num_parallel_workers=2,
            ).repeat(2)
        )
        for k in (0, 1)
    ]
    gz = ds.TFRecordDataset(os.path.join(folder, "b.gz"), compression_type="GZIP", shuffle=False)
    out["gzip"] = _ids(gz)
    out["errors"] = {
        "compression": _error(lambda: ds.TFRecordDataset(files, compression_type="LZ4")),
        "shuffle": _error(lambda: ds.TFRecordDataset(files, shuffle=3)),
        "shard_alone": _error(lambda: ds.TFRecordDataset(files, num_shards=2)),
        "no_file": _error(lambda: ds.TFRecordDataset(os.path.join(folder, "none.tfrecord"))),
        "num_samples": _error(lambda: ds.TFRecordDataset(files, num_samples=-1)),
        "bad_column": _error(lambda: _ids(ds.TFRecordDataset(files, columns_list=["zz", "id"]))),
        "bytes_as_int": _error(
            lambda: _rows(ds.TFRecordDataset(files[1], schema=_bytes_as_int(ds, mstype)))
        ),
    }
    ds.config.set_seed(5489)
    return out


def _bytes_as_int(ds, mstype):
    """A schema that reads the bytes feature ``s`` as int64 (which fails)."""
    schema = ds.Schema()
    schema.add_column("s", de_type=mstype.int64)
    return schema
