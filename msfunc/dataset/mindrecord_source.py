"""`MindDataset`: a dataset over MindRecord files (written by msfunc or by MindSpore)."""

from __future__ import annotations

import enum
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from ..common.stdlib_random import MinstdRand0, shuffle
from ..errors import UnsupportedError
from ..mindrecord.reader import MindRecordFiles, column_array
from .engine import check_columns
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
        return Shuffle.GLOBAL
    if shuffle is False:
        return Shuffle.FALSE
    try:
        mode = Shuffle(shuffle)
    except ValueError:
        raise TypeError(
            f"MindDataset: `shuffle` must be a bool or a Shuffle mode, got {shuffle!r}"
        ) from None
    # ADAPTIVE and PARTIAL only bound MindSpore's shuffle memory: the order is a full shuffle.
    return Shuffle.GLOBAL if mode in (Shuffle.ADAPTIVE, Shuffle.PARTIAL) else mode


@document_args(
    "dataset_files (Union[str, list[str]]): One MindRecord file (its whole set is read) or a\n"
    "    list of files.",
    "columns_list (Union[list[str], None]): Fields to read, in this order; ``None`` reads\n"
    "    every field. Default: ``None``.",
    WORKERS_ARG,
    "shuffle (Union[bool, Shuffle, None]): Shuffle the rows each epoch; ``None`` means\n"
    "    ``True``. Default: ``None``.",
    *SHARD_ARGS,
    "sampler (Any): Not supported; must be ``None``. Default: ``None``.",
    "padded_sample (Any): Not supported; must be ``None``. Default: ``None``.",
    "num_padded (Union[int, None]): Not supported; must be ``None`` or 0. Default: ``None``.",
    NUM_SAMPLES_ARG,
    CACHE_ARG,
)
class MindDataset(IndexedSource):
    """The rows of MindRecord files, one column per schema field (or per `columns_list`).

    `dataset_files` is one file (every shard of its set is read) or a list of files.
    Columns are numpy arrays as MindSpore yields them: scalar fields 0-d arrays of their
    schema type, strings 0-d str arrays, bytes one-element ``S`` arrays, array fields
    in their shape. Rows are shuffled unless ``shuffle=False`` (or a `Shuffle` mode);
    the permutation comes from the pipeline seed, not MindSpore's generator.

    Args:
        {args}

    Raises:
        UnsupportedError: `sampler`, `padded_sample` or `num_padded` is given.

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
        if sampler is not None or padded_sample is not None or num_padded:
            raise UnsupportedError(
                "MindDataset: `sampler`, `padded_sample` and `num_padded` "
                "are not supported by msfunc; use num_shards/shard_id, "
                "shuffle and num_samples"
            )
        self._files = MindRecordFiles(dataset_files, "MindDataset")
        schema = self._files.schema
        if columns_list is None:
            columns = sorted(schema)
        else:
            columns = check_columns(columns_list, "MindDataset", "columns_list")
            missing = [c for c in columns if c not in schema]
            if missing:
                raise ValueError(
                    f"MindDataset: `columns_list` {missing} are not fields of the "
                    f"schema {sorted(schema)}"
                )
        self.column_names = columns
        self._mode = _shuffle_mode(shuffle)
        self._setup(
            len(self._files),
            self._mode is not Shuffle.FALSE,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers or 1,
        )

    def _order(self, ctx):
        # (a shuffled read cut to num_samples draws with replacement: its RandomSampler)
        if self._mode is not Shuffle.FALSE and not self._num_shards and self._sampler is None:
            order = self._shard_shuffle(ctx)
            return order if self._num_samples is None else order[: self._num_samples]
        if self._mode not in (Shuffle.FILES, Shuffle.INFILE):
            return super()._order(ctx)
        rng = ctx.rng(self)
        blocks = self._files.shard_ranges()
        if self._mode is Shuffle.FILES:
            order = np.concatenate([blocks[i] for i in rng.permutation(len(blocks))])
        else:
            order = np.concatenate([rng.permutation(b) for b in blocks])
        shuffle, self._shuffle = self._shuffle, False
        try:  # the file/in-file order, then the shard split and num_samples as usual
            kept = super()._order(ctx)
        finally:
            self._shuffle = shuffle
        return order[kept]

    def _shard_shuffle(self, ctx):
        """This pass's order as MindSpore's MindRecord reader shuffles: pass k shuffles pass
        k - 1's order with libstdc++'s ``default_random_engine`` seeded with the dataset seed
        + k + 1 (all rows for GLOBAL, each file's rows in place for INFILE, the files'
        blocks of positions for FILES)."""
        key = ("mindrecord shuffle", id(self))
        passes, order = ctx.streams.get(key, (0, list(range(len(self._files)))))
        engine_seed = ctx.seed + passes + 1  # (the default seed leaves it unseeded)
        blocks = self._files.shard_ranges()
        if self._mode is Shuffle.FILES:
            files = list(range(len(blocks)))
            shuffle(files, MinstdRand0(engine_seed))
            order = [order[int(i)] for k in files for i in blocks[k]]
        elif self._mode is Shuffle.INFILE:
            order = list(order)
            for block in blocks:  # (each file's positions, shuffled among themselves)
                part = [order[int(i)] for i in block]
                shuffle(part, MinstdRand0(engine_seed))
                for i, value in zip(block, part):
                    order[int(i)] = value
        else:
            order = list(order)
            shuffle(order, MinstdRand0(engine_seed))
        ctx.streams[key] = (passes + 1, order)
        return np.asarray(order, np.int64)

    def _get(self, index):
        row = self._files.row(index, self.column_names)
        schema = self._files.schema
        return tuple(column_array(row[name], schema[name]) for name in self.column_names)


# The MindRecord type each numpy dtype is saved as (MindRecord has no narrower types).
