"""`MindDataset`: a dataset over MindRecord files (written by msfunc or by MindSpore)."""

from __future__ import annotations

import enum
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from ..mindrecord.reader import MindRecordFiles, column_array, index_text
from . import config
from .config import get_seed
from .engine import check_columns
from .mindrecord_sampling import (
    DistributedOp,
    MindRecordPlan,
    PkOp,
    SequentialOp,
    ShuffleOp,
    SubsetOp,
)
from .more_samplers import SubsetRandomSampler, SubsetSampler
from .samplers import DistributedSampler, RandomSampler, SequentialSampler
from .sources import CACHE_ARG, NUM_SAMPLES_ARG, SHARD_ARGS, WORKERS_ARG, IndexedSource

__all__ = ["MindDataset", "Shuffle"]


class Shuffle(str, enum.Enum):
    """How a file-based source shuffles: every row (GLOBAL), the order of the files
    (FILES), the rows within each file (INFILE), or not at all (FALSE).

    Example:
        >>> Shuffle("files") is Shuffle.FILES, Shuffle.GLOBAL.value
        (True, 'global')
    """

    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


def _shuffle_mode(shuffle):
    if shuffle is None or shuffle is True:
        return Shuffle.ADAPTIVE
    if shuffle is False:
        return Shuffle.FALSE
    try:
        return Shuffle(shuffle)
    except ValueError:
        raise TypeError(
            f"MindDataset: `shuffle` must be a bool or a Shuffle mode, got {shuffle!r}"
        ) from None


@document_args(
    "dataset_files (Union[str, list[str]]): One MindRecord file (its whole set is read) or a\n"
    "    list of files.",
    "columns_list (Union[list[str], None]): Fields to read, in this order; ``None`` reads\n"
    "    every field. Default: ``None``.",
    WORKERS_ARG,
    "shuffle (Union[bool, Shuffle, None]): Shuffle the rows each epoch; ``None`` and ``True``\n"
    "    mean ``Shuffle.ADAPTIVE`` (GLOBAL below 100 million rows); PARTIAL shuffles the files'\n"
    "    order and then the rows a million at a time. Default: ``None``.",
    *SHARD_ARGS,
    "sampler (Union[Sampler, None]): A RandomSampler, DistributedSampler, SequentialSampler,\n"
    "    SubsetSampler, SubsetRandomSampler (children allowed) or PKSampler (over an indexed\n"
    "    field) instead of `shuffle`, `num_shards`, `shard_id` and `num_samples`.\n"
    "    Default: ``None``.",
    "padded_sample (Union[dict, None]): The row read for each padded row, a value for every\n"
    "    column of `columns_list`. Default: ``None``.",
    "num_padded (Union[int, None]): Padded rows added after the files' rows (so that shards\n"
    "    split evenly). Default: ``None``.",
    NUM_SAMPLES_ARG,
    CACHE_ARG,
)
class MindDataset(IndexedSource):
    """The rows of MindRecord files, one column per schema field (or per `columns_list`).

    `dataset_files` is one file (every shard of its set is read) or a list of files.
    Columns are numpy arrays as MindSpore yields them: scalar fields 0-d arrays of their
    schema type, strings 0-d str arrays, bytes one-element ``S`` arrays, array fields
    in their shape. Rows are shuffled unless ``shuffle=False``; every `Shuffle` mode,
    shard split and sampler reads MindSpore's rows in MindSpore's order for the same
    dataset seed (see `mindrecord_sampling`).

    Args:
        {args}

    Raises:
        ValueError: `sampler` is given with `shuffle`, `num_shards`, `shard_id` or
            `num_samples`, or `padded_sample` misses a column of `columns_list`.
        RuntimeError: `padded_sample` and `num_padded` are not given together, or
            `padded_sample` without `columns_list`; when the columns are read or named,
            `columns_list` names a field the files lack.

    Example:
        >>> import os, tempfile
        >>> from msfunc.mindrecord import FileWriter
        >>> import msfunc.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "nums.mindrecord")
        >>> writer = FileWriter(path)
        >>> writer.add_schema({"n": {"type": "int64"}})
        >>> writer.write_raw_data([{"n": i} for i in range(4)])
        >>> writer.commit()
        >>> d = ds.MindDataset(path, shuffle=False, num_shards=2, shard_id=1)
        >>> [int(row["n"]) for row in d.create_dict_iterator(output_numpy=True)]
        [1, 3]
    """

    def __init__(
        self,
        dataset_files: str | list[str],
        columns_list: list[str] | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | Shuffle | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        sampler: Any = None,
        padded_sample: Any = None,
        num_padded: int | None = None,
        num_samples: int | None = None,
        cache: Any = None,
    ) -> None:
        _check_padding(columns_list, padded_sample, num_padded)
        if num_samples and shuffle in (Shuffle.FILES, Shuffle.INFILE):
            raise ValueError("MindDataset: Shuffle.FILES and Shuffle.INFILE take no `num_samples`")
        self._files = MindRecordFiles(dataset_files, "MindDataset")
        schema = self._files.schema
        if columns_list is None:
            columns = sorted(schema)
        else:
            columns = check_columns(columns_list, "MindDataset", "columns_list")
            missing = [c for c in columns if c not in schema]
            if missing:
                # (MindSpore counts the rows, and fails when the columns are asked for)
                self._unknown_columns = (
                    f"MindDataset: `columns_list` {missing} are not fields of the "
                    f"schema {sorted(schema)}"
                )
        self.column_names = columns
        self._padded = padded_sample
        self._num_padded = int(num_padded or 0)
        if sampler is not None and any(
            a is not None for a in (num_shards, shard_id, shuffle, num_samples)
        ):
            raise ValueError(
                "MindDataset: give `sampler` or `shuffle`/`num_shards`/`shard_id`/"
                "`num_samples`, not both"
            )
        mode = _shuffle_mode(shuffle)
        self._setup(
            len(self._files) + self._num_padded,
            None if sampler is not None else mode is not Shuffle.FALSE,
            None if sampler is not None else num_samples,
            num_shards,
            shard_id,
            num_parallel_workers or 1,
            sampler,
        )
        if sampler is None:  # the sampler MindSpore picks for these arguments
            if self._num_shards:
                # (`_setup` refuses one shard argument without the other)
                assert num_shards is not None and shard_id is not None
                sampler = DistributedSampler(num_shards, shard_id, mode, num_samples)
            elif mode is not Shuffle.FALSE:
                sampler = RandomSampler(num_samples is not None, num_samples, mode)
            else:
                sampler = SequentialSampler(num_samples=num_samples)
        self._sampler = sampler
        self._num_shards = self._shard_id = self._num_samples = None

    def add_sampler(self, new_sampler):
        """Sample with `new_sampler` from the ids the current sampler gives (a Shuffle mode
        other than FALSE or GLOBAL cannot be chained, nor can a PARTIAL sampler feed one).

        Example:
            >>> import os, tempfile
            >>> from msfunc.mindrecord import FileWriter
            >>> import msfunc.dataset as ds
            >>> path = os.path.join(tempfile.mkdtemp(), "n.mindrecord")
            >>> w = FileWriter(path); w.add_schema({"n": {"type": "int64"}})
            >>> w.write_raw_data([{"n": i} for i in range(5)]); w.commit()
            >>> d = ds.MindDataset(path, shuffle=False)
            >>> d.add_sampler(ds.SequentialSampler(start_index=3))
            >>> [int(r["n"]) for r in d.create_dict_iterator(output_numpy=True)]
            [3, 4]
        """
        if _mode_of(self._sampler) is Shuffle.PARTIAL:
            raise RuntimeError(
                "MindDataset.add_sampler: a Shuffle.PARTIAL sampler cannot be chained"
            )
        if _mode_of(new_sampler) not in (Shuffle.FALSE, Shuffle.GLOBAL):
            raise RuntimeError(
                "MindDataset.add_sampler: the added sampler's shuffle must be Shuffle.FALSE or "
                f"Shuffle.GLOBAL, got {_mode_of(new_sampler)}"
            )
        super().add_sampler(new_sampler)

    def __getitem__(self, index):
        """Row `index` of the first pass (as a fresh iterator would read it), a list of its
        columns.

        Example:
            >>> import os, tempfile
            >>> from msfunc.mindrecord import FileWriter
            >>> import msfunc.dataset as ds
            >>> path = os.path.join(tempfile.mkdtemp(), "n.mindrecord")
            >>> w = FileWriter(path); w.add_schema({"n": {"type": "int64"}})
            >>> w.write_raw_data([{"n": i} for i in range(5)]); w.commit()
            >>> [int(c) for c in ds.MindDataset(path, shuffle=False)[3]]
            [3]
        """
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
            raise TypeError(f"MindDataset: an index must be an int, got {type(index).__name__}")
        if index < 0:
            raise ValueError(f"MindDataset: an index must not be negative, got {index}")
        if getattr(self, "_first_pass", None) is None:  # (made once, as MindSpore's reader)
            self._first_pass = self._plan(config.pipeline_seed()).next_pass()
        if index >= len(self._first_pass):
            raise RuntimeError(
                f"MindDataset: index {index} is outside [0, {len(self._first_pass) - 1}]"
            )
        return list(self._get(int(self._first_pass[index])))

    def _plan(self, seed):
        child = getattr(self._sampler, "child_sampler", None)
        if self._num_padded and child is not None and not isinstance(child, DistributedSampler):
            raise RuntimeError(
                "MindDataset: with padded rows, a sampler chain must start with a "
                "DistributedSampler (the sampler's child)"
            )
        ops, sampler = [], self._sampler
        while sampler is not None:
            ops.append(_operator(sampler, seed, self._num_padded, self._files))
            sampler = getattr(sampler, "child_sampler", None)
        counts = [len(block) for block in self._files.shard_ranges()]
        return MindRecordPlan(counts, ops[::-1], self._num_padded)

    def _order(self, ctx):
        key = ("mindrecord plan", id(self))
        if key not in ctx.streams:  # one plan per iterator: its passes go on from each other
            ctx.streams[key] = self._plan(ctx.seed)
        return np.asarray(ctx.streams[key].next_pass(), np.int64)

    _unknown_columns = None

    def _size(self):
        return self._plan(0).size()

    def _rows(self, ctx):
        if self._unknown_columns:
            raise RuntimeError(self._unknown_columns)
        return super()._rows(ctx)

    def get_col_names(self):
        """The columns read (RuntimeError where `columns_list` names a field the files lack).

        Example:
            >>> import os, tempfile
            >>> from msfunc.mindrecord import FileWriter
            >>> import msfunc.dataset as ds
            >>> path = os.path.join(tempfile.mkdtemp(), "n.mindrecord")
            >>> w = FileWriter(path); w.add_schema({"n": {"type": "int64"}})
            >>> w.write_raw_data([{"n": 1}]); w.commit()
            >>> ds.MindDataset(path).get_col_names()
            ['n']
        """
        if self._unknown_columns:
            raise RuntimeError(self._unknown_columns)
        return super().get_col_names()

    def _get(self, index):
        schema = self._files.schema
        if index >= len(self._files):  # a padded row
            row = self._padded
            for name in self.column_names:
                _check_padded_value(name, row[name], schema[name])
        else:
            row = self._files.row(index, self.column_names)
        return tuple(column_array(row[name], schema[name]) for name in self.column_names)


def _pk_operator(sampler, files, seed):
    """A PKSampler's operator: its classes are the values of an indexed field."""
    column = sampler.class_column
    if not column or not isinstance(column, str):
        raise ValueError(f"PKSampler: `class_column` must be a non-empty str, got {column!r}")
    if column not in files.index_fields:
        raise RuntimeError(
            f"MindDataset: PKSampler's `class_column` {column!r} is not an indexed field of "
            "the MindRecord files"
        )
    labels = [index_text(files.row(i, [column])[column]) for i in range(len(files))]
    return PkOp(
        labels,
        sampler.num_val,
        sampler.num_samples or 0,
        seed if sampler.shuffle else None,
        draw_seed=seed,
    )


def _check_padding(columns_list, padded_sample, num_padded):
    if padded_sample is not None and not isinstance(padded_sample, dict):
        raise TypeError(f"MindDataset: `padded_sample` must be a dict, got {padded_sample!r}")
    if num_padded is not None and (
        isinstance(num_padded, bool) or not isinstance(num_padded, int) or num_padded < 0
    ):
        raise ValueError(f"MindDataset: `num_padded` must be an int >= 0, got {num_padded!r}")
    if padded_sample is None:
        if num_padded is not None:
            raise RuntimeError("MindDataset: `num_padded` needs `padded_sample`")
        return
    if num_padded is None:
        raise RuntimeError("MindDataset: `padded_sample` needs `num_padded`")
    if columns_list is None:
        raise RuntimeError("MindDataset: `padded_sample` needs `columns_list`")
    missing = [c for c in columns_list if c not in padded_sample]
    if missing:
        raise ValueError(f"MindDataset: `padded_sample` has no value for the columns {missing}")


def _check_padded_value(name, value, field):
    """A padded row's value must suit its field: bytes for a bytes field, a str or a number
    for a scalar one (MindSpore fails the read otherwise)."""
    if field["type"] == "bytes" or "shape" in field:
        ok = isinstance(value, bytes) if field["type"] == "bytes" else True
    else:
        ok = isinstance(value, (str, int, float, np.integer, np.floating))
    if not ok:
        raise RuntimeError(
            f"MindDataset: `padded_sample`'s value for the column {name!r} does not suit its "
            f"{field['type']} field: got {type(value).__name__}"
        )


def _mode_of(sampler):
    """A sampler's Shuffle mode, as MindSpore's samplers report it."""
    if isinstance(sampler, RandomSampler):
        return _shuffle_mode(sampler.shuffle) if sampler.shuffle is not None else Shuffle.GLOBAL
    if isinstance(sampler, DistributedSampler):
        return Shuffle(sampler.shuffle_mode)
    if isinstance(sampler, SubsetRandomSampler):
        return Shuffle.GLOBAL
    return Shuffle.FALSE


def _operator(sampler, seed, num_padded, files):
    """The MindRecord operator MindSpore builds from `sampler`."""
    if isinstance(sampler, RandomSampler):
        if sampler.shuffle is False:
            raise RuntimeError("MindDataset: a RandomSampler cannot have shuffle=False")
        mode = Shuffle.GLOBAL if sampler.shuffle is None else _shuffle_mode(sampler.shuffle)
        return ShuffleOp(seed, sampler.num_samples or 0, sampler.replacement, True, mode.value)
    if isinstance(sampler, DistributedSampler):
        op = DistributedOp(
            sampler.num_shards,
            sampler.shard_id,
            Shuffle(sampler.shuffle_mode).value,
            sampler.seed,
            sampler.num_samples or 0,
            sampler.offset,
        )
        op.padded = num_padded
        return op
    if isinstance(sampler, SequentialSampler):
        return SequentialOp(sampler.num_samples or 0, sampler.start_index)
    if isinstance(sampler, SubsetRandomSampler):
        return SubsetOp(sampler.indices, get_seed())
    if isinstance(sampler, SubsetSampler):
        return SubsetOp(sampler.indices)
    if type(sampler).__name__ == "PKSampler":
        return _pk_operator(sampler, files, seed)
    raise RuntimeError(
        f"MindDataset: {type(sampler).__name__} cannot sample MindRecord files; use a "
        "RandomSampler, DistributedSampler, SequentialSampler, SubsetSampler or "
        "SubsetRandomSampler"
    )
