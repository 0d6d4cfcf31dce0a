"""Reading MindRecord files: `MindRecordFiles` (random access to rows) and `FileReader`."""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np

from . import _format as fmt
from .exceptions import ParamValueError

__all__ = ["FileReader", "MindRecordFiles"]


class MindRecordFiles:
    """Rows of a set of MindRecord shards, by position (shard after shard, each by row id).

    `file_name` is one file (its header names every shard of its set, all are read) or a
    list of files (exactly those, in that order).
    """

    def __init__(self, file_name, who, missing: type[Exception] = ValueError):
        # a named file that is not there: MindDataset's arguments check raises ValueError,
        # FileReader's and MindPage's reader RuntimeError (`missing`)
        self._missing = missing
        if isinstance(file_name, (list, tuple)):
            if not file_name or not all(isinstance(f, str) for f in file_name):
                raise TypeError(f"{who}: the file list must be a non-empty list of str")
            paths = list(file_name)
            for path in paths:  # (the files named are checked first, as MindSpore's arguments)
                self._check_exists(path, who)
        elif isinstance(file_name, (str, os.PathLike)):
            path = os.fspath(file_name)
            self._check_exists(path, who)
            folder = os.path.dirname(path)
            paths = [os.path.join(folder, a) for a in fmt.read_header(path)["shard_addresses"]]
        else:
            raise TypeError(
                f"{who}: expected a file name or a list of them, got {type(file_name).__name__}"
            )
        self.paths = paths
        self._rows, self._files, self._layout = [], [], []
        for shard, path in enumerate(paths):
            if not os.path.isfile(path):  # a shard the header names (MindSpore's reader fails)
                raise RuntimeError(f"{who}: MindRecord file {path!r} of the set does not exist")
            header = fmt.read_header(path)
            if shard == 0:
                entry = header["schema"][0]
                self.schema = entry["schema"]
                self.blob_fields = list(entry["blob_fields"])
                self.compress = fmt.compresses_integers(self.schema, header.get("version", "0"))
                # (in the header's order: MindPage lists them so)
                self.index_order = [f["index_field"] for f in header["index_fields"] or ()]
                self.index_fields = set(self.index_order)
            elif header["schema"][0]["schema"] != self.schema:
                raise RuntimeError(f"{who}: {path!r} has another schema than {paths[0]!r}")
            elif (header["header_size"], header["page_size"]) != self._layout[0]:
                raise RuntimeError(
                    f"{who}: {path!r} has another header or page size than {paths[0]!r}"
                )
            self._layout.append((header["header_size"], header["page_size"]))
            self._rows += [(shard, *loc) for loc in fmt.read_index(path)]
            self._files.append(open(path, "rb"))
        self._lock = threading.Lock()

    def _check_exists(self, path, who):
        if not os.path.isfile(path):
            raise self._missing(f"{who}: MindRecord file {path!r} does not exist")

    def __len__(self):
        return len(self._rows)

    def shard_ranges(self):
        """The row positions of each file, in order."""
        shards = np.array([r[0] for r in self._rows], np.int64)
        return [np.nonzero(shards == s)[0] for s in range(len(self.paths))]

    def _read(self, shard, page, start, end):
        header_size, page_size = self._layout[shard]
        offset = header_size + page * page_size + start + 8  # past the record's length
        with self._lock:  # one handle per shard, shared by the reading threads
            f = self._files[shard]
            f.seek(offset)
            return f.read(end - start - 8)

    def row(self, index, columns=None):
        """Row `index` as {field: value}: raw fields as stored (int, float, str), then the
        blob fields (bytes, or arrays of their dtype and shape)."""
        shard, blob_page, blob_start, blob_end, raw_page, raw_start, raw_end = self._rows[index]
        raw = fmt.unpack_raw(self._read(shard, raw_page, raw_start, raw_end))
        out = {
            k: v for k, v in raw.items() if k in self.schema and (columns is None or k in columns)
        }
        if columns and self.index_fields.issuperset(columns):
            # MindSpore then reads the values from the index as SQLite's text: floats keep
            # 15 significant digits there and float32 fields are parsed as float32
            out = {k: self._from_index_text(v, self.schema[k]["type"]) for k, v in out.items()}
        wanted = [
            f for f in (self.blob_fields if columns is None else columns) if f in self.blob_fields
        ]
        if wanted:
            parts = fmt.split_blob(
                self._read(shard, blob_page, blob_start, blob_end), self.blob_fields
            )
            for name in wanted:
                out[name] = fmt.decode_blob(parts[name], self.schema[name], self.compress)
        return out

    @staticmethod
    def _from_index_text(value, kind):
        if not isinstance(value, float):
            return value
        value = float(f"{value:.15g}")
        return float(np.float32(value)) if kind == "float32" else value

    @property
    def closed(self):
        """Whether `close` was called."""
        return not self._files

    def close(self):
        for f in self._files:
            f.close()
        self._files = []


def _as_python(value):
    # MindSpore's reader hands a whole-number float back as an int (1.0 -> 1); so does msfunc.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


class FileReader:
    """Read the rows of MindRecord files as dicts (see `MindRecordFiles` for `file_name`).

    `columns` picks fields; `num_consumer` and `operator` are accepted for MindSpore's
    signature and change nothing.

    Args:
        file_name (Union[str, list[str]]): One file (its header names every shard of its set;
            all are read) or a list of files (exactly those, in that order).
        num_consumer (int): MindSpore's reader threads, a positive int; unused. Default: ``4``.
        columns (Union[list[str], None]): The fields read; ``None`` reads every field. Default:
            ``None``.
        operator (Any): MindSpore's reserved argument; unused. Default: ``None``.

    Example:
        >>> import os, tempfile
        >>> from msfunc.mindrecord import FileWriter, FileReader
        >>> path = os.path.join(tempfile.mkdtemp(), "words.mindrecord")
        >>> writer = FileWriter(path)
        >>> writer.add_schema({"word": {"type": "string"}, "n": {"type": "int64"}})
        >>> writer.write_raw_data([{"word": "a", "n": 1}, {"word": "b", "n": 2}])
        >>> writer.commit()
        >>> reader = FileReader(path, columns=["word"])
        >>> reader.len(), [row for row in reader.get_next()]
        (2, [{'word': 'a'}, {'word': 'b'}])
        >>> reader.close()
    """

    def __init__(
        self,
        file_name: str | list[str],
        num_consumer: int = 4,
        columns: list[str] | None = None,
        operator: Any = None,
    ):
        if (
            isinstance(num_consumer, bool)
            or not isinstance(num_consumer, int)
            or (num_consumer < 1)
        ):
            raise ParamValueError(
                f"FileReader: `num_consumer` must be a positive int, got {num_consumer!r}"
            )
        if columns is not None and not isinstance(columns, list):
            raise TypeError(f"FileReader: `columns` must be a list of str, got {columns!r}")
        self._files = MindRecordFiles(file_name, "FileReader", RuntimeError)
        missing = [c for c in columns or () if c not in self._files.schema]
        if missing:
            raise ValueError(
                f"FileReader: `columns` {missing} are not fields of the schema "
                f"{sorted(self._files.schema)}"
            )
        self._columns = columns or None

    def get_next(self):
        """Yield each row as a dict, shard after shard (none once the reader is closed)."""
        for i in range(len(self._files)):
            if self._files.closed:
                return
            row = self._files.row(i, self._columns)
            yield {k: _as_python(v) for k, v in row.items()}

    def len(self):
        """The number of rows."""
        return len(self._files)

    def schema(self):
        """The schema, ``{field: {"type": ..., ("shape": ...)}}``."""
        return {k: dict(v) for k, v in self._files.schema.items()}

    def close(self):
        """Close the files."""
        self._files.close()


def index_text(value) -> str:
    """A field's value as MindRecord's SQLite index holds it, as text (a class name of
    PKSampler and MindPage): 15 significant digits for a float.

    Example:
        >>> index_text(3), index_text(0.5), index_text(2.0), index_text("a")
        ('3', '0.5', '2.0', 'a')
    """
    if isinstance(value, float):
        return f"{value:.15g}" if not value.is_integer() else f"{value:.1f}"
    return str(value)


def column_array(value, field):
    """A field's value as the numpy array MindDataset yields for it."""
    kind = field["type"]
    if kind == "bytes":
        return np.array([value])  # MindSpore gives bytes as a one-element 'S' array
    if kind == "string":
        return np.array(value)
    value = np.asarray(value, dtype=kind)
    if value.size == 0 and "shape" in field:
        # MindSpore hands an empty array field back as a 0-d array (its value is whatever
        # its buffer held; msfunc's is 0)
        return np.zeros((), dtype=kind)
    return value
