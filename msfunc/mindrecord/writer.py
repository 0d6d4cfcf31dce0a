"""`FileWriter`: write MindRecord files (data file + SQLite ``.db`` per shard) MindSpore reads."""

from __future__ import annotations

import os
import re
import warnings

import numpy as np

from . import _format as fmt
from .exceptions import MRMGetMetaError, MRMInvalidSchemaError, ParamValueError

__all__ = ["FileWriter"]

# The Python value types a schema type accepts (numpy scalars only their own type).
_ACCEPTS = {
    int: ("int32", "int64"),
    float: ("float32", "float64"),
    str: ("string",),
    bytes: ("bytes",),
    np.int32: ("int32",),
    np.int64: ("int64",),
    np.float32: ("float32",),
    np.float64: ("float64",),
}
_FORBIDDEN_NAME_CHARS = set("\\/:*?\"<>|`&';")


def check_file_name(path, who):
    if not isinstance(path, str) or not path:
        raise ValueError(f"{who}: `file_name` must be a non-empty str, got {path!r}")
    base = os.path.basename(path)
    if (
        path.endswith("/")
        or not base
        or set(base) & _FORBIDDEN_NAME_CHARS
        or (base != base.strip(" "))
    ):
        raise ValueError(
            f"{who}: `file_name` {path!r} is not a valid file name (no directory "
            "part at its end, none of \\/:*?\"<>|`&'; and no outer spaces)"
        )
    return path


class _Shard:
    """One data file being written: its open pages and the index rows of its records."""

    def __init__(self, path, shard_id, header_size, page_size):
        self.path, self.shard_id = path, shard_id
        self.header_size, self.page_size = header_size, page_size
        self.file = open(path, "w+b")
        self.pages = []
        self.blob = self.raw = None  # the page entries being filled
        self.groups = self.raw_pages = self.rows = 0
        self.index = []

    @classmethod
    def reopen(cls, path, shard_id, header, index_fields):
        """A shard of an existing file, its pages and index rows read back, ready to append."""
        shard = cls.__new__(cls)
        shard.path, shard.shard_id = path, shard_id
        shard.header_size, shard.page_size = header["header_size"], header["page_size"]
        shard.file = open(path, "r+b")
        shard.pages = sorted(header["page"], key=lambda p: p["page_id"])
        blobs = [p for p in shard.pages if p["page_type"] == "BLOB_DATA"]
        raws = [p for p in shard.pages if p["page_type"] == "RAW_DATA"]
        # New rows open a new row group (a new blob page): the groups already written keep
        # their rows contiguous in their raw page, which MindSpore's index rebuild relies on.
        shard.blob, shard.raw = None, raws[-1] if raws else None
        shard.groups, shard.raw_pages = len(blobs), len(raws)
        shard.rows = sum(p["end_row_id"] - p["start_row_id"] for p in blobs)
        shard.index = fmt.read_index_rows(path, index_fields)
        return shard

    def _new_page(self, kind, type_id, start, groups):
        page = fmt.page_entry(
            len(self.pages), self.shard_id, kind, type_id, start, start, groups, 0
        )
        self.pages.append(page)
        return page

    def _put(self, page, record):
        offset = page["page_size"]
        data = len(record).to_bytes(8, "little") + record
        os.pwrite(
            self.file.fileno(), data, self.header_size + page["page_id"] * self.page_size + offset
        )
        page["page_size"] += len(data)
        return offset, offset + len(data)

    def add(self, raw_record, blob_record, raw_values):
        raw_len, blob_len = len(raw_record) + 8, len(blob_record) + 8
        if max(raw_len, blob_len) > self.page_size:
            raise ValueError(
                f"FileWriter: a row needs {max(raw_len, blob_len)} bytes, more "
                f"than the page size {self.page_size}; call set_page_size"
            )
        # A row group shares one blob page and lies in one raw page: a full page starts one.
        if (
            self.blob is None
            or self.blob["page_size"] + blob_len > self.page_size
            or self.raw["page_size"] + raw_len > self.page_size
        ):
            self.blob = self._new_page(
                "BLOB_DATA", self.groups, self.rows, [{"id": 0, "offset": 0}]
            )
            self.groups += 1
            if self.raw is None or self.raw["page_size"] + raw_len > self.page_size:
                self.raw = self._new_page("RAW_DATA", self.raw_pages, 0, [])
                self.raw_pages += 1
            self.raw["row_group_ids"].append(
                {"id": self.blob["page_type_id"], "offset": self.raw["page_size"]}
            )
        blob_at = self._put(self.blob, blob_record)
        raw_at = self._put(self.raw, raw_record)
        self.blob["end_row_id"] += 1
        self.index.append(
            (
                (
                    self.rows,
                    self.raw["page_id"],
                    *raw_at,
                    self.blob["page_type_id"],
                    self.blob["page_id"],
                    *blob_at,
                ),
                raw_values,
            )
        )
        self.rows += 1


class FileWriter:
    """Write rows (dicts) into MindRecord files that MindSpore's `MindDataset` and
    `FileReader` read, and msfunc's too.

    `shard_num` > 1 writes `file_name` + a shard number (``data.mindrecord0`` ...), each
    with its own ``.db`` index; each `write_raw_data` call spreads its rows over the
    shards in contiguous blocks. Schema types: int32, int64, float32, float64, string,
    bytes, and int32/int64/float32/float64 arrays given a ``shape`` (-1: any length).
    A row that does not match the schema is skipped with a warning, as MindSpore does.

    Args:
        file_name (str): The file written (with `shard_num` > 1, the stem of the shards' names).
        shard_num (int): The number of shard files, in [1, 1000]. Default: ``1``.
        overwrite (bool): Replace existing files of the same names rather than raise. Default:
            ``False``.

    Example:
        >>> import os, tempfile, numpy as np
        >>> from msfunc.mindrecord import FileWriter, FileReader
        >>> path = os.path.join(tempfile.mkdtemp(), "demo.mindrecord")
        >>> writer = FileWriter(path)
        >>> writer.add_schema({"label": {"type": "int32"}, "x": {"type": "float32", "shape": [2]}})
        >>> writer.write_raw_data([{"label": 1, "x": np.array([0.5, 1.5], np.float32)}])
        >>> writer.commit()
        >>> [row["label"] for row in FileReader(path).get_next()]
        [1]
    """

    def __init__(self, file_name: str, shard_num: int = 1, overwrite: bool = False):
        check_file_name(file_name, "FileWriter")
        if (
            isinstance(shard_num, bool)
            or not isinstance(shard_num, int)
            or not (1 <= shard_num <= 1000)
        ):
            raise ParamValueError(
                f"FileWriter: `shard_num` must be an int in [1, 1000], got {shard_num!r}"
            )
        if not isinstance(overwrite, bool):
            raise ParamValueError(f"FileWriter: `overwrite` must be a bool, got {overwrite!r}")
        width = len(str(shard_num - 1))
        self._paths = (
            [file_name]
            if shard_num == 1
            else [f"{file_name}{str(i).rjust(width, '0')}" for i in range(shard_num)]
        )
        self._overwrite = overwrite
        self._schema = None
        self._desc = ""
        self._index_fields = None
        self._header_size = fmt.DEFAULT_HEADER_SIZE
        self._page_size = fmt.DEFAULT_PAGE_SIZE
        self._shards = None
        self._compression = 0
        self._committed = False

    @classmethod
    def open_for_append(cls, file_name):
        """A FileWriter adding rows to existing MindRecord files (every shard of
        `file_name`'s set, written by msfunc or MindSpore) under their schema; `commit`
        rewrites their headers and indexes.

        Example:
            >>> import os, tempfile
            >>> from msfunc.mindrecord import FileWriter, FileReader
            >>> path = os.path.join(tempfile.mkdtemp(), "grow.mindrecord")
            >>> writer = FileWriter(path)
            >>> writer.add_schema({"n": {"type": "int64"}})
            >>> writer.write_raw_data([{"n": 1}])
            >>> writer.commit()
            >>> writer = FileWriter.open_for_append(path)
            >>> writer.write_raw_data([{"n": 2}])
            >>> writer.commit()
            >>> [row["n"] for row in FileReader(path).get_next()]
            [1, 2]
        """
        check_file_name(file_name, "FileWriter.open_for_append")
        if not os.path.isfile(file_name):
            raise ValueError(f"FileWriter.open_for_append: {file_name!r} does not exist")
        header = fmt.read_header(file_name)
        folder = os.path.dirname(file_name)
        paths = [os.path.join(folder, a) for a in header["shard_addresses"]]
        writer = cls.__new__(cls)
        writer.__init__(paths[0], 1, True)
        entry = header["schema"][0]
        writer._paths, writer._schema = paths, entry["schema"]
        writer._desc = entry.get("desc", "")
        writer._index_fields = [f["index_field"] for f in header["index_fields"] or ()]
        writer._header_size, writer._page_size = header["header_size"], header["page_size"]
        writer._compression = header.get("compression_size", 0)
        writer._shards = [
            _Shard.reopen(p, i, fmt.read_header(p), writer._index_fields)
            for i, p in enumerate(paths)
        ]
        return writer

    # -- set-up ---------------------------------------------------------------------------
    def add_schema(self, content, desc=None):
        """Declare the fields: ``{name: {"type": ...}}`` or ``{"type": ..., "shape": [...]}``.

        Example:
            >>> from msfunc.mindrecord import FileWriter
            >>> writer = FileWriter("/tmp/unused.mindrecord")
            >>> writer.add_schema({"id": {"type": "int64"},
            ...                    "pixels": {"type": "int32", "shape": [-1]}})
        """
        if not isinstance(content, dict) or not content:
            raise MRMInvalidSchemaError(
                f"FileWriter.add_schema: `content` must be a non-empty dict, got {content!r}"
            )
        for name, field in content.items():
            if not isinstance(name, str) or not re.fullmatch(r"[0-9A-Za-z_]+", name):
                raise MRMInvalidSchemaError(
                    f"FileWriter.add_schema: field name {name!r} must use only 0-9, a-z, A-Z and _"
                )
            if not isinstance(field, dict) or "type" not in field or set(field) - {"type", "shape"}:
                raise MRMInvalidSchemaError(
                    f"FileWriter.add_schema: field {name!r} must be a dict with "
                    f"'type' (and 'shape' for arrays), got {field!r}"
                )
            kinds = fmt.ARRAY_TYPES if "shape" in field else fmt.SCALAR_TYPES
            if field["type"] not in kinds:
                raise MRMInvalidSchemaError(
                    f"FileWriter.add_schema: field {name!r} has type "
                    f"{field['type']!r}; expected one of {kinds}"
                )
            if "shape" in field and (
                not isinstance(field["shape"], list)
                or not all(isinstance(d, int) and (d > 0 or d == -1) for d in field["shape"])
            ):
                raise MRMInvalidSchemaError(
                    f"FileWriter.add_schema: field {name!r} needs a list of "
                    f"positive ints or -1 as 'shape', got {field['shape']!r}"
                )
        if desc is not None and not isinstance(desc, str):
            raise TypeError(f"FileWriter.add_schema: `desc` must be a str, got {desc!r}")
        self._schema = {k: dict(v) for k, v in content.items()}
        self._desc = desc or ""

    def add_index(self, index_fields):
        """Fields (scalar ones) to index in the ``.db``; by default every scalar field."""
        if not isinstance(index_fields, list) or not index_fields:
            raise TypeError(
                f"FileWriter.add_index: `index_fields` must be a non-empty list of "
                f"str, got {index_fields!r}"
            )
        schema = self._require_schema("add_index")
        for name in index_fields:
            if not isinstance(name, str):
                raise TypeError(f"FileWriter.add_index: index field {name!r} is not a str")
            if name not in schema or fmt.is_blob(schema[name]):
                raise ValueError(
                    f"FileWriter.add_index: {name!r} is not a scalar field of "
                    "the schema (bytes and array fields cannot be indexed)"
                )
        self._index_fields = list(index_fields)

    def set_header_size(self, header_size):
        """The bytes reserved for each file's header, in [16 KB, 128 MB], a multiple of 4."""
        self._header_size = self._size(header_size, fmt.HEADER_SIZE_RANGE, "header_size")

    def set_page_size(self, page_size):
        """The bytes of each data page, in [32 KB, 256 MB], a multiple of 4 (a row must fit)."""
        self._page_size = self._size(page_size, fmt.PAGE_SIZE_RANGE, "page_size")

    def _size(self, value, bounds, arg):
        if self._shards is not None:
            raise RuntimeError(f"FileWriter: set `{arg}` before the first write_raw_data")
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not (bounds[0] <= value <= bounds[1])
            or value % 4
        ):
            raise ValueError(
                f"FileWriter: `{arg}` must be an int in [{bounds[0]}, {bounds[1]}]"
                f" divisible by 4, got {value!r}"
            )
        return value

    def _require_schema(self, who):
        if self._schema is None:
            raise MRMGetMetaError(f"FileWriter.{who}: call add_schema first")
        return self._schema

    # -- writing --------------------------------------------------------------------------
    def _open(self):
        for path in self._paths:
            for p in (path, path + ".db"):
                if os.path.exists(p):
                    if not self._overwrite:
                        raise RuntimeError(
                            f"FileWriter: {p!r} exists; pass overwrite=True to replace it"
                        )
                    os.remove(p)
        self._shards = [
            _Shard(p, i, self._header_size, self._page_size) for i, p in enumerate(self._paths)
        ]

    def _problem(self, row):
        """Why `row` does not match the schema, or None."""
        for name, field in self._schema.items():
            if name not in row:
                return f"it has no field {name!r}"
            value = row[name]
            if isinstance(value, np.ndarray):
                if "shape" not in field:
                    return f"field {name!r} is an array but the schema gives it no shape"
                if str(value.dtype) != field["type"]:
                    return f"field {name!r} has dtype {value.dtype}, the schema {field['type']}"
                try:
                    np.reshape(value, field["shape"])
                except ValueError:
                    return f"field {name!r} of shape {value.shape} fits no {field['shape']}"
            elif field["type"] not in _ACCEPTS.get(type(value), ()) or "shape" in field:
                return f"field {name!r} holds a {type(value).__name__}, the schema {field}"
        return None

    def write_raw_data(self, raw_data, parallel_writer=False):
        """Append rows (a list of dicts, one entry per schema field) to the files."""
        schema = self._require_schema("write_raw_data")
        if self._committed:
            raise RuntimeError("FileWriter.write_raw_data: the files are already committed")
        if not isinstance(parallel_writer, bool):
            raise TypeError(
                f"FileWriter.write_raw_data: `parallel_writer` must be a bool, got "
                f"{parallel_writer!r}"
            )
        if not isinstance(raw_data, list) or not all(isinstance(r, dict) for r in raw_data):
            raise TypeError("FileWriter.write_raw_data: `raw_data` must be a list of dicts")
        rows = []
        for i, row in enumerate(raw_data):
            problem = self._problem(row)
            if problem:
                warnings.warn(
                    f"FileWriter.write_raw_data: row {i} is skipped: {problem}", stacklevel=2
                )
            else:
                rows.append(row)
        if not rows:
            raise RuntimeError("FileWriter.write_raw_data: no row matches the schema")
        if self._shards is None:
            self._open()
        blobs = [(n, schema[n]["type"]) for n in fmt.blob_fields(schema)]
        compress = fmt.compresses_integers(schema)
        scalars = [n for n in schema if not fmt.is_blob(schema[n])]
        per, extra = divmod(len(rows), len(self._shards))
        start = 0
        for shard_no, shard in enumerate(self._shards):
            stop = start + per + (shard_no < extra)
            for row in rows[start:stop]:
                raw = {
                    n: row[n].item() if isinstance(row[n], np.generic) else row[n] for n in scalars
                }
                blob, saved = fmt.merge_blob(row, blobs, compress) if blobs else (fmt.DUMMY_BLOB, 0)
                self._compression += saved  # what narrowing saved: the header records it
                shard.add(fmt.pack_raw(raw or fmt.DUMMY_RAW), blob, raw)
            start = stop

    def commit(self):
        """Write each file's header and its ``.db`` index; the files are then complete."""
        schema = self._require_schema("commit")
        if self._committed:
            raise RuntimeError("FileWriter.commit: the files are already committed")
        if self._shards is None:
            self._open()
        index_fields = self._index_fields
        if index_fields is None:
            index_fields = [n for n in sorted(schema) if not fmt.is_blob(schema[n])]
        addresses = [os.path.basename(p) for p in self._paths]
        for shard in self._shards:
            header = fmt.header_json(
                header_size=self._header_size,
                page_size=self._page_size,
                schema=schema,
                desc=self._desc,
                index_fields=index_fields,
                pages=shard.pages,
                compression=self._compression,
                addresses=addresses,
                shard_id=shard.shard_id,
            )
            if len(header) + 8 > self._header_size:
                raise ValueError(
                    f"FileWriter.commit: the header needs {len(header) + 8} bytes, "
                    f"more than header_size {self._header_size}; call "
                    "set_header_size before writing"
                )
            os.pwrite(shard.file.fileno(), len(header).to_bytes(8, "little") + header, 0)
            shard.file.close()
            if os.path.exists(shard.path + ".db"):  # an appended file's index is rebuilt
                os.remove(shard.path + ".db")
            fmt.write_index(
                shard.path + ".db", addresses[shard.shard_id], schema, index_fields, shard.index
            )
        self._committed = True
