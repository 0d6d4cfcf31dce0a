"""`CLUEDataset`: the CLUE benchmark's JSON-lines files, columns chosen by task and usage."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from . import config
from .mindrecord_source import Shuffle
from .sources import CACHE_ARG, NUM_SAMPLES_ARG, SHARD_ARGS, WORKERS_ARG
from .text_corpus_base import corpus_lines, corpus_shuffle, int_or_none
from .text_file_source import LineFileSource, match_files

__all__ = ["CLUEDataset"]

_PAIR = {"train": ("label", "sentence1", "sentence2"), "test": ("id", "sentence1", "sentence2")}
_WSC = ("idx", "label", "span1_index", "span1_text", "span2_index", "span2_text", "text")
# each task's keys for train (and eval) and for test; the columns come in sorted key order
_KEYS = {
    "AFQMC": _PAIR,
    "CMNLI": _PAIR,
    "TNEWS": {
        "train": ("keywords", "label", "label_desc", "sentence"),
        "test": ("id", "keywords", "sentence"),
    },
    "IFLYTEK": {"train": ("label", "label_des", "sentence"), "test": ("id", "sentence")},
    "WSC": {"train": _WSC, "test": tuple(k for k in _WSC if k != "label")},
    "CSL": {"train": ("abst", "id", "keyword", "label"), "test": ("abst", "id", "keyword")},
}
_TARGET = ("span1_index", "span1_text", "span2_index", "span2_text")  # (WSC's, under "target")


def _value(value, key, who):
    """A JSON value as MindSpore gives it: str, uint32 for a non-negative int, a 1-D str
    array for a list of str."""
    if isinstance(value, str):
        return np.array(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**32:
        return np.array(value, np.uint32)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return np.array(value, dtype=str)
    raise RuntimeError(f"{who}: the value of {key!r} is not a str, a uint32 or a list of str")


@document_args(
    "dataset_files (Union[str, list[str]]): A glob pattern of the files, or a list of them.",
    "task (str): ``'AFQMC'``, ``'TNEWS'``, ``'IFLYTEK'``, ``'CMNLI'``, ``'WSC'`` or\n"
    "    ``'CSL'``. Default: ``'AFQMC'``.",
    "usage (str): ``'train'``, ``'test'`` or ``'eval'``. Default: ``'train'``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    "shuffle (Union[bool, Shuffle]): ``Shuffle.GLOBAL`` (or ``True``) shuffles the files'\n"
    "    order and the rows, ``Shuffle.FILES`` the files' order only, ``False`` nothing.\n"
    "    Default: ``Shuffle.GLOBAL``.",
    *SHARD_ARGS,
    CACHE_ARG,
)
class CLUEDataset(LineFileSource):
    """CLUE's JSON-lines files: one column per key the task and usage read, in sorted key
    order (str values as str, non-negative ints as uint32, lists of str as 1-D str arrays;
    WSC's ``span*`` keys come from its ``target`` object). Empty lines are skipped; files,
    workers, shards and shuffles go as in `TextFileDataset`.

    Args:
        {args}

    Raises:
        TypeError: `dataset_files` or another argument has the wrong type.
        ValueError: `dataset_files` matches nothing, `task` or `usage` is not one of the
            above, or a count is out of range.
        RuntimeError: only one of `num_shards` and `shard_id` is given, or (when read) a
            line is not JSON or lacks a key.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "dev.json")
        >>> with open(path, "w") as f:
        ...     _ = f.write('{"sentence1": "a", "sentence2": "b", "label": "0"}\\n')
        >>> d = ds.CLUEDataset(path, task="AFQMC", usage="eval", shuffle=False)
        >>> d.get_col_names(), [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        (['label', 'sentence1', 'sentence2'], ['0', 'a', 'b'])
    """

    def __init__(
        self,
        dataset_files: str | list[str],
        task: str = "AFQMC",
        usage: str = "train",
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | Shuffle = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "CLUEDataset"
        files = match_files(dataset_files, who)
        if task not in _KEYS:
            raise ValueError(f"{who}: `task` must be one of {list(_KEYS)}, got {task!r}")
        if usage not in ("train", "test", "eval"):
            raise ValueError(f"{who}: `usage` must be 'train', 'test' or 'eval', got {usage!r}")
        for arg, value in (
            ("num_samples", num_samples),
            ("num_parallel_workers", num_parallel_workers),
            ("num_shards", num_shards),
            ("shard_id", shard_id),
        ):
            int_or_none(value, who, arg)
        self._keys = _KEYS[task]["test" if usage == "test" else "train"]
        self.column_names = list(self._keys)
        self._mode = corpus_shuffle(shuffle, who)
        if num_parallel_workers is None:
            num_parallel_workers = config.get_num_parallel_workers()
        self._setup_paths(files, num_samples, num_parallel_workers, num_shards, shard_id)

    def _read(self, path):
        return corpus_lines(path)

    def _row(self, value):
        who = "CLUEDataset"
        try:
            record = json.loads(value)
        except json.JSONDecodeError as e:
            raise RuntimeError(f"{who}: a line is not JSON ({e}): {value!r}") from None
        row = []
        for key in self._keys:
            holder = record.get("target", {}) if key in _TARGET else record
            if not isinstance(holder, dict) or key not in holder:
                raise RuntimeError(f"{who}: a line has no key {key!r}: {value!r}")
            row.append(_value(holder[key], key, who))
        return tuple(row)
