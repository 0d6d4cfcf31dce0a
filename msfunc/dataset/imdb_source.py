"""`IMDBDataset`: the IMDB movie reviews, one text file per review under ``pos``/``neg``."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .sources import (
    CACHE_ARG,
    NUM_SAMPLES_ARG,
    SHARD_ARGS,
    SHUFFLE_ARGS,
    WORKERS_ARG,
    IndexedSource,
    dataset_folder,
)
from .text_corpus_base import corpus_usage

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = ["IMDBDataset"]

# the labels' folders in the order MindSpore lists them, with their labels
_LABELS = (("pos", 1), ("neg", 0))


def _review(path):
    """A review file's text as MindSpore reads it: its last non-empty line (split at "\\n",
    a "\\r" kept); ``''`` for a file without one."""
    text = ""
    with open(path, encoding="utf-8", errors="replace", newline="") as f:
        for line in f:
            line = line[:-1] if line.endswith("\n") else line
            if line:
                text = line
    return text


@document_args(
    "dataset_dir (str): The folder holding ``train`` and ``test``.",
    "usage (Union[str, None]): ``'train'``, ``'test'`` or ``'all'`` (``None``). Default:\n"
    "    ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
    CACHE_ARG,
)
class IMDBDataset(IndexedSource):
    """IMDB reviews: columns ``text`` (str) and ``label`` (int32: 1 under ``pos``, 0 under
    ``neg``).

    Rows come usage by usage (``train`` before ``test``), ``pos`` before ``neg``, and every
    file of a folder in sorted name order (``unsup`` is not read). A review's text is its
    file's last non-empty line, as MindSpore 2.10 reads it.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage` or a count is out of range.
        RuntimeError: a ``pos`` or ``neg`` folder is missing, or `sampler` is given with
            `shuffle` or the shard arguments.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for label in ("pos", "neg"):
        ...     os.makedirs(os.path.join(root, "test", label))
        ...     with open(os.path.join(root, "test", label, "0.txt"), "w") as f:
        ...         _ = f.write(f"A {label} review.")
        >>> d = ds.IMDBDataset(root, usage="test", shuffle=False)
        >>> [(str(t), int(y)) for t, y in d.create_tuple_iterator(output_numpy=True)]
        [('A pos review.', 1), ('A neg review.', 0)]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "IMDBDataset"
        root = dataset_folder(dataset_dir, who)
        usage = corpus_usage(usage, ("train", "test", "all"), who)
        if shuffle is not None and not isinstance(shuffle, bool):
            raise TypeError(f"{who}: `shuffle` must be a bool, got {type(shuffle).__name__}")
        self._reviews = []
        for part in ("train", "test") if usage == "all" else (usage,):
            for folder, label in _LABELS:
                path = os.path.join(root, part, folder)
                if not os.path.isdir(path):
                    raise RuntimeError(f"{who}: the folder {path} is missing")
                names = sorted(n for n in os.listdir(path) if os.path.isfile(os.path.join(path, n)))
                self._reviews += [(os.path.join(path, n), label) for n in names]
        self.column_names = ["text", "label"]
        self._labels = np.array([label for _, label in self._reviews], np.int32)  # (PKSampler)
        self._setup(
            len(self._reviews),
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _get(self, index):
        path, label = self._reviews[index]
        return np.array(_review(path)), np.array(label, np.int32)
