"""`TFRecordDataset`: the ``tf.train.Example`` rows of TFRecord files, as MindSpore reads them."""

from __future__ import annotations

import glob
import json
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from ..common.stdlib_random import Mt19937, shuffle
from . import config, nodes
from ._random import EpochContext
from .engine import Dataset, check_columns
from .mindrecord_source import Shuffle
from .sources import CACHE_ARG, NUM_SAMPLES_ARG, SHARD_ARGS, WORKERS_ARG
from .tfrecord_format import COMPRESSIONS, parse_example, read_records

__all__ = ["TFRecordDataset"]

# the least buffer MindSpore's GLOBAL shuffle puts after the reader
_GLOBAL_BUFFER = 10000
_KIND_DTYPES = {"int64": np.int64, "float": np.float32, "bytes": np.uint8}


def _find_files(files, who):
    if isinstance(files, str):
        files = [files]
    if not isinstance(files, (list, tuple)) or not all(isinstance(f, str) for f in files):
        raise TypeError(f"{who}: `dataset_files` must be a str or a list of str, got {files!r}")
    found, missing = set(), []
    for pattern in files:
        matches = glob.glob(pattern)
        if not matches:
            missing.append(pattern)
        found.update(matches)
    if missing:
        raise ValueError(f"{who}: no file matches {missing}")
    return sorted(found)  # MindSpore reads the files in name order


def _shuffle_mode(shuffle):
    if shuffle is None or shuffle is True:
        return Shuffle.GLOBAL
    if shuffle is False:
        return Shuffle.FALSE
    if isinstance(shuffle, Shuffle):
        return Shuffle.GLOBAL if shuffle is Shuffle.ADAPTIVE else shuffle
    raise TypeError(f"TFRecordDataset: `shuffle` must be a bool or a Shuffle mode, got {shuffle!r}")


def _schema_columns(schema, who):
    """(columns, numRows) of `schema`: a `Schema` (its column order) or a schema json file
    (its columns by name, as MindSpore's json parser orders them)."""
    from .random_source import Schema

    if schema is None:
        return None, 0
    if isinstance(schema, Schema):
        return [(c["name"], c["type"], c["shape"]) for c in schema.columns], schema.num_rows
    if not isinstance(schema, str):
        raise TypeError(f"{who}: `schema` must be a Schema or a json file path, got {schema!r}")
    with open(schema) as f:
        spec = json.load(f)
    columns = []
    for name in sorted(spec.get("columns", {})):
        column = spec["columns"][name]
        dtype = np.dtype(str) if column["type"] == "string" else np.dtype(column["type"])
        shape = column.get("shape")
        if shape is None and column.get("rank") == 0:
            shape = []
        columns.append((name, dtype, shape))
    return columns, int(spec.get("numRows", 0) or 0)


def _convert(name, kind, values, dtype, shape):
    """One feature's values as the column MindSpore yields: the schema's dtype and shape
    (bytes are uint8 or str; ints and floats keep their kind)."""
    if dtype is None:
        dtype = np.dtype(_KIND_DTYPES[kind])
    if kind == "bytes":
        if dtype.kind == "U":
            array = np.array([v.decode("utf-8") for v in values])
        elif dtype == np.uint8:
            array = np.frombuffer(b"".join(values), np.uint8).copy()
        else:
            raise RuntimeError(
                f"TFRecordDataset: column {name!r} holds bytes, which cannot be read as {dtype}"
            )
    else:
        if dtype.kind in "USb" or (kind == "float" and dtype.kind in "iu"):
            raise RuntimeError(
                f"TFRecordDataset: column {name!r} holds {kind} values, which cannot be read "
                f"as {dtype}"
            )
        array = np.asarray(values, dtype=np.float32 if kind == "float" else np.int64)
        array = array.astype(dtype)
    if shape is not None and not (shape == [] and array.size != 1):
        try:
            array = array.reshape(shape)
        except ValueError:
            raise RuntimeError(
                f"TFRecordDataset: column {name!r} has {array.size} values, which do not fit "
                f"the schema's shape {shape}"
            ) from None
    return array


@document_args(
    "dataset_files (Union[str, list[str]]): TFRecord files or glob patterns; the files are\n"
    "    read in name order.",
    "schema (Union[str, Schema, None]): The columns' names, dtypes and shapes: a Schema or a\n"
    "    schema json file (its ``numRows`` caps the rows); ``None`` takes every feature of the\n"
    "    first record (int64, float32 or uint8 bytes, 1-D). Default: ``None``.",
    "columns_list (Union[list[str], None]): Columns to read, in this order. Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    "shuffle (Union[bool, Shuffle, None]): ``Shuffle.FILES`` shuffles the files' order each\n"
    "    epoch; ``Shuffle.GLOBAL`` (``True``, ``None``) also shuffles the rows in a buffer;\n"
    "    ``False``, ``INFILE`` and ``PARTIAL`` read in order. Default: ``None``.",
    *SHARD_ARGS,
    "shard_equal_rows (bool): Give every shard the same number of rows (a span of the rows,\n"
    "    wrapping around) instead of every num_shards-th file. Default: ``False``.",
    CACHE_ARG,
    "compression_type (Union[str, None]): ``''``, ``'ZLIB'`` or ``'GZIP'``. Default: ``None``.",
)
class TFRecordDataset(Dataset):
    """The rows of TFRecord files of ``tf.train.Example`` records, one column per feature.

    Rows come in MindSpore's order: `num_parallel_workers` readers (the configured number
    when ``None``) take the files (or, with `shard_equal_rows`, the spans of files) in turn
    and their rows are interleaved one at a time; a shard reads every `num_shards`-th file.
    ``Shuffle.FILES`` reshuffles the file order each epoch as MindSpore does for the same
    seed; ``Shuffle.GLOBAL`` then passes the rows through MindSpore's shuffle buffer (as
    ``shuffle(10000)`` would).

    Args:
        {args}

    Raises:
        TypeError: `dataset_files`, `schema`, `columns_list` or `shuffle` has the wrong type.
        ValueError: no file matches, `num_samples` is negative or `compression_type` is not
            one of ``''``, ``'ZLIB'``, ``'GZIP'``.
        RuntimeError: `num_shards` without `shard_id`, or a column missing from the records.

    Example:
        >>> import os, tempfile
        >>> from msfunc.dataset.tfrecord_format import encode_example, frame_record
        >>> import msfunc.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "n.tfrecord")
        >>> rows = [encode_example({"n": [i], "v": [0.5, float(i)]}) for i in range(3)]
        >>> _ = open(path, "wb").write(b"".join(frame_record(r) for r in rows))
        >>> d = ds.TFRecordDataset(path, shuffle=False)
        >>> [(int(r["n"][0]), r["v"].tolist()) for r in d.create_dict_iterator(output_numpy=True)]
        [(0, [0.5, 0.0]), (1, [0.5, 1.0]), (2, [0.5, 2.0])]
    """

    def __init__(
        self,
        dataset_files: str | list[str],
        schema: Any = None,
        columns_list: list[str] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | Shuffle | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        shard_equal_rows: bool = False,
        cache: Any = None,
        compression_type: str | None = None,
    ) -> None:
        who = "TFRecordDataset"
        self._files = _find_files(dataset_files, who)
        compression = "" if compression_type is None else compression_type
        if compression not in COMPRESSIONS:
            raise ValueError(
                f"{who}: `compression_type` must be '', 'ZLIB' or 'GZIP', got {compression_type!r}"
            )
        self._compression = compression
        if num_samples is not None and (
            isinstance(num_samples, bool) or not isinstance(num_samples, int) or num_samples < 0
        ):
            raise ValueError(f"{who}: `num_samples` must be an int >= 0, got {num_samples!r}")
        if (num_shards is None) != (shard_id is None):
            raise RuntimeError(f"{who}: `num_shards` and `shard_id` must be given together")
        if num_shards is not None:
            if isinstance(num_shards, bool) or not isinstance(num_shards, int) or num_shards < 1:
                raise ValueError(f"{who}: `num_shards` must be a positive int, got {num_shards!r}")
            if isinstance(shard_id, bool) or not isinstance(shard_id, int):
                raise TypeError(f"{who}: `shard_id` must be an int, got {shard_id!r}")
            if not 0 <= shard_id < num_shards:
                raise ValueError(f"{who}: `shard_id` must be in [0, num_shards), got {shard_id}")
        self._shards = (num_shards or 1, shard_id or 0)
        self._equal_rows = bool(shard_equal_rows)
        self._mode = _shuffle_mode(shuffle)
        self._workers = num_parallel_workers
        columns, schema_rows = _schema_columns(schema, who)
        self._records, self._missing, self._buffered = {}, [], None
        if columns is None:
            first = parse_example(self._file_records(self._files[0])[0])
            columns = [(name, None, None) for name in first]
        if columns_list is not None:
            wanted = check_columns(columns_list, who, "columns_list")
            by_name = {c[0]: c for c in columns}
            # (MindSpore raises for a missing name when the rows are read)
            self._missing = [n for n in wanted if n not in by_name]
            columns = [by_name.get(n, (n, None, None)) for n in wanted]
        self._columns = columns
        self.column_names = [c[0] for c in columns]
        self._cap = num_samples or schema_rows or None
        self.children = ()

    def _file_records(self, path):
        if path not in self._records:  # (each file is read once, then kept)
            self._records[path] = read_records(path, self._compression)
        return self._records[path]

    def _seed(self, ctx):
        """The shuffle buffer's seed: sharded, the configured seed even when it is the
        default (so that every shard draws the same slots), else the pipeline's."""
        return config.get_seed() if self._shards[0] > 1 else ctx.seed

    def _file_order(self, ctx):
        """This epoch's file order: MindSpore's std::shuffle of the previous epoch's order,
        seeded with the pipeline seed (one device) or the epoch's number counted from 1
        (shards: MindSpore counts from 0 there whatever the seed, so all shards agree)."""
        if self._mode not in (Shuffle.FILES, Shuffle.GLOBAL):
            return list(range(len(self._files)))
        key = ("tfrecord files", id(self))
        passes, order = ctx.streams.get(key, (0, list(range(len(self._files)))))
        seed = passes + 1 if self._shards[0] > 1 else ctx.seed
        shuffle(order, Mt19937(seed & 0xFFFFFFFF))
        ctx.streams[key] = (passes + 1, order)
        return list(order)

    def _blocks(self, order):
        """The (file, first row, end row) spans this shard reads, in load order."""
        num_shards, shard_id = self._shards
        if not self._equal_rows:
            return [(f, 0, None) for f in order[shard_id::num_shards]]
        counts = [len(self._file_records(self._files[f])) for f in order]
        total = sum(counts)
        per_shard = -(-total // num_shards)
        start, blocks, left = shard_id * per_shard, [], per_shard
        while left > 0 and total:
            at = start % total
            for f, count in zip(order, counts):
                if at < count:
                    take = min(count - at, left)
                    blocks.append((f, at, at + take))
                    start, left = start + take, left - take
                    break
                at -= count
        return blocks

    def _read_rows(self, blocks):
        workers = self._workers or config.get_num_parallel_workers()
        streams = [self._block_rows(blocks[w::workers]) for w in range(workers)]
        while streams:  # the readers' rows, one from each in turn
            for stream in list(streams):
                row = next(stream, None)
                if row is None:
                    streams.remove(stream)
                else:
                    yield row

    def _block_rows(self, blocks):
        for f, begin, end in blocks:
            for record in self._file_records(self._files[f])[begin:end]:
                yield self._row(parse_example(record))

    def _row(self, features):
        row = []
        for name, dtype, shape in self._columns:
            if name not in features:
                raise RuntimeError(f"TFRecordDataset: a record has no feature {name!r}")
            kind, values = features[name]
            row.append(_convert(name, kind, values, dtype, shape))
        return tuple(row)

    def _ordered_rows(self, ctx):
        """The rows of one epoch before any GLOBAL shuffle buffer."""
        if self._missing:
            raise RuntimeError(
                f"TFRecordDataset: `columns_list` {self._missing} are not columns of the data"
            )
        rows = self._read_rows(self._blocks(self._file_order(ctx)))
        for count, row in enumerate(rows):
            if self._cap is not None and count >= self._cap:
                return
            yield row

    def _rows(self, ctx):
        if self._mode is not Shuffle.GLOBAL:
            return self._ordered_rows(ctx)
        if self._buffered is None:  # one node, so that its stream goes on across epochs
            self._buffered = nodes.Shuffle(_FileOrderRows(self), self._buffer_size())
        ctx = EpochContext(self._seed(ctx), ctx.path, ctx.numbers, ctx.streams)
        return self._buffered._rows(ctx)

    def _buffer_size(self):
        """MindSpore's GLOBAL buffer: four files' worth of this shard's rows, at least
        10000."""
        rows = sum(len(self._file_records(f)) for f in self._files)
        rows = -(-rows // self._shards[0])
        if self._cap:
            rows = min(rows, self._cap)
        return max(rows // len(self._files) * 4, _GLOBAL_BUFFER)

    def _size(self):
        blocks = self._blocks(list(range(len(self._files))))
        total = 0
        for f, begin, end in blocks:
            total += len(self._file_records(self._files[f])[begin:end])
        return total if self._cap is None else min(total, self._cap)


class _FileOrderRows(Dataset):
    """A TFRecordDataset's rows before its GLOBAL shuffle buffer (the buffer's child)."""

    def __init__(self, source):
        self.children = ()
        self.column_names = source.column_names
        self._source = source

    def _size(self):
        return self._source._size()

    def _rows(self, ctx):
        return self._source._ordered_rows(ctx)
