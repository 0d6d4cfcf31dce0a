"""Parallel-text corpora: `Multi30kDataset`, a ``text`` and a ``translation`` column from
line-aligned files of two languages."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from .text_corpus_base import CORPUS_ARGS, CorpusFiles, all_lines, corpus_lines

__all__ = ["Multi30kDataset", "check_language_pair"]


def check_language_pair(pair, allowed, who):
    """`pair` as a tuple, checked against the `allowed` pairs (None is the first).

    Example:
        >>> check_language_pair(["de", "en"], (("en", "de"), ("de", "en")), "demo")
        ('de', 'en')
    """
    if pair is None:
        return allowed[0]
    if not isinstance(pair, (list, tuple)):
        raise TypeError(f"{who}: `language_pair` must be a list or tuple, got {pair!r}")
    if tuple(pair) not in allowed:
        raise ValueError(f"{who}: `language_pair` must be one of {allowed}, got {pair!r}")
    return tuple(pair)


_MULTI30K = {
    "train": "training/train",
    "valid": "validation/val",
    "test": "mmt16_task1_test/test",
}


@document_args(
    CORPUS_ARGS,
    "usage (Union[str, None]): ``'train'``, ``'valid'``, ``'test'`` or ``'all'`` (``None``):\n"
    "    which files to read. Default: ``None``.",
    "language_pair (Union[list[str], tuple[str], None]): ``['en', 'de']`` (``None``) or\n"
    "    ``['de', 'en']``: the languages of ``text`` and ``translation``. Default: ``None``.",
    "shuffle (Union[bool, None]): ``True`` (``None``) shuffles the files' order and the rows,\n"
    "    ``False`` nothing. Default: ``None``.",
)
class Multi30kDataset(CorpusFiles):
    """Multi30k's ``training/train``, ``validation/val`` and ``mmt16_task1_test/test``
    files (``.en`` and ``.de``): str columns ``text`` and ``translation``, line i of one
    language with line i of the other.

    As in MindSpore 2.10, the rows are counted by the non-empty lines of the ``.en`` file,
    and that many lines (empty ones too) are paired, stopping where either file ends.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage`, `language_pair` or a count is
            out of range.
        RuntimeError: a file `usage` needs is missing, or only one of `num_shards` and
            `shard_id` is given.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.makedirs(os.path.join(root, "validation"))
        >>> for lang, text in (("en", "A dog runs."), ("de", "Ein Hund rennt.")):
        ...     with open(os.path.join(root, "validation", "val." + lang), "w") as f:
        ...         _ = f.write(text + "\\n")
        >>> d = ds.Multi30kDataset(root, usage="valid", language_pair=["de", "en"])
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['Ein Hund rennt.', 'A dog runs.']
    """

    _COLUMNS = ("text", "translation")
    _FILES = {
        **{u: (f"{name}.en",) for u, name in _MULTI30K.items()},
        "all": tuple(sorted(f"{name}.en" for name in _MULTI30K.values())),
    }

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        language_pair: list[str] | tuple[str, ...] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "Multi30kDataset"
        if shuffle is not None and not isinstance(shuffle, bool):
            raise TypeError(f"{who}: `shuffle` must be a bool, got {type(shuffle).__name__}")
        self._pair = check_language_pair(language_pair, (("en", "de"), ("de", "en")), who)
        self._open_corpus(
            dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
        )

    def _read(self, path):
        return corpus_lines(path)

    def _read_block(self, path, start, end):
        other = path[: -len("en")] + "de"
        pairs = zip(all_lines(path), all_lines(other))
        if self._pair[0] == "de":
            pairs = ((b, a) for a, b in pairs)
        return itertools.islice(pairs, start, end)

    def _row(self, value):
        return tuple(np.array(v) for v in value)
