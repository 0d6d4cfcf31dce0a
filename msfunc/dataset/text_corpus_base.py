"""The base of the text-corpus readers: a folder's files picked by `usage`, read line by line
or as CSV records, with `TextFileDataset`'s file order, shards, workers and shuffles."""

from __future__ import annotations

import itertools
import os
from typing import Any

import numpy as np

from . import config
from .csv_source import CSVDataset
from .mindrecord_source import Shuffle
from .sources import CACHE_ARG, NUM_SAMPLES_ARG, SHARD_ARGS, WORKERS_ARG, dataset_folder
from .text_file_source import LineFileSource

__all__ = [
    "CORPUS_ARGS",
    "CorpusFiles",
    "CorpusLines",
    "CorpusCsv",
    "WorkersLast",
    "all_lines",
    "corpus_lines",
    "corpus_usage",
    "int_or_none",
    "utf8_text",
]


def corpus_usage(usage, allowed, who):
    """`usage` checked against `allowed` (None is ``'all'``): TypeError when not a str,
    ValueError when not one of them.

    Example:
        >>> corpus_usage(None, ("train", "test", "all"), "demo")
        'all'
    """
    if usage is None:
        return "all"
    if not isinstance(usage, str):
        raise TypeError(f"{who}: `usage` must be a str, got {type(usage).__name__}")
    if usage not in allowed:
        raise ValueError(f"{who}: `usage` must be one of {list(allowed)}, got {usage!r}")
    return usage


def corpus_shuffle(shuffle, who):
    """The Shuffle mode `shuffle` asks for: True or None is GLOBAL, False (or INFILE) is
    FALSE, and any other Shuffle member itself; TypeError for anything else.

    Example:
        >>> corpus_shuffle(True, "demo") is Shuffle.GLOBAL
        True
    """
    if shuffle is None or shuffle is True:
        return Shuffle.GLOBAL
    if shuffle is False:
        return Shuffle.FALSE
    if isinstance(shuffle, Shuffle):
        # MindSpore 2.10's corpus readers take Shuffle.INFILE too, and shuffle nothing then
        return Shuffle.FALSE if shuffle is Shuffle.INFILE else shuffle
    raise TypeError(f"{who}: `shuffle` must be a bool or a Shuffle member, got {shuffle!r}")


def int_or_none(value, who, arg):
    """TypeError unless `value` is None or an int (not a bool)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer))):
        raise TypeError(f"{who}: `{arg}` must be an int, got {type(value).__name__}")


def all_lines(path):
    """Every line of `path`, empty ones too, split at "\\n" only (a "\\r" is kept); bytes
    that are not UTF-8 come as surrogates, for `utf8_text` to refuse when a row is made."""
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        for line in f:
            yield line[:-1] if line.endswith("\n") else line


def utf8_text(text, who):
    """`text` as a 0-d str array; RuntimeError when its file held bytes that are not UTF-8
    (as MindSpore fails when such a row reaches Python).

    Example:
        >>> str(utf8_text("abc", "demo"))
        'abc'
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RuntimeError(f"{who}: a row is not valid UTF-8: {text!r}") from None
    return np.array(text)


def corpus_lines(path):
    """The non-empty lines of `path` split at "\\n" only: MindSpore's corpus readers keep
    a "\\r" that ends a line."""
    return (line for line in all_lines(path) if line)


class CorpusFiles(LineFileSource):
    """A source reading a corpus folder's files: `_FILES` maps each usage to its file
    names, in the order MindSpore reads them, and `_COLUMNS` names the columns. Its
    constructor takes MindSpore's usual order of arguments (`WorkersLast` the other one)."""

    _FILES: dict[str, tuple[str, ...]] = {}
    _COLUMNS: tuple[str, ...] = ("text",)

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | Shuffle = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        self._open_corpus(
            dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
        )

    def _open_corpus(
        self, dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
    ):
        who = type(self).__name__
        self.column_names = list(self._COLUMNS)
        root = dataset_folder(dataset_dir, who)
        usage = corpus_usage(usage, tuple(self._FILES), who)
        for arg, value in (
            ("num_samples", num_samples),
            ("num_parallel_workers", num_parallel_workers),
            ("num_shards", num_shards),
            ("shard_id", shard_id),
        ):
            int_or_none(value, who, arg)
        if num_shards is not None and num_shards < 1:
            raise ValueError(f"{who}: `num_shards` must be at least 1, got {num_shards}")
        self._mode = corpus_shuffle(shuffle, who)
        if num_parallel_workers is None:
            num_parallel_workers = config.get_num_parallel_workers()
        files = [os.path.join(root, name) for name in self._FILES[usage]]
        missing = [f for f in files if not os.path.isfile(f)]
        if missing:
            raise RuntimeError(f"{who}: usage {usage!r} needs {missing}, which do not exist")
        self._setup_paths(files, num_samples, num_parallel_workers, num_shards, shard_id)


class WorkersLast(CorpusFiles):
    """A corpus whose constructor takes `num_parallel_workers` after `shard_id`."""

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        shuffle: bool | Shuffle = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        num_parallel_workers: int | None = None,
        cache: Any = None,
    ) -> None:
        self._open_corpus(
            dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
        )


class CorpusLines(CorpusFiles):
    """A corpus of lines: one ``text`` row per non-empty line."""

    def _read(self, path):
        return corpus_lines(path)

    def _row(self, value):
        return (utf8_text(value, type(self).__name__),)


class CorpusCsv(CorpusFiles, CSVDataset):
    """A corpus of CSV files (comma-separated, double-quoted, no header): a str column per
    field, `_COLUMNS` naming them."""

    _delim = ","
    _header = False
    _defaults = None

    def _open_corpus(self, *args):
        # a record that does not parse ends its file while counting; reading it fails
        self._counting = True
        super()._open_corpus(*args)
        self._counting = False

    def _read_block(self, path, start, end):
        # MindSpore 2.10's corpus readers, starting a shard's rows inside a file, keep the
        # last field of the record before and put it in front of the first field
        records = self._read(path)
        before = next(itertools.islice(records, start - 1, None), None) if start else None
        for i, record in enumerate(itertools.islice(records, end - start)):
            if i == 0 and before and record:
                record = [before[-1] + record[0], *record[1:]]
            yield record


# the Args entries every corpus reader shares (each adds its own `usage`)
CORPUS_ARGS = "\n".join(
    [
        "dataset_dir (str): The folder holding the corpus files.",
        NUM_SAMPLES_ARG,
        WORKERS_ARG,
        "shuffle (Union[bool, Shuffle]): ``Shuffle.GLOBAL`` (or ``True``) shuffles the\n"
        "    files' order and the rows, ``Shuffle.FILES`` the files' order only, ``False``\n"
        "    nothing. Default: ``Shuffle.GLOBAL``.",
        *SHARD_ARGS,
        CACHE_ARG,
    ]
)
