"""MindRecord cases shared by gen_mindrecord_golden.py (MindSpore) and test_mindrecord.py.

Each case is a FileWriter program `write(FileWriter, path)`; run with MindSpore's writer it
makes the ``ms_<case>`` files of tests/data/mindrecord/, with msfunc's the ``msfunc_<case>``
files. `encode` turns what a reader returns into json-able values, the same on both sides.
"""

import gzip
import hashlib
import json
import os
import shutil

import numpy as np

DATA = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "mindrecord"
)
SMALL = {"header": 1 << 14, "page": 1 << 15}


def _writer(FileWriter, path, shard_num=1):
    w = FileWriter(path, shard_num=shard_num, overwrite=True)
    w.set_header_size(SMALL["header"])
    w.set_page_size(SMALL["page"])
    return w


def all_types(FileWriter, path):
    w = _writer(FileWriter, path)
    w.add_schema(
        {
            "id": {"type": "int32"},
            "lab": {"type": "int64"},
            "f": {"type": "float32"},
            "d": {"type": "float64"},
            "s": {"type": "string"},
            "b": {"type": "bytes"},
            "arr": {"type": "float32", "shape": [2, 3]},
            "iv": {"type": "int64", "shape": [-1]},
            "wide": {"type": "int32", "shape": [-1]},
        },
        "every type",
    )
    w.add_index(["id", "s"])
    rows = []
    for i in range(5):
        rows.append(
            {
                "id": i - 2,
                "lab": 10**10 * i,
                "f": 1.5 * i,
                "d": i / 3,
                "s": f"w{i}é",
                "b": bytes([i, 255, 0, 7]) * (i + 1),
                "arr": np.arange(6, dtype=np.float32).reshape(2, 3) * (i - 1.25),
                "iv": np.arange(i + 1, dtype=np.int64) * (-300) ** i,
                "wide": np.array([i, -129, 40000 * i, -(2**31), 2**31 - 1], np.int32),
            }
        )
    w.write_raw_data(rows[:3])
    w.write_raw_data(rows[3:])
    w.commit()


def multipage(FileWriter, path):
    w = _writer(FileWriter, path)
    w.add_schema({"k": {"type": "int64"}, "img": {"type": "bytes"}, "v": {"type": "float64"}})
    w.write_raw_data([{"k": i, "img": bytes([i + 1]) * 12000, "v": i / 7} for i in range(5)])
    w.commit()


def scalars_only(FileWriter, path):
    w = _writer(FileWriter, path)
    w.add_schema({"a": {"type": "int32"}, "x": {"type": "float32"}, "name": {"type": "string"}})
    w.write_raw_data([{"a": -5, "x": 0.1, "name": "z"}, {"a": 7, "x": 2.5, "name": ""}])
    w.commit()


def arrays_only(FileWriter, path):
    w = _writer(FileWriter, path)
    w.add_schema({"m": {"type": "int32", "shape": [2, -1]}})
    w.write_raw_data(
        [
            {"m": np.array([[1, -129], [32767, 2**31 - 1]], np.int32)},
            {"m": np.zeros((2, 3), np.int32)},
        ]
    )
    w.commit()


def sharded(FileWriter, path):
    w = _writer(FileWriter, path, shard_num=2)
    w.add_schema({"x": {"type": "int32"}, "y": {"type": "float32", "shape": [-1]}})
    w.write_raw_data([{"x": i, "y": np.full(i % 3 + 1, i, np.float32)} for i in range(6)])
    w.commit()


def appended(FileWriter, path):
    w = _writer(FileWriter, path)
    w.add_schema(
        {
            "n": {"type": "int64"},
            "tag": {"type": "string"},
            "v": {"type": "int32", "shape": [-1]},
            "raw": {"type": "bytes"},
        }
    )
    w.write_raw_data(
        [
            {
                "n": i,
                "tag": f"t{i}",
                "v": np.arange(i + 1, dtype=np.int32) * 1000,
                "raw": bytes([i]) * 3,
            }
            for i in range(3)
        ]
    )
    w.commit()
    w = FileWriter.open_for_append(path)
    w.write_raw_data(
        [{"n": 10 + i, "tag": "more", "v": np.array([-i], np.int32), "raw": b"x"} for i in range(2)]
    )
    w.commit()


def append_more(FileWriter, path):
    """Append two rows to a file of the `appended` case (written by either framework)."""
    w = FileWriter.open_for_append(path)
    w.write_raw_data(
        [
            {"n": -1, "tag": "late", "v": np.array([5, 6], np.int32), "raw": b""},
            {"n": -2, "tag": "", "v": np.array([2**20], np.int32), "raw": b"\x00"},
        ]
    )
    w.commit()


CASES = {
    "all_types": all_types,
    "multipage": multipage,
    "scalars_only": scalars_only,
    "arrays_only": arrays_only,
    "sharded": sharded,
    "appended": appended,
}
SHARDS = {"sharded": 2}


def write(FileWriter, folder, case, prefix):
    """Run case `case` with `FileWriter` into `folder`; returns the first data file's path."""
    CASES[case](FileWriter, os.path.join(folder, f"{prefix}_{case}.mindrecord"))
    return os.path.join(folder, file_names(case, prefix)[0])


def file_names(case, prefix):
    """The data files (no .db) of a case: ``<prefix>_<case>.mindrecord`` (+ shard digits)."""
    base = f"{prefix}_{case}.mindrecord"
    n = SHARDS.get(case, 1)
    return [base] if n == 1 else [f"{base}{i}" for i in range(n)]


def store(folder, case, prefix):
    """Gzip a case's files (data and .db) from `folder` into tests/data/mindrecord."""
    os.makedirs(DATA, exist_ok=True)
    for name in file_names(case, prefix):
        for part in (name, name + ".db"):
            with (
                open(os.path.join(folder, part), "rb") as src,
                gzip.GzipFile(os.path.join(DATA, part + ".gz"), "wb", mtime=0) as dst,
            ):
                shutil.copyfileobj(src, dst)


def restore(folder, case, prefix):
    """Unpack a case's committed files into `folder`; returns the first data file's path."""
    for name in file_names(case, prefix):
        for part in (name, name + ".db"):
            with (
                gzip.open(os.path.join(DATA, part + ".gz"), "rb") as src,
                open(os.path.join(folder, part), "wb") as dst,
            ):
                shutil.copyfileobj(src, dst)
    return os.path.join(folder, file_names(case, prefix)[0])


def _hex(data):
    # long byte strings are recorded by length and digest, keeping the golden file small
    if len(data) <= 64:
        return data.hex()
    return f"{len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()}"


def encode(value):
    """A reader's value as json: arrays with their dtype and shape, bytes as hex."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind == "S":
            return {
                "dtype": "S",
                "shape": list(value.shape),
                "data": [_hex(v) for v in value.ravel().tolist()],
            }
        return {"dtype": str(value.dtype), "shape": list(value.shape), "data": value.tolist()}
    if isinstance(value, bytes):
        return {"bytes": _hex(value)}
    return value


def read_all(FileReader, MindDataset, path):
    """What FileReader (rows as dicts, in order) and MindDataset (shuffle off) give."""
    reader = FileReader(path)
    reader_schema = reader.schema()
    rows = [{k: [type(v).__name__, encode(v)] for k, v in row.items()} for row in reader.get_next()]
    reader.close()
    dataset = MindDataset(path, shuffle=False)
    columns = dataset.get_col_names()
    table = [
        [encode(np.asarray(c)) for c in row]
        for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)
    ]
    shard = MindDataset(path, columns_list=columns[-1:], shuffle=False, num_shards=3, shard_id=1)
    third = [
        encode(np.asarray(row[0]))
        for row in shard.create_tuple_iterator(output_numpy=True, num_epochs=1)
    ]
    # every requested column indexed: MindSpore reads them from the .db, not the pages
    indexed = [c for c, f in reader_schema.items() if "shape" not in f and f["type"] != "bytes"]
    from_index = None
    if indexed:
        by_index = FileReader(path, columns=indexed)
        from_index = [
            {k: [type(v).__name__, v] for k, v in row.items()} for row in by_index.get_next()
        ]
        by_index.close()
    return {
        "reader": rows,
        "columns": columns,
        "dataset": table,
        "shard_1_of_3": third,
        "from_index": from_index,
    }


def save_program(ds, path):
    """Dataset.save of a pipeline with columns of many dtypes (MindSpore's default sizes)."""
    data = {
        "img": np.arange(12, dtype=np.uint8).reshape(2, 3, 2),
        "lab": np.array([1, 2], np.int32),
        "i8": np.array([1, -2], np.int8),
        "u32": np.array([1, 2], np.uint32),
        "f16": np.ones((2, 2), np.float16),
        "f64": np.array([1.5, 2.5]),
        "s": np.array(["a", "bb"]),
        "i64m": np.arange(8, dtype=np.int64).reshape(2, 2, 2),
    }
    ds.NumpySlicesDataset(data, shuffle=False).save(path)


def digest(path):
    """A data file's header and the length and sha256 of what follows the header area."""
    with open(path, "rb") as f:
        raw = f.read()
    header = json.loads(raw[8 : 8 + int.from_bytes(raw[:8], "little")])
    body = raw[header["header_size"] :]
    return {"header": header, "size": len(raw), "body": hashlib.sha256(body).hexdigest()}
