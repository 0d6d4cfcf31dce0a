"""Datasets over in-memory data: `NumpySlicesDataset` and `GeneratorDataset`.

Sources with random access read their samples in an order decided per epoch
(shuffled when asked, then split into `num_shards` for data-parallel training,
then cut to `num_samples`); `num_parallel_workers` threads read them, in order.
"""

from __future__ import annotations

import inspect
import os
import types
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from . import config
from ._workers import ordered_map
from .batch_sampled import BatchSampledGenerator, check_batch_sampler
from .engine import Dataset, as_row, check_columns
from .more_samplers import Sampler, as_sampler
from .nodes import _workers
from .samplers import DistributedSampler, RandomSampler, SequentialSampler, in_range

__all__ = ["IndexedSource", "NumpySlicesDataset", "GeneratorDataset"]

# Args entries that the IndexedSource datasets word alike (see `document_args`): the
# row-selecting arguments they pass on to `IndexedSource._setup`, and `cache`.
NUM_SAMPLES_ARG = (
    "num_samples (Union[int, None]): Rows read per epoch at most; ``None`` reads all.\n"
    "    Default: ``None``."
)
SHUFFLE_ARGS = (
    "shuffle (Union[bool, None]): Shuffle the rows each epoch; ``None`` means ``True`` unless\n"
    "    a `sampler` is given. Default: ``None``.",
    "sampler (Union[RandomSampler, SequentialSampler, None]): Order of the rows, instead of\n"
    "    `shuffle`. Default: ``None``.",
)
SHARD_ARGS = (
    "num_shards (Union[int, None]): Number of shards the rows are divided into (with\n"
    "    `shard_id`). Default: ``None``.",
    "shard_id (Union[int, None]): The shard this dataset reads, in ``[0, num_shards)``.\n"
    "    Default: ``None``.",
)
WORKERS_ARG = "num_parallel_workers (Union[int, None]): Threads reading rows. Default: ``None``."
CACHE_ARG = "cache (Any): Accepted for MindSpore's signature; unused. Default: ``None``."


def dataset_folder(path, who, arg="dataset_dir"):
    """`path` (a str or path-like naming a folder) as a str: TypeError when it is no path,
    ValueError when no folder is there, the checks every file reader makes first.

    Example:
        >>> import tempfile
        >>> dataset_folder(tempfile.gettempdir(), "demo") == tempfile.gettempdir()
        True
        >>> dataset_folder(3, "demo")
        Traceback (most recent call last):
        TypeError: demo: `dataset_dir` must be a path, got int
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{who}: `{arg}` must be a path, got {type(path).__name__}")
    path = os.fspath(path)
    if not os.path.isdir(path):
        raise ValueError(f"{who}: `{arg}` {path!r} is not a directory")
    return path


def dataset_file(path, who, arg):
    """`path` (a str or path-like naming a file) as a str: TypeError when it is no path,
    ValueError when no file is there (the checks of a reader's list or annotation file).

    Example:
        >>> dataset_file(__file__, "demo", "annotation_file") == __file__
        True
        >>> dataset_file(3, "demo", "annotation_file")
        Traceback (most recent call last):
        TypeError: demo: `annotation_file` must be a path, got int
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{who}: `{arg}` must be a path, got {type(path).__name__}")
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise ValueError(f"{who}: `{arg}` {path!r} is not a file")
    return path


def _names_of(column_names, schema):
    """GeneratorDataset's column names: as given, else those of `schema` (a `Schema` or a
    schema json file), as MindSpore takes them."""
    if column_names is not None:
        return column_names
    if schema is None:
        raise ValueError("GeneratorDataset: `column_names` (or `schema`) is required")
    from .random_source import Schema

    if isinstance(schema, str):
        schema = Schema(schema)
    return [column["name"] for column in schema.columns]


def _check_generator_args(max_rowsize, num_parallel_workers):
    """Raise as MindSpore's GeneratorDataset does for these arguments' values."""
    for name, value in (
        ("max_rowsize", max_rowsize),
        ("num_parallel_workers", num_parallel_workers),
    ):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"GeneratorDataset: `{name}` must be an int, got {value!r}")
    if num_parallel_workers is not None:
        config.workers_arg(num_parallel_workers, "GeneratorDataset")
    if max_rowsize is not None and not -1 <= max_rowsize <= 2**31 - 1:
        raise ValueError(
            f"GeneratorDataset: `max_rowsize` must be in [-1, 2**31 - 1], got {max_rowsize}"
        )


def _optional_count(value, who, arg):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{who}: `{arg}` must be a positive int or None, got {value!r}")
    return int(value)


class IndexedSource(Dataset):
    """A source whose sample i can be read on its own (`_get(i)`)."""

    # What a clash of `sampler`, `shuffle` and the shard arguments raises: ValueError here
    # (MindSpore's Python-fed sources), RuntimeError for the sources MindSpore reads in C++.
    _option_clash = ValueError

    def _takes_sampler(self):
        return True

    def _setup(
        self, length, shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler=None
    ):
        who = type(self).__name__
        self._length = int(length)
        for arg, value in (("num_shards", num_shards), ("shard_id", shard_id)):
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, (int, np.integer))
            ):
                raise TypeError(f"{who}: `{arg}` must be an int, got {value!r}")
        if sampler is not None:
            if shuffle is not None:
                raise self._option_clash(f"{who}: give `sampler` or `shuffle`, not both")
            if num_shards is not None or shard_id is not None:
                raise self._option_clash(f"{who}: give `sampler` or the shard arguments, not both")
            one_id = isinstance(sampler, int) and self._option_clash is RuntimeError
            # (the sources MindSpore reads in C++ take an int as one row id)
            given: Any = [int(sampler)] if one_id else sampler
            sampler = as_sampler(given, num_samples, who)
        self._sampler = sampler
        self._shuffle = True if shuffle is None else bool(shuffle)
        self._num_samples = _optional_count(num_samples, who, "num_samples")
        self._num_shards = _optional_count(num_shards, who, "num_shards")
        if self._num_shards is not None and self._num_shards > 2**31 - 1:
            raise ValueError(f"{who}: `num_shards` must be at most 2**31 - 1, got {num_shards}")
        if (num_shards is None) != (shard_id is None):
            raise self._option_clash(f"{who}: `num_shards` and `shard_id` must be given together")
        if shard_id is not None and not 0 <= shard_id < num_shards:
            raise ValueError(f"{who}: `shard_id` must be in [0, num_shards), got {shard_id!r}")
        self._shard_id = None if shard_id is None else int(shard_id)
        self._num_workers = _workers(num_parallel_workers, who)
        if sampler is None and self._shuffle and self._num_samples and not self._num_shards:
            # MindSpore samples a shuffled source cut to num_samples with replacement
            self._sampler = RandomSampler(replacement=True, num_samples=self._num_samples)

    def _current_sampler(self):
        """The sampler that decides the order now: the one given, else the one MindSpore
        makes from `shuffle`, `num_shards` and `num_samples` (which it then carries)."""
        if self._sampler is None:
            if self._num_shards:
                self._sampler = DistributedSampler(
                    self._num_shards, self._shard_id or 0, self._shuffle, self._num_samples
                )
            elif self._shuffle:
                self._sampler = RandomSampler(
                    replacement=self._num_samples is not None, num_samples=self._num_samples
                )
            else:
                self._sampler = SequentialSampler(num_samples=self._num_samples)
            self._num_shards = self._shard_id = self._num_samples = None
        return self._sampler

    def add_sampler(self, new_sampler):
        """Sample with `new_sampler` from the ids the current sampler gives (it becomes the
        new one's child).

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False)
            >>> d.add_sampler(ds.SequentialSampler(start_index=4))
            >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
            [4, 5]
        """
        new_sampler = as_sampler(new_sampler, None, "add_sampler")
        new_sampler.add_child(self._current_sampler())
        self._sampler = new_sampler

    def use_sampler(self, new_sampler):
        """Replace the current sampler by `new_sampler`, keeping the current one's child.

        Example:
            >>> import numpy as np, msfunc.dataset as ds
            >>> d = ds.NumpySlicesDataset({"x": np.arange(6)})
            >>> d.use_sampler(ds.SequentialSampler(num_samples=2))
            >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
            [0, 1]
        """
        if not hasattr(new_sampler, "order"):
            raise TypeError(f"use_sampler: expected a sampler, got {type(new_sampler).__name__}")
        child = self._current_sampler().child_sampler
        new_sampler.child_sampler = child
        self._sampler = new_sampler

    def _get(self, index):  # pragma: no cover - abstract
        raise NotImplementedError

    def class_ids(self):
        """Label -> the rows of that label, for samplers that pick rows per class
        (`PKSampler`); sources that know their labels keep them in ``_labels``."""
        labels = getattr(self, "_labels", None)
        if labels is None:
            raise RuntimeError(f"{type(self).__name__}: its rows have no labels to sample by")
        by_label = {}
        for row, label in enumerate(np.asarray(labels).tolist()):
            by_label.setdefault(label, []).append(row)
        return by_label

    def _order(self, ctx):
        order = np.arange(self._length)
        if self._sampler is not None:
            order = self._sampler.order(ctx, self, self._length)
        elif self._shuffle:
            # (sharded, MindSpore shuffles with its DistributedSampler: passes counted from 1)
            order = ctx.sampler_order(self, self._length, distributed=bool(self._num_shards))
        if self._num_shards:
            # Every shard gets ceil(n / shards) samples, wrapping around (equal step counts).
            per_shard = -(-len(order) // self._num_shards)
            order = np.resize(order, per_shard * self._num_shards)[
                self._shard_id :: self._num_shards
            ]
        if self._num_samples is not None:
            order = order[: self._num_samples]
        return in_range(order, self._length, type(self).__name__)

    def _size(self):
        sizer = getattr(self._sampler, "size_of", None)  # (a sampler counting per class)
        if sizer is not None:
            n = sizer(self)
        else:
            n = self._length if self._sampler is None else self._sampler.size(self._length)
        if self._num_shards:
            n = -(-n // self._num_shards)
        return n if self._num_samples is None else min(n, self._num_samples)

    def _reader(self, ctx):
        """What reads the pass's rows: called with (position in the pass, sample id)."""
        return lambda item: self._get(item[1])

    def _rows(self, ctx):
        order = self._order(ctx)
        read = self._reader(ctx)
        yield from ordered_map(read, enumerate(int(i) for i in order), self._num_workers, chunk=8)
        declared = getattr(self._sampler, "num_samples", None)
        if isinstance(self._sampler, Sampler) and declared is not None and len(order) < declared:
            # the dataset's size came from the sampler's num_samples (or len), which it fell
            # short of: MindSpore fails the pass once the rows it did give are read
            raise RuntimeError(
                f"{type(self).__name__}: the sampler gave {len(order)} ids, fewer than the "
                f"{declared} its num_samples (or len) declares"
            )


def _slices(values):
    """`values` as one array to slice; a list of rows of different shapes becomes an
    object array holding each row as its own array (the rows MindSpore gives then).

    Example:
        >>> [r.tolist() for r in _slices([[1], [2, 3]])]
        [[1], [2, 3]]
    """
    try:
        return np.asarray(values)
    except ValueError:  # ragged rows
        if not isinstance(values, (list, tuple)):
            raise
    column = np.empty(len(values), object)
    for i, row in enumerate(values):
        column[i] = np.asarray(row)
    return column


@document_args(
    "data (Union[dict, tuple, list, numpy.ndarray]): The columns: a dict of name to array, a\n"
    "    tuple of arrays, or one array (or list).",
    "column_names (Union[list[str], None]): Names of the columns, overriding the dict keys or\n"
    "    the default column_0, column_1 ... Default: ``None``.",
    NUM_SAMPLES_ARG,
    "num_parallel_workers (int): Threads reading rows. Default: ``1``.",
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
)
class NumpySlicesDataset(IndexedSource):
    """Slices of in-memory arrays along their first axis.

    `data` is a dict (column name -> array), a tuple (one column each), or a
    list/array (one column). Shuffled unless ``shuffle=False``.

    Args:
        {args}

    Raises:
        TypeError: `data` is not a dict, tuple, list or array.
        ValueError: the columns differ in length, or an argument is out of range.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> d = ds.NumpySlicesDataset({"x": np.arange(3), "y": np.arange(3) * 2}, shuffle=False)
        >>> [r[1].tolist() for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 2, 4]
    """

    def __init__(
        self,
        data: dict[str, Any] | tuple[Any, ...] | list[Any] | np.ndarray,
        column_names: str | list[str] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int = 1,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        if isinstance(data, dict):
            names = list(data)
            columns = [_slices(v) for v in data.values()]
        elif isinstance(data, tuple):
            names = [f"column_{i}" for i in range(len(data))]
            columns = [_slices(v) for v in data]
        elif isinstance(data, (list, np.ndarray)) or hasattr(data, "__array__"):
            names = ["column_0"]
            columns = [_slices(data)]
            if columns[0].size == 0:  # (an empty column of a dict is accepted, as in MindSpore)
                raise ValueError("NumpySlicesDataset: `data` is empty")
        else:
            raise TypeError(
                "NumpySlicesDataset: `data` must be a dict, tuple, list or array, "
                f"got {type(data).__name__}"
            )
        if column_names is not None:
            column_names = check_columns(column_names, "NumpySlicesDataset", "column_names")
            if len(column_names) != len(columns):
                raise ValueError(
                    f"NumpySlicesDataset: `column_names` names {len(column_names)} "
                    f"columns, the data has {len(columns)}"
                )
            names = column_names
        if not columns or any(c.ndim == 0 for c in columns):
            raise ValueError("NumpySlicesDataset: every column must have a first axis to slice")
        lengths = {len(c) for c in columns}
        if len(lengths) != 1:
            raise ValueError(
                f"NumpySlicesDataset: the columns have different lengths {sorted(lengths)}"
            )
        self.column_names = names
        self._columns = columns
        self._setup(
            lengths.pop(), shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler
        )

    def _get(self, index):
        return tuple(np.asarray(c[index]) for c in self._columns)


@document_args(
    "source (Union[Callable, Iterable, Sequence]): Random-access source, iterable, or\n"
    "    function returning an iterator; each sample is a tuple of arrays (one per column).",
    "column_names (Union[str, list[str]]): Names of the columns; required.",
    "column_types (Union[list, None]): Accepted for MindSpore's signature; the columns keep\n"
    "    the dtypes the source gives. Default: ``None``.",
    "schema (Any): Accepted for MindSpore's signature; unused. Default: ``None``.",
    NUM_SAMPLES_ARG,
    "num_parallel_workers (int): Threads reading a random-access source. Default: ``1``.",
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
    "python_multiprocessing (bool): Accepted for MindSpore's signature; workers are\n"
    "    threads. Default: ``True``.",
    "max_rowsize (Union[int, None]): Accepted for MindSpore's signature; unused.\n"
    "    Default: ``None``.",
    "batch_sampler (Union[Iterable, None]): Lists of row ids, one per batch: each row of the\n"
    "    dataset is then a batch of a random-access source (excludes `num_samples`,\n"
    "    `shuffle`, `num_shards`, `shard_id` and `sampler`). Default: ``None``.",
    "collate_fn (Union[Callable, None]): Joins a batch: called with one list per column,\n"
    "    returns the batch's columns; ``None`` stacks each column. Default: ``None``.",
)
class GeneratorDataset(Dataset):
    """Samples from Python: a random-access source (``__getitem__`` + ``__len__``), an
    iterable, or a function returning an iterator (a generator function).

    Random-access sources are shuffled unless ``shuffle=False`` and are read by
    `num_parallel_workers` threads (in order); iterables are read in their own
    order. An exception raised by the source is re-raised naming the sample.
    Workers are threads whatever `python_multiprocessing` says: the source and the
    pipeline need not be picklable, and numpy work runs in parallel on them. With it (and
    a seed set), each worker's reads see Python's and numpy's generators of their own, as
    MindSpore's worker processes do.

    Args:
        {args}

    Raises:
        ValueError: `column_names` is missing.
        TypeError: `source` is neither callable, iterable nor random-access.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> def gen():
        ...     for i in range(3):
        ...         yield np.array([i, i]), np.array(i)
        >>> d = ds.GeneratorDataset(gen, ["pair", "label"])
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 1, 2]
    """

    def __new__(cls, source=None, *args, **kwargs):
        if cls is GeneratorDataset and kwargs.get("batch_sampler") is not None:
            return Dataset.__new__(_BatchSampled)
        if (
            cls is GeneratorDataset
            and hasattr(source, "__getitem__")
            and hasattr(source, "__len__")
        ) or (cls is GeneratorDataset and isinstance(source, zip)):
            return Dataset.__new__(_RandomAccessGenerator)
        return Dataset.__new__(cls)

    def __init__(
        self,
        source: Any,
        column_names: str | list[str] | None = None,
        column_types: list[Any] | None = None,
        schema: Any = None,
        num_samples: int | None = None,
        num_parallel_workers: int = 1,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        python_multiprocessing: bool = True,
        max_rowsize: int | None = None,
        batch_sampler: Any = None,
        collate_fn: Any = None,
    ) -> None:
        column_names = _names_of(column_names, schema)
        check_batch_sampler(batch_sampler, collate_fn, {})
        _check_generator_args(max_rowsize, num_parallel_workers)
        self.column_names = check_columns(column_names, "GeneratorDataset", "column_names")
        self.num_parallel_workers = num_parallel_workers
        if not (callable(source) or hasattr(source, "__iter__") or hasattr(source, "__getitem__")):
            raise TypeError(
                "GeneratorDataset: `source` must be random-access, iterable or "
                f"a function returning an iterator, got {type(source).__name__}"
            )
        # MindSpore reads an iterable source in its own order whatever `shuffle` says; a
        # sampler or shards need positions to pick
        if not hasattr(source, "__getitem__"):
            for arg, value in (("sampler", sampler), ("num_shards", num_shards)):
                if value is not None:
                    raise ValueError(
                        f"GeneratorDataset: `{arg}` needs a random-access source "
                        "(__getitem__); this one is only iterable"
                    )
        self._source = source
        self._num_samples = _optional_count(num_samples, "GeneratorDataset", "num_samples")
        self._num_shards = _optional_count(num_shards, "GeneratorDataset", "num_shards")
        self._shard_id = shard_id

    def __getitem__(self, index):
        """The source's sample at position `index` of the first epoch's order (what the
        `index`-th row read is made from), as MindSpore's random access gives it: the
        source's own item, not converted.

        Example:
            >>> import msfunc.dataset as ds
            >>> ds.GeneratorDataset([10, 11, 12], ["x"], shuffle=False)[2]
            12
        """
        if isinstance(index, bool) or not isinstance(index, (int, np.number)):
            raise TypeError(f"GeneratorDataset: `index` must be an int, got {index!r}")
        order = self._first_order()
        if not 0 <= index < len(order):
            raise RuntimeError(
                f"GeneratorDataset: index {index} is outside the {len(order)} samples"
            )
        return self._source[int(order[int(index)])]

    def _first_order(self):
        raise RuntimeError(
            "GeneratorDataset: random access (dataset[i]) needs a source with __getitem__ "
            "and __len__"
        )

    def _size(self):
        if not hasattr(self._source, "__len__"):
            if hasattr(self._source, "__getitem__") and not hasattr(self._source, "__iter__"):
                raise RuntimeError(
                    "GeneratorDataset: a source read by index needs __len__ for its size"
                )
            return None
        n = len(self._source)
        if self._num_shards:
            n = -(-n // self._num_shards)
        return n if self._num_samples is None else min(n, self._num_samples)

    def _rows(self, ctx):
        source: Any = self._source
        if isinstance(source, types.GeneratorType):
            # a generator object runs once: its samples are kept as read, so every later
            # pass reads them again (MindSpore's passes do)
            source = self._source = _Replayed(source)
        if isinstance(source, _Replayed) or hasattr(source, "__iter__"):
            iterator = iter(source)
        else:
            iterator = iter(source())
        width = len(self.column_names)
        kept = 0
        for index in range(2**62):
            try:
                value = next(iterator)
            except StopIteration:
                return
            except Exception as exc:
                raise RuntimeError(
                    f"GeneratorDataset: the source raised at sample {index}: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
            if self._num_shards and index % self._num_shards != self._shard_id:
                continue
            yield as_row(value, width, f"GeneratorDataset (sample {index})")
            kept += 1
            if self._num_samples is not None and kept >= self._num_samples:
                return


class _Replayed:
    """A generator object's samples, kept as they are read: iterating again replays them, then
    goes on with the generator where it stopped."""

    def __init__(self, generator):
        self._generator, self._seen = generator, []

    def __iter__(self):
        yield from self._seen
        for value in self._generator:
            self._seen.append(value)
            yield value


_SAMPLING = ("num_samples", "shuffle", "num_shards", "shard_id", "sampler")


def _arguments(source, args, kwargs):
    """GeneratorDataset's arguments by name, defaults filled in: its subclasses take the same
    arguments as it does, from its one signature."""
    bound = inspect.signature(GeneratorDataset.__init__).bind(None, source, *args, **kwargs)
    bound.apply_defaults()
    return bound.arguments


class _RandomAccessGenerator(IndexedSource, GeneratorDataset):
    """GeneratorDataset over a source with ``__getitem__`` and ``__len__``."""

    def __init__(self, source, *args, **kwargs):
        a = _arguments(source, args, kwargs)
        column_names = _names_of(a["column_names"], a["schema"])
        check_batch_sampler(a["batch_sampler"], a["collate_fn"], {})
        workers = a["num_parallel_workers"]
        _check_generator_args(a["max_rowsize"], workers)
        self.column_names = check_columns(column_names, "GeneratorDataset", "column_names")
        if isinstance(source, zip):  # (read once; kept as a list it is random-access)
            source = list(source)
        self._source = source
        self.num_parallel_workers = workers
        self._processes = bool(a["python_multiprocessing"])
        self._setup(
            len(source),
            a["shuffle"],
            a["num_samples"],
            a["num_shards"],
            a["shard_id"],
            workers,
            a["sampler"],
        )

    def _get(self, index):
        try:
            value = self._source[index]
        except Exception as exc:
            raise RuntimeError(
                f"GeneratorDataset: the source raised at sample {index}: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        return as_row(value, len(self.column_names), f"GeneratorDataset (sample {index})")

    _size = IndexedSource._size
    _rows = IndexedSource._rows

    def _reader(self, ctx):
        from ._random import RowTurns, worker_generators
        from .config import _DEFAULT_SEED, get_debug_mode, get_seed

        workers = self.num_parallel_workers
        if get_debug_mode() or not (
            self._processes and workers > 1 and get_seed() != _DEFAULT_SEED
        ):
            return IndexedSource._reader(self, ctx)
        # MindSpore's worker processes (python_multiprocessing) each seed Python's and
        # numpy's generators with the dataset seed plus their number (only when a seed was
        # set) and keep them for the iterator's life; each pass deals its k-th sample id to
        # worker k % workers. The reads take the workers' generators in row order.
        states = ctx.streams.setdefault(("python generators", id(self)), {})
        turns = RowTurns()

        def read(item):
            try:
                with worker_generators(states, item[0] % workers, ctx.seed, turns, item[0]):
                    return self._get(item[1])
            finally:
                turns.done(item[0])

        return read

    def _first_order(self):
        # the order is fixed at the first access, as MindSpore builds its reader once
        if getattr(self, "_access_order", None) is None:
            from ._random import EpochContext
            from .config import pipeline_seed

            self._access_order = self._order(EpochContext(pipeline_seed(), (0,), {}, {}))
        return self._access_order


class _BatchSampled(BatchSampledGenerator, GeneratorDataset):
    """GeneratorDataset given a `batch_sampler`: each row is a batch (`BatchSampledGenerator`)."""

    def __init__(self, source, *args, **kwargs):
        a = _arguments(source, args, kwargs)
        column_names = _names_of(a["column_names"], a["schema"])
        given = {name: a[name] for name in _SAMPLING}
        check_batch_sampler(a["batch_sampler"], a["collate_fn"], given)
        BatchSampledGenerator.__init__(
            self, source, column_names, a["batch_sampler"], a["collate_fn"]
        )

    _size = BatchSampledGenerator._size
    _rows = BatchSampledGenerator._rows
    _batch_size = BatchSampledGenerator._batch_size

    def _first_order(self):
        raise RuntimeError("GeneratorDataset: a dataset with a batch_sampler has no random access")
