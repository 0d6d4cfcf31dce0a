"""Checked reads and atomic writes of the profiler's json, csv and text files."""

import csv
import json
import os
import shutil
import tempfile

import numpy as np

from .. import log as logger
from .path_manager import PathManager

__all__ = ["FileManager"]


def _read(path, what, reader, mode="r", encoding: str | None = "utf-8", newline=None):
    """`reader(file)` on the checked file `path`; a failure to read or parse is a RuntimeError."""
    PathManager.check_input_file_path(path)
    PathManager.check_directory_path_readable(path)
    try:
        with open(path, mode, encoding=None if "b" in mode else encoding, newline=newline) as f:
            return reader(f)
    except Exception as err:
        raise RuntimeError(f"Failed read {what} file {path}: {err}") from err


def _write_atomic(path, what, writer, mode, permissions):
    """Writes `path` through `writer(file)` into a temporary file beside it, then renames it
    over `path`: a reader never sees half a file, and a failed write leaves the old one."""
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp_", suffix=os.path.basename(path))
    try:
        os.chmod(tmp, permissions)
        with os.fdopen(fd, mode, newline=None if "b" in mode else "") as f:
            writer(f)
        os.replace(tmp, path)
    except Exception as err:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise RuntimeError(f"Failed create {what} file {path}: {err}") from err


class FileManager:
    """Class methods that read and write the profiler's files after `PathManager`'s checks.

    Writes go to a temporary file renamed into place, with mode 0o640.

    Example:
        >>> import os, tempfile
        >>> from msfunc.profiler.file_manager import FileManager
        >>> path = os.path.join(tempfile.mkdtemp(), "rows.csv")
        >>> FileManager.create_csv_file(path, [["a", 1]], headers=["name", "value"])
        >>> FileManager.read_csv_file(path)
        [['name', 'value'], ['a', '1']]
    """

    MAX_PATH_LENGTH = PathManager.MAX_PATH_LENGTH
    MAX_FILE_NAME_LENGTH = PathManager.MAX_FILE_NAME_LENGTH
    DATA_FILE_AUTHORITY = 0o640
    DATA_DIR_AUTHORITY = 0o700
    FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC

    @classmethod
    def read_file_content(cls, path, mode="r"):
        """The whole content of `path` (text, or bytes with mode "rb")."""
        return _read(path, "the", lambda f: f.read(), mode=mode, encoding=None)

    @classmethod
    def read_json_file(cls, file_path):
        """The parsed content of the json file `file_path`."""
        return _read(file_path, "json", json.load)

    @classmethod
    def create_json_file(cls, output_file_path, json_data, indent=None):
        """Writes `json_data` as json; empty data writes nothing (a warning)."""
        PathManager.check_directory_path_writeable(os.path.dirname(output_file_path))
        if not json_data:
            logger.warning("No json data to write to %s", output_file_path)
            return
        text = json.dumps(json_data, indent=indent, ensure_ascii=False)
        _write_atomic(
            output_file_path, "json", lambda f: f.write(text), "w", cls.DATA_FILE_AUTHORITY
        )

    @classmethod
    def write_bytes(cls, file_path, data):
        """Writes the bytes `data` to `file_path`."""
        PathManager.check_directory_path_writeable(os.path.dirname(file_path))
        _write_atomic(file_path, "binary", lambda f: f.write(data), "wb", cls.DATA_FILE_AUTHORITY)

    @classmethod
    def read_csv_file(cls, file_path):
        """The rows of a csv file as lists of strings (the header row included)."""
        return _read(file_path, "csv", lambda f: list(csv.reader(f)), newline="")

    @classmethod
    def read_csv_file_as_numpy(cls, file_path, extern_headers=None):
        """``(records, headers)``: the rows as a numpy structured array of objects, one field a
        column; `extern_headers` are extra (empty) fields put before the file's columns."""

        def reader(f):
            rows = csv.DictReader(f, delimiter=",", quotechar='"')
            headers = list(extern_headers or []) + list(rows.fieldnames or [])
            dtype = np.dtype([(h, object) for h in headers])
            return np.array([tuple(row.get(h) for h in headers) for row in rows], dtype), headers

        return _read(file_path, "csv", reader, newline="")

    @classmethod
    def create_csv_file(cls, file_path, data, headers=None):
        """Writes the rows `data` (after a `headers` row when given); no rows writes nothing."""
        if not data:
            logger.error("No csv rows to write to %s", file_path)
            return
        PathManager.check_directory_path_writeable(os.path.dirname(file_path))

        def writer(f):
            out = csv.writer(f)
            if headers:
                out.writerow(headers)
            out.writerows(data)

        _write_atomic(file_path, "csv", writer, "w", cls.DATA_FILE_AUTHORITY)

    @classmethod
    def combine_csv_file(cls, source_file_list, target_file_path, header_map=None):
        """Concatenates the rows of csv files into one; the header is the last non-empty
        file's, each name renamed through `header_map`."""
        headers, rows = [], []
        for source in source_file_list:
            table = cls.read_csv_file(source)
            if len(table) > 1:
                headers = table[0]
                rows.extend(table[1:])
        if rows:
            if isinstance(header_map, dict):
                headers = [header_map.get(h, h) for h in headers]
            cls.create_csv_file(target_file_path, rows, headers)

    @classmethod
    def read_txt_file(cls, file_path):
        """The lines of a text file, each stripped of surrounding white space."""
        return _read(file_path, "txt", lambda f: [line.strip() for line in f])

    @classmethod
    def copy_file(cls, src_path, dst_path):
        """Copies a file with its metadata; a missing source is a warning."""
        if not os.path.exists(src_path):
            logger.warning("The source file does not exist: %s", src_path)
            return
        PathManager.check_input_file_path(src_path)
        PathManager.check_directory_path_readable(os.path.dirname(src_path))
        PathManager.check_directory_path_writeable(os.path.dirname(dst_path))
        try:
            shutil.copy2(src_path, dst_path)
        except (shutil.Error, OSError) as err:
            raise RuntimeError(f"Could not copy {src_path} to {dst_path}: {err}") from err

    @classmethod
    def get_csv_file_list_by_start_name(cls, source_path, start_name):
        """The csv files in `source_path` whose names start with `start_name`."""
        return [
            os.path.join(source_path, name)
            for name in os.listdir(source_path)
            if name.startswith(start_name) and name.endswith(".csv")
        ]

    @classmethod
    def check_file_owner(cls, path):
        """Whether `path` belongs to root or the effective user."""
        owner = os.stat(path).st_uid
        return owner in (0, os.geteuid())
