"""Datasets over in-memory data: `NumpySlicesDataset` and `GeneratorDataset`.

Sources with random access read their samples in an order decided per epoch
(shuffled when asked, then split into `num_shards` for data-parallel training,
then cut to `num_samples`); `num_parallel_workers` threads read them, in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from . import config
from ._random import EpochContext
from ._workers import ordered_map
from .engine import Dataset, as_row, check_columns
from .node_table import NODES
from .nodes import _workers
from .python_sampler import PythonSampler
from .samplers import IndexListSampler, RandomSampler

if TYPE_CHECKING:
    from .samplers import SequentialSampler

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


def _optional_count(value, who, arg):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{who}: `{arg}` must be a positive int or None, got {value!r}")
    return int(value)


class IndexedSource(Dataset):
    """A source whose sample i can be read on its own (`_get(i)`)."""

    def _takes_sampler(self):
        return True

    def _setup(
        self, length, shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler=None
    ):
        who = type(self).__name__
        self._length = int(length)
        if isinstance(sampler, (list, tuple, np.ndarray)):
            sampler = IndexListSampler(sampler)
        elif sampler is not None and not hasattr(sampler, "order"):
            if hasattr(sampler, "__iter__") or hasattr(sampler, "__getitem__"):
                sampler = PythonSampler(sampler)  # a sampler written in Python
        if sampler is not None:
            if shuffle is not None:
                raise ValueError(f"{who}: give `sampler` or `shuffle`, not both")
            if not hasattr(sampler, "order"):
                raise TypeError(
                    f"{who}: `sampler` must be a RandomSampler or "
                    f"SequentialSampler, got {type(sampler).__name__}"
                )
        self._sampler = sampler
        self._shuffle = True if shuffle is None else bool(shuffle)
        self._num_samples = _optional_count(num_samples, who, "num_samples")
        self._num_shards = _optional_count(num_shards, who, "num_shards")
        if self._num_shards is not None and self._num_shards > 2**31 - 1:
            raise ValueError(f"{who}: `num_shards` must be at most 2**31 - 1, got {num_shards}")
        if (num_shards is None) != (shard_id is None):
            raise ValueError(f"{who}: `num_shards` and `shard_id` must be given together")
        if shard_id is not None and (
            isinstance(shard_id, bool)
            or not isinstance(shard_id, (int, np.integer))
            or not 0 <= shard_id < num_shards
        ):
            raise ValueError(
                f"{who}: `shard_id` must be an int in [0, num_shards), got {shard_id!r}"
            )
        self._shard_id = None if shard_id is None else int(shard_id)
        self._num_workers = _workers(num_parallel_workers, who)
        if sampler is None and self._shuffle and self._num_samples and not self._num_shards:
            # MindSpore samples a shuffled source cut to num_samples with replacement
            self._sampler = RandomSampler(replacement=True, num_samples=self._num_samples)

    def _get(self, index):  # pragma: no cover - abstract
        raise NotImplementedError

    def _order(self, ctx):
        order = np.arange(self._length)
        if self._sampler is not None:
            order = self._sampler.order(ctx, self, self._length)
        elif self._shuffle:
            order = ctx.sampler_order(self, self._length)
        if self._num_shards:
            # Every shard gets ceil(n / shards) samples, wrapping around (equal step counts).
            per_shard = -(-len(order) // self._num_shards)
            order = np.resize(order, per_shard * self._num_shards)[
                self._shard_id :: self._num_shards
            ]
        if self._num_samples is not None:
            order = order[: self._num_samples]
        return order

    def _size(self):
        n = self._length if self._sampler is None else self._sampler.size(self._length)
        if self._num_shards:
            n = -(-n // self._num_shards)
        return n if self._num_samples is None else min(n, self._num_samples)

    def _rows(self, ctx):
        yield from ordered_map(
            self._get, (int(i) for i in self._order(ctx)), self._num_workers, chunk=8
        )


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
            columns = [np.asarray(v) for v in data.values()]
        elif isinstance(data, tuple):
            names = [f"column_{i}" for i in range(len(data))]
            columns = [np.asarray(v) for v in data]
        elif isinstance(data, (list, np.ndarray)) or hasattr(data, "__array__"):
            names = ["column_0"]
            columns = [np.asarray(data)]
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
    "batch_sampler (Any): Index lists, one per row: each row is the batch of those samples\n"
    "    of a random-access source; excludes the sampling arguments. Default: ``None``.",
    "collate_fn (Callable): With `batch_sampler`, makes a batch from its samples' columns\n"
    "    (default: each column stacked). Default: ``None``.",
)
class GeneratorDataset(Dataset):
    """Samples from Python: a random-access source (``__getitem__`` + ``__len__``), an
    iterable, or a function returning an iterator (a generator function).

    Random-access sources are shuffled unless ``shuffle=False`` and are read by
    `num_parallel_workers` threads (in order); iterables are read in their own
    order. An exception raised by the source is re-raised naming the sample.
    Workers are threads whatever `python_multiprocessing` says: the source and the
    pipeline need not be picklable, and numpy work runs in parallel on them.

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
            return super().__new__(NODES["BatchSampledGenerator"])
        if (
            cls is GeneratorDataset
            and hasattr(source, "__getitem__")
            and hasattr(source, "__len__")
        ):
            return super().__new__(_RandomAccessGenerator)
        return super().__new__(cls)

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
        if collate_fn is not None:
            raise ValueError("GeneratorDataset: `collate_fn` needs a `batch_sampler`")
        if column_names is None:
            raise ValueError("GeneratorDataset: `column_names` is required")
        self.column_names = check_columns(column_names, "GeneratorDataset", "column_names")
        if not (callable(source) or hasattr(source, "__iter__")):
            raise TypeError(
                "GeneratorDataset: `source` must be random-access, iterable or "
                f"a function returning an iterator, got {type(source).__name__}"
            )
        if shuffle:
            raise ValueError(
                "GeneratorDataset: `shuffle` needs a random-access source "
                "(__getitem__ and __len__); shuffle an iterable with .shuffle()"
            )
        self._source = source
        self._num_samples = _optional_count(num_samples, "GeneratorDataset", "num_samples")
        self._num_shards = _optional_count(num_shards, "GeneratorDataset", "num_shards")
        self._shard_id = shard_id

    def _size(self):
        if not hasattr(self._source, "__len__"):
            return None
        n = len(self._source)
        if self._num_shards:
            n = -(-n // self._num_shards)
        return n if self._num_samples is None else min(n, self._num_samples)

    def _rows(self, ctx):
        source = self._source
        iterator = iter(source) if hasattr(source, "__iter__") else iter(source())
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


class _RandomAccessGenerator(IndexedSource, GeneratorDataset):
    """GeneratorDataset over a source with ``__getitem__`` and ``__len__``."""

    def __init__(
        self,
        source,
        column_names=None,
        column_types=None,
        schema=None,
        num_samples=None,
        num_parallel_workers=1,
        shuffle=None,
        sampler=None,
        num_shards=None,
        shard_id=None,
        python_multiprocessing=True,
        max_rowsize=None,
        batch_sampler=None,
        collate_fn=None,
    ):
        if collate_fn is not None:
            raise ValueError("GeneratorDataset: `collate_fn` needs a `batch_sampler`")
        if column_names is None:
            raise ValueError("GeneratorDataset: `column_names` is required")
        self.column_names = check_columns(column_names, "GeneratorDataset", "column_names")
        self._source = source
        self._setup(
            len(source), shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler
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

    def __getitem__(self, index):
        """The source's own item at position `index` of the first epoch's sample order (the
        order a new iterator reads, under the same seed), as MindSpore gives it."""
        order = self._order(EpochContext(config.pipeline_seed(), (0,), {id(self): 0}))
        return self._source[int(order[index])]
