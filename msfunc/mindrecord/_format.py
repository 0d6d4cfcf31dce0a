"""The MindRecord file format: header, page records, blob packing and the SQLite index.

A MindRecord shard is one data file plus ``<file>.db``. The data file starts with
a little-endian uint64 length and a JSON header (schema, pages, index fields),
zero-padded to ``header_size``; page ``k`` follows at ``header_size + k * page_size``.
Each row is one record in a RAW_DATA page (uint64 LE length + a msgpack map of the
scalar fields, keys sorted) and one record in a BLOB_DATA page (uint64 LE length +
the bytes and array fields). With several blob fields each is prefixed by its
big-endian uint64 length; int32/int64 arrays are stored narrowed element by element
(a 2-bit width per element) when the file's version is 3.0 or later. The ``.db`` is
an SQLite file whose INDEXES table gives each row's page and offsets (and the index
fields' values), and whose SHARD_NAME table names the data file it belongs to.
"""

from __future__ import annotations

import json
import os
import sqlite3

import msgpack
import numpy as np

VERSION = "3.0"
SCALAR_TYPES = ("int32", "int64", "float32", "float64", "string", "bytes")
ARRAY_TYPES = ("int32", "int64", "float32", "float64")
HEADER_SIZE_RANGE = (1 << 14, 1 << 27)
PAGE_SIZE_RANGE = (1 << 15, 1 << 28)
DEFAULT_HEADER_SIZE = 1 << 24
DEFAULT_PAGE_SIZE = 1 << 25
DUMMY_RAW = {"id": 0}  # the raw record of a schema whose fields are all blobs
DUMMY_BLOB = bytes(4)  # the blob record of a schema without blob fields
_SQL_TYPES = {
    "int32": "INTEGER",
    "int64": "INTEGER",
    "float32": "REAL",
    "float64": "REAL",
    "string": "TEXT",
}
_INT_LIMITS = [np.iinfo(t) for t in (np.int8, np.int16, np.int32)]


def is_blob(field):
    """True when a schema entry is stored in the blob page (bytes, or an array with a shape)."""
    return field["type"] == "bytes" or "shape" in field


def blob_fields(schema):
    return sorted(name for name, field in schema.items() if is_blob(field))


def compresses_integers(schema, version=VERSION):
    """Whether int32/int64 blob arrays are narrowed (files of version 3.0 and later)."""
    has_int_array = any("shape" in f and f["type"] in ("int32", "int64") for f in schema.values())
    return has_int_array and float(version) >= float(VERSION)


# -- integer narrowing ------------------------------------------------------------------
def compress_ints(values):
    """int array -> uint32 BE count, a 2-bit width code per element, the narrowed LE values."""
    values = np.asarray(values, np.int64).ravel()
    codes = np.full(values.shape, 3, np.uint8)
    for code in (2, 1, 0):  # the smallest signed width holding each value wins
        info = _INT_LIMITS[code]
        codes[(values >= info.min) & (values <= info.max)] = code
    padded = np.zeros(-(-values.size // 4) * 4, np.uint8)
    padded[: values.size] = codes
    quads = padded.reshape(-1, 4)
    bitmap = (quads[:, 0] << 6) | (quads[:, 1] << 4) | (quads[:, 2] << 2) | quads[:, 3]
    widths = 1 << codes.astype(np.int64)
    little = values.astype("<i8").view(np.uint8).reshape(-1, 8)
    data = little[np.arange(8) < widths[:, None]]  # row-major: each value's low bytes in order
    return values.size.to_bytes(4, "big") + bitmap.astype(np.uint8).tobytes() + data.tobytes()


def decompress_ints(raw, dtype):
    """Inverse of `compress_ints`: a 1-D array of `dtype`."""
    count = int.from_bytes(raw[:4], "big")
    n_map = -(-count // 4)
    bitmap = np.frombuffer(raw, np.uint8, n_map, 4)
    shifts = np.array([6, 4, 2, 0], np.uint8)
    codes = ((bitmap[:, None] >> shifts) & 3).ravel()[:count]
    widths = 1 << codes.astype(np.int64)
    starts = 4 + n_map + np.concatenate([[0], np.cumsum(widths)[:-1]]).astype(np.int64)
    buf = np.frombuffer(raw, np.uint8)
    out = np.empty(count, np.int64)
    for code, kind in enumerate(("<i1", "<i2", "<i4", "<i8")):
        where = np.nonzero(codes == code)[0]
        if where.size:
            width = 1 << code
            chunk = buf[starts[where][:, None] + np.arange(width)]
            out[where] = chunk.copy().view(kind).ravel()
    return out.astype(dtype)


# -- records ------------------------------------------------------------------------------
_PACK_SINGLE = msgpack.Packer(use_single_float=True)
_PACK_DOUBLE = msgpack.Packer()
_FLOAT32_MAX = float(np.finfo(np.float32).max)


def pack_raw(row):
    """msgpack of a dict with sorted keys; a float exact in float32 is packed as float32.

    MindSpore's writer packs exactly so, which keeps msfunc's records byte-identical.
    """
    out = bytearray(_PACK_DOUBLE.pack_map_header(len(row)))
    for key in sorted(row):
        value = row[key]
        out += _PACK_DOUBLE.pack(key)
        exact32 = (
            isinstance(value, float)
            and abs(value) <= _FLOAT32_MAX
            and float(np.float32(value)) == value
        )
        out += (_PACK_SINGLE if exact32 else _PACK_DOUBLE).pack(value)
    return bytes(out)


def unpack_raw(data):
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def merge_blob(values, fields, compress):
    """The blob record of one row and the bytes integer narrowing saved.

    `values` holds bytes or arrays by field name; `fields` is [(name, type)] in blob order.
    """
    parts, saved = [], 0
    for name, kind in fields:
        value = values[name]
        if isinstance(value, np.ndarray):
            plain = np.ascontiguousarray(value.astype(kind, copy=False)).tobytes()
            if compress and kind in ("int32", "int64"):
                parts.append(compress_ints(value))
                saved += len(plain) - len(parts[-1])
            else:
                parts.append(plain)
        else:
            parts.append(bytes(value))
    if len(parts) == 1:
        return parts[0], saved
    return b"".join(len(p).to_bytes(8, "big") + p for p in parts), saved


def split_blob(data, names):
    """{field: bytes} from a blob record (the inverse of `merge_blob` before decoding)."""
    if len(names) == 1:
        return {names[0]: data}
    out, pos = {}, 0
    for name in names:
        size = int.from_bytes(data[pos : pos + 8], "big")
        out[name] = data[pos + 8 : pos + 8 + size]
        pos += 8 + size
    return out


def decode_blob(raw, field, compress):
    """A blob field's value: bytes, or an array of its dtype in its shape (-1 inferred)."""
    kind = field["type"]
    if "shape" not in field:
        return bytes(raw)
    if compress and kind in ("int32", "int64"):
        flat = decompress_ints(raw, kind)
    else:
        flat = np.frombuffer(raw, kind).copy()
    return flat.reshape(field["shape"])


# -- header -------------------------------------------------------------------------------
def header_json(
    *, header_size, page_size, schema, desc, index_fields, pages, compression, addresses, shard_id
):
    """The header text, keys in the order MindSpore writes them."""
    fields = (
        None if not index_fields else [{"index_field": f, "schema_id": 0} for f in index_fields]
    )
    ordered_schema = {name: dict(sorted(schema[name].items())) for name in sorted(schema)}
    header = {
        "header_size": header_size,
        "index_fields": fields,
        "page": pages,
        "page_size": page_size,
        "compression_size": max(int(compression), 0),
        "schema": [{"blob_fields": blob_fields(schema), "desc": desc, "schema": ordered_schema}],
        "shard_addresses": addresses,
        "shard_id": shard_id,
        "statistics": None,
        "version": VERSION,
    }
    return json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode()


def page_entry(page_id, shard_id, kind, type_id, start, end, groups, size):
    return {
        "end_row_id": end,
        "page_id": page_id,
        "page_size": size,
        "page_type": kind,
        "page_type_id": type_id,
        "row_group_ids": groups,
        "shard_id": shard_id,
        "start_row_id": start,
    }


def read_header(path):
    """The JSON header of a MindRecord data file (RuntimeError when it is not one, as
    MindSpore's reader raises)."""
    with open(path, "rb") as f:
        head = f.read(8)
        size = int.from_bytes(head, "little") if len(head) == 8 else 0
        text = f.read(size) if 0 < size < HEADER_SIZE_RANGE[1] else b""
    try:
        header = json.loads(text)
        header["schema"][0]["schema"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise RuntimeError(f"{path!r} is not a MindRecord file (no readable header)") from None
    return header


# -- SQLite index ---------------------------------------------------------------------------
_INDEX_COLUMNS = (
    "ROW_ID",
    "PAGE_ID_RAW",
    "PAGE_OFFSET_RAW",
    "PAGE_OFFSET_RAW_END",
    "ROW_GROUP_ID",
    "PAGE_ID_BLOB",
    "PAGE_OFFSET_BLOB",
    "PAGE_OFFSET_BLOB_END",
)


def write_index(db_path, data_name, schema, index_fields, rows):
    """Write the ``.db`` of one shard: `rows` are (the 8 location ints, raw dict) per row."""
    columns = [f"{c} INT NOT NULL" for c in _INDEX_COLUMNS]
    for i, name in enumerate(index_fields):
        columns += [f"INC_{i} INT", f"{name}_0 {_SQL_TYPES[schema[name]['type']]}"]
    keys = ",".join(["ROW_ID"] + [f"INC_{i}" for i in range(len(index_fields))])
    with sqlite3.connect(db_path) as db:
        db.execute(f"CREATE TABLE INDEXES({', '.join(columns)}, PRIMARY KEY({keys}))")
        db.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL)")
        db.execute("INSERT INTO SHARD_NAME (NAME) VALUES (?)", (data_name,))
        width = len(_INDEX_COLUMNS) + 2 * len(index_fields)
        db.executemany(
            f"INSERT INTO INDEXES VALUES ({','.join('?' * width)})",
            [(*loc, *[v for f in index_fields for v in (0, raw[f])]) for loc, raw in rows],
        )
    db.close()


def read_index(path):
    """Each row's (blob page, blob start, blob end, raw page, raw start, raw end), by ROW_ID."""
    db_path = path + ".db"
    if not os.path.isfile(db_path):
        raise RuntimeError(f"the index file {db_path!r} of MindRecord file {path!r} is missing")
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:  # (MindSpore's reader raises RuntimeError for an index it cannot use)
        name = db.execute("SELECT NAME FROM SHARD_NAME").fetchone()
        if name is None or name[0] != os.path.basename(path):
            raise RuntimeError(
                f"{db_path!r} indexes {name and name[0]!r}, not {os.path.basename(path)!r}"
            )
        return db.execute(
            "SELECT PAGE_ID_BLOB, PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END, "
            "PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END FROM INDEXES "
            "ORDER BY ROW_ID"
        ).fetchall()
    except sqlite3.DatabaseError as error:
        raise RuntimeError(f"{db_path!r} is not a MindRecord index: {error}") from None
    finally:
        db.close()


def read_index_rows(path, index_fields):
    """The rows of a shard's ``.db`` as `write_index` takes them: (location, {field: value})."""
    db = sqlite3.connect(f"file:{path}.db?mode=ro", uri=True)
    try:
        values = "".join(f", {f}_0" for f in index_fields)
        rows = db.execute(
            f"SELECT {', '.join(_INDEX_COLUMNS)}{values} FROM INDEXES ORDER BY ROW_ID"
        ).fetchall()
    finally:
        db.close()
    width = len(_INDEX_COLUMNS)
    return [(tuple(r[:width]), dict(zip(index_fields, r[width:]))) for r in rows]
