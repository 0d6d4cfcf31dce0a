"""`SQuADDataset`: SQuAD 1.1/2.0's JSON files, one row per question."""

from __future__ import annotations

import glob
import json
import os
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from .mindrecord_source import Shuffle
from .text_corpus_base import CORPUS_ARGS, CorpusFiles

__all__ = ["SQuADDataset"]

_NO_ANSWER = ([""], [2**32 - 1])  # (a question without answers: MindSpore's -1 as uint32)


def _questions(path):
    """(context, question, answer texts, answer starts) of each question of a SQuAD file."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    for article in data["data"]:
        for paragraph in article["paragraphs"]:
            for qa in paragraph["qas"]:
                answers = qa["answers"]
                texts, starts = (
                    ([a["text"] for a in answers], [a["answer_start"] for a in answers])
                    if answers
                    else _NO_ANSWER
                )
                yield paragraph["context"], qa["question"], texts, starts


@document_args(
    CORPUS_ARGS,
    "usage (Union[str, None]): ``'train'``, ``'dev'`` or ``'all'`` (``None``): which files\n"
    "    to read. Default: ``None``.",
)
class SQuADDataset(CorpusFiles):
    """SQuAD's ``train-v*.json``/``dev-v*.json`` (1.1 or 2.0): columns ``context`` and
    ``question`` (str), ``text`` (1-D str) and ``answer_start`` (1-D uint32), one row per
    question; a question without answers gives ``['']`` and ``[4294967295]``.

    Usage ``'all'`` reads the train files before the dev files.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage` or a count is out of range.
        RuntimeError: no file for `usage`, or only one of `num_shards` and `shard_id` is
            given.

    Example:
        >>> import json, os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> qa = {"id": "1", "question": "Who?", "answers": [{"text": "Ada", "answer_start": 0}]}
        >>> doc = {"data": [{"title": "t", "paragraphs": [{"context": "Ada wrote.", "qas": [qa]}]}]}
        >>> with open(os.path.join(root, "dev-v1.1.json"), "w") as f:
        ...     json.dump(doc, f)
        >>> d = ds.SQuADDataset(root, usage="dev", shuffle=False)
        >>> [v.tolist() for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['Ada wrote.', 'Who?', ['Ada'], [0]]
    """

    _COLUMNS = ("context", "question", "text", "answer_start")

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
        parts = {}
        for part in ("train", "dev"):
            pattern = f"{part}-v*.json"
            found = []
            if isinstance(dataset_dir, str):
                found = sorted(glob.glob(os.path.join(glob.escape(dataset_dir), pattern)))
            # a part without files is reported missing by name when it is read
            parts[part] = tuple(os.path.basename(f) for f in found) or (pattern,)
        self._FILES = {**parts, "all": parts["train"] + parts["dev"]}
        self._open_corpus(
            dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
        )

    def _read(self, path):
        return _questions(path)

    def _row(self, value):
        context, question, texts, starts = value
        return (
            np.array(context),
            np.array(question),
            np.array(texts, dtype=str),
            np.array(starts, np.uint32),
        )
