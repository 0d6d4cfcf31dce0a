"""`CSVDataset`: the records of CSV files, one column per field."""

from __future__ import annotations

import csv
import itertools
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from .mindrecord_source import Shuffle
from .sources import CACHE_ARG, NUM_SAMPLES_ARG, SHARD_ARGS, WORKERS_ARG
from .text_file_source import LineFileSource, match_files

__all__ = ["CSVDataset"]


def _check_args(field_delim, column_defaults, column_names, who):
    if not isinstance(field_delim, str):
        raise TypeError(f"{who}: `field_delim` must be a str, got {field_delim!r}")
    if len(field_delim) != 1 or field_delim in '"\r\n':
        raise ValueError(
            f"{who}: `field_delim` must be one character other than a quote or line end, "
            f"got {field_delim!r}"
        )
    if column_defaults is not None and (
        not isinstance(column_defaults, list)
        or not all(
            isinstance(v, (int, float, str)) and not isinstance(v, bool) for v in column_defaults
        )
    ):
        raise TypeError(
            f"{who}: `column_defaults` must be a list of int, float or str, got {column_defaults!r}"
        )
    if column_names is not None and (
        not isinstance(column_names, list) or not all(isinstance(n, str) for n in column_names)
    ):
        raise TypeError(f"{who}: `column_names` must be a list of str, got {column_names!r}")


@document_args(
    "dataset_files (Union[str, list[str]]): A glob pattern of the files, or a list of them.",
    "field_delim (Union[str, None]): The character between fields; ``None`` is ``','``.\n"
    "    Default: ``','``.",
    "column_defaults (Union[list, None]): One value per column, giving its type (int: int32,\n"
    "    float: float32, str; as in MindSpore 2.10, an empty numeric field fails and an empty\n"
    "    str field is ``''``); ``None`` reads every column as str. Default: ``None``.",
    "column_names (Union[list[str], None]): The column names; ``None`` takes them from the\n"
    "    first record of the first file (the first record of every file is then skipped).\n"
    "    Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    "shuffle (Union[bool, Shuffle]): ``Shuffle.GLOBAL`` (or ``True``) shuffles the files'\n"
    "    order and the rows, ``Shuffle.FILES`` the files' order only, ``False`` nothing.\n"
    "    Default: ``Shuffle.GLOBAL``.",
    *SHARD_ARGS,
    CACHE_ARG,
)
class CSVDataset(LineFileSource):
    """The records of CSV files: one 0-d column per field (int32, float32 or str by
    `column_defaults`). Quoted fields may hold delimiters, doubled quotes and line ends;
    empty records are skipped. Files, workers, shards and shuffles go as in
    `TextFileDataset`.

    Args:
        {args}

    Raises:
        ValueError: `dataset_files` matches no file, `field_delim` is not one usable
            character, or a count is out of range.
        TypeError: an argument has the wrong type.
        RuntimeError: `column_names` repeats a name (when iterated), or a record does not
            parse or match the columns (when read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "a.csv")
        >>> with open(path, "w") as f:
        ...     _ = f.write('x,n\\n"a,b",7\\n')
        >>> d = ds.CSVDataset(path, column_defaults=["", 0], shuffle=False)
        >>> [(str(r["x"]), int(r["n"])) for r in d.create_dict_iterator(output_numpy=True)]
        [('a,b', 7)]
    """

    def __init__(
        self,
        dataset_files: str | list[str],
        field_delim: str = ",",
        column_defaults: list[Any] | None = None,
        column_names: list[str] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | Shuffle = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "CSVDataset"
        field_delim = "," if field_delim is None else field_delim
        _check_args(field_delim, column_defaults, column_names, who)
        self._delim = field_delim
        self._header = column_names is None
        # while counting the rows, a record that does not parse ends its file; reading it
        # fails the pass (see _read_block)
        self._counting = True
        if self._header:
            first = next(self._records(match_files(dataset_files, who)[0], header=False), [])
            column_names = list(first)
        assert column_names is not None  # (given, or read from the header just above)
        self.column_names = list(column_names)
        self._defaults = column_defaults
        self._setup_files(
            dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
        )
        self._counting = False

    def get_col_names(self):
        seen = set()
        for name in self.column_names:
            if name in seen:
                raise RuntimeError(f"CSVDataset: `column_names` repeats {name!r}")
            seen.add(name)
        return list(self.column_names)

    def _records(self, path, header):
        with open(path, encoding="utf-8", newline="") as f:
            records = csv.reader(f, delimiter=self._delim, strict=True)
            try:
                if header:
                    next(records, None)
                for record in records:
                    if record:
                        yield record
            except csv.Error as e:
                if not self._counting:
                    raise RuntimeError(
                        f"{type(self).__name__}: failed to parse {path}: {e}"
                    ) from None

    def _read(self, path):
        return self._records(path, self._header)

    def _read_block(self, path, start, end):
        if end < self._counts[self._files.index(path)]:
            return super()._read_block(path, start, end)
        # (a block that reaches the file's last record parses the rest of the file before
        # giving a row, so a record that does not parse fails the pass at once, as
        # MindSpore's reader does)
        return iter(list(itertools.islice(self._read(path), start, None)))

    def _row(self, record):
        if len(record) != len(self.column_names):
            raise RuntimeError(
                f"{type(self).__name__}: a record has {len(record)} fields, the columns are "
                f"{self.column_names}"
            )
        defaults = self._defaults or [""] * len(record)
        row = []
        for field, default in zip(record, defaults):
            if isinstance(default, str):
                row.append(np.array(field))
                continue
            kind = (np.int32, int) if isinstance(default, int) else (np.float32, float)
            try:
                row.append(np.array(kind[1](field), kind[0]))  # (empty fields fail too)
            except ValueError:
                raise RuntimeError(
                    f"{type(self).__name__}: the field {field!r} is not a {kind[1].__name__}"
                ) from None
        return tuple(row)
