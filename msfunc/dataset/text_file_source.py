"""`TextFileDataset`: the non-empty lines of text files, one row each."""

from __future__ import annotations

import glob
import itertools
import os
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from ..common.stdlib_random import Mt19937
from ..common.stdlib_random import shuffle as std_shuffle
from .engine import Dataset
from .mindrecord_source import Shuffle
from .nodes import Shuffle as ShuffleBuffer
from .nodes import _workers
from .sources import CACHE_ARG, NUM_SAMPLES_ARG, SHARD_ARGS, WORKERS_ARG

__all__ = ["TextFileDataset", "match_files"]


def match_files(patterns, who):
    """The sorted files that the glob pattern(s) `patterns` name; raises ValueError when
    they are empty or a pattern matches nothing, TypeError when they are not str/list.

    Example:
        >>> import os, tempfile
        >>> root = tempfile.mkdtemp(); open(os.path.join(root, "a.txt"), "w").close()
        >>> [os.path.basename(f) for f in match_files(os.path.join(root, "*.txt"), "demo")]
        ['a.txt']
    """
    if not isinstance(patterns, (str, list)):
        raise TypeError(f"{who}: `dataset_files` must be a str or a list of str, got {patterns!r}")
    if not patterns:
        raise ValueError(f"{who}: `dataset_files` is empty")
    patterns = [patterns] if isinstance(patterns, str) else patterns
    files, unmatched = set(), []
    for pattern in patterns:
        if not isinstance(pattern, str):
            raise TypeError(f"{who}: `dataset_files` holds {pattern!r}, not a str")
        found = [f for f in glob.glob(pattern) if os.path.isfile(f)]
        if not found:
            unmatched.append(pattern)
        files.update(os.path.realpath(f) for f in found)
    if unmatched:
        raise ValueError(f"{who}: no file matches {unmatched}")
    return sorted(files)


def _lines(path):
    """The non-empty lines of `path` split at "\\n" only (MindSpore keeps a "\\r" that
    ends a line, and a line of "\\r" alone is not empty)."""
    with open(path, encoding="utf-8", errors="replace", newline="") as f:
        for line in f:
            line = line[:-1] if line.endswith("\n") else line
            if line:
                yield line


def _file_mode(shuffle, who):
    if shuffle is None or shuffle is True:
        return Shuffle.GLOBAL
    if shuffle is False:
        return Shuffle.FALSE
    if isinstance(shuffle, Shuffle) and shuffle in (Shuffle.GLOBAL, Shuffle.FILES, Shuffle.FALSE):
        return shuffle
    raise TypeError(
        f"{who}: `shuffle` must be a bool or Shuffle.GLOBAL, Shuffle.FILES or Shuffle.FALSE, "
        f"got {shuffle!r}"
    )


def _count(value, who, arg, low):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{who}: `{arg}` must be an int, got {value!r}")
    if value < low:
        raise ValueError(f"{who}: `{arg}` must be at least {low}, got {value}")
    return int(value)


class LineFileSource(Dataset):
    """Rows read line by line from files, split into shards by rows and dealt to workers
    the way MindSpore's text sources deal them."""

    def _setup_files(
        self, dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
    ):
        who = type(self).__name__
        self._mode = _file_mode(shuffle, who)
        files = match_files(dataset_files, who)
        self._setup_paths(files, num_samples, num_parallel_workers, num_shards, shard_id)

    def _setup_paths(self, files, num_samples, num_parallel_workers, num_shards, shard_id):
        """Read `files` in this order (`self._mode` set): the counts, shards and buffer."""
        who = type(self).__name__
        self._files = list(files)
        self._num_samples = _count(num_samples, who, "num_samples", 0) or None
        self._num_shards = _count(num_shards, who, "num_shards", 1)
        self._shard_id = _count(shard_id, who, "shard_id", 0)
        if (num_shards is None) != (shard_id is None):
            raise RuntimeError(f"{who}: `num_shards` and `shard_id` must be given together")
        shards, shard = self._num_shards, self._shard_id  # (given together: checked above)
        if shards is not None and shard is not None and shard >= shards:
            raise ValueError(f"{who}: `shard_id` must be in [0, num_shards), got {shard_id}")
        self._num_workers = _workers(num_parallel_workers, who)
        self._counts = [sum(1 for _ in self._read(f)) for f in self._files]
        self._buffer = None
        if self._mode is Shuffle.GLOBAL:
            # MindSpore shuffles the rows through a buffer of 4 files' worth of this shard's
            # rows (at most 10000), after shuffling the files' order
            rows = self._size_unsampled()
            per_file = rows // len(self._files)
            size = min(per_file * 4, 10000) if per_file else 10000
            self._buffer = ShuffleBuffer(_Unshuffled(self), max(size, 2))

    def _read(self, path):  # pragma: no cover - abstract
        raise NotImplementedError

    def _blocks(self, file_order):
        """(file, first row, end row) runs of this shard's rows, files in `file_order`:
        each shard takes ceil(rows / shards) consecutive rows, wrapping to the start."""
        counts = [self._counts[i] for i in file_order]
        total = sum(counts)
        if not self._num_shards:
            return [(f, 0, c) for f, c in zip(file_order, counts) if c]
        per_shard = -(-total // self._num_shards)
        assert self._shard_id is not None  # (given with num_shards)
        wanted = np.arange(self._shard_id * per_shard, (self._shard_id + 1) * per_shard) % total
        starts = np.cumsum([0, *counts])
        blocks = []
        for row in wanted.tolist():
            k = int(np.searchsorted(starts, row, side="right")) - 1
            local = row - int(starts[k])
            if blocks and blocks[-1][0] == file_order[k] and blocks[-1][2] == local:
                blocks[-1] = (blocks[-1][0], blocks[-1][1], local + 1)
            else:
                blocks.append((file_order[k], local, local + 1))
        return blocks

    def _file_order(self, ctx):
        """The files' order this pass: MindSpore shuffles its list of files again every
        pass, with an mt19937 seeded by the dataset seed (unsharded) or by the pass number."""
        if self._mode is Shuffle.FALSE:
            return list(range(len(self._files)))
        passes, order = ctx.streams.get(("files", id(self)), (0, list(range(len(self._files)))))
        seed = passes + 1 if self._num_shards else ctx.seed
        std_shuffle(order, Mt19937(seed & 0xFFFFFFFF))
        ctx.streams[("files", id(self))] = (passes + 1, order)
        return list(order)

    def _rows(self, ctx):
        if self._buffer is not None:
            yield from self._buffer._rows(ctx)
            return
        yield from self._unshuffled(ctx)

    def _unshuffled(self, ctx):
        file_order = self._file_order(ctx)
        blocks = self._blocks(file_order)
        # blocks go to the workers in turn; the rows come from the workers in turn
        streams = [
            itertools.chain.from_iterable(
                self._read_block(self._files[f], start, end)
                for f, start, end in blocks[w :: self._num_workers]
            )
            for w in range(self._num_workers)
        ]
        rows = (
            row
            for turn in itertools.zip_longest(*streams, fillvalue=_DONE)
            for row in turn
            if row is not _DONE
        )
        for row in itertools.islice(rows, self._num_samples):
            yield self._row(row)

    def _read_block(self, path, start, end):
        """Rows `start` to `end` (excluded) of the file `path`."""
        return itertools.islice(self._read(path), start, end)

    def _row(self, value):  # pragma: no cover - abstract
        raise NotImplementedError

    def _size_unsampled(self):
        total = sum(self._counts)
        return -(-total // self._num_shards) if self._num_shards else total

    def _size(self):
        total = self._size_unsampled()
        return total if self._num_samples is None else min(total, self._num_samples)


class _Unshuffled(Dataset):
    """A line source's rows before its shuffle buffer."""

    def __init__(self, source):
        self._source = source
        self.column_names = source.column_names

    def _rows(self, ctx):
        yield from self._source._unshuffled(ctx)

    def _size(self):
        return self._source._size()


_DONE = object()


@document_args(
    "dataset_files (Union[str, list[str]]): A glob pattern of the files, or a list of them.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    "shuffle (Union[bool, Shuffle]): ``Shuffle.GLOBAL`` (or ``True``) shuffles the files'\n"
    "    order and the rows, ``Shuffle.FILES`` the files' order only, ``False`` nothing.\n"
    "    Default: ``Shuffle.GLOBAL``.",
    *SHARD_ARGS,
    CACHE_ARG,
)
class TextFileDataset(LineFileSource):
    """The non-empty lines of text files: one column ``text`` of 0-d str arrays.

    Files are read in sorted order; with several workers, file i goes to worker
    i mod workers and rows come from the workers in turn. Shards take equal runs
    of rows (the last one wrapping to the first rows).

    Args:
        {args}

    Raises:
        ValueError: `dataset_files` is empty or matches no file, or a count is out of range.
        TypeError: `dataset_files` or `shuffle` has the wrong type.
        RuntimeError: only one of `num_shards` and `shard_id` is given.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "a.txt")
        >>> with open(path, "w") as f:
        ...     _ = f.write("first\\n\\nsecond\\n")
        >>> d = ds.TextFileDataset(path, shuffle=False)
        >>> [str(r["text"]) for r in d.create_dict_iterator(output_numpy=True)]
        ['first', 'second']
    """

    def __init__(
        self,
        dataset_files: str | list[str],
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | Shuffle = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        self.column_names = ["text"]
        self._setup_files(
            dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
        )

    def _read(self, path):
        return _lines(path)

    def _row(self, value):
        return (np.array(value),)
