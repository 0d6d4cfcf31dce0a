"""Tagged-sentence corpora: `CoNLL2000Dataset` and `UDPOSDataset`, one row per sentence
(lines of ``word tag tag``, sentences ended by a blank line)."""

from __future__ import annotations

import numpy as np

from ..common.arg_docs import document_args
from .text_corpus_base import CORPUS_ARGS, WorkersLast, all_lines, corpus_lines

__all__ = ["CoNLL2000Dataset", "UDPOSDataset"]


class _Sentences(WorkersLast):
    """Sentences of tagged tokens. As in MindSpore 2.10, the counts, shards and
    `get_dataset_size` go by token lines: a shard's run of lines gives the sentences in it
    (the first and last cut where the run starts and ends), and a file's last sentence
    without a blank line after it is not read."""

    _SEP = " "

    def _read(self, path):
        return corpus_lines(path)

    def _read_block(self, path, start, end):
        sentence, row = [], 0
        for line in all_lines(path):
            if not line:
                if sentence:
                    yield sentence
                sentence = []
                continue
            if row >= end:
                # the run ends inside the file: the sentence so far is a row
                if sentence:
                    yield sentence
                return
            if row >= start:
                sentence.append(line)
            row += 1

    def _row(self, value):
        # MindSpore 2.10 splits at each separator and keeps the first fields (so a doubled
        # separator gives an empty field)
        width = len(self._COLUMNS)
        tokens = [line.split(self._SEP)[:width] for line in value]
        if any(len(t) != width for t in tokens):
            raise RuntimeError(
                f"{type(self).__name__}: a line has fewer than {width} fields separated by "
                f"{self._SEP!r}: {value!r}"
            )
        return tuple(np.array([t[k] for t in tokens]) for k in range(width))


@document_args(
    CORPUS_ARGS,
    "usage (Union[str, None]): ``'train'``, ``'test'`` or ``'all'`` (``None``): which files\n"
    "    to read. Default: ``None``.",
)
class CoNLL2000Dataset(_Sentences):
    """CoNLL-2000 chunking's ``train.txt``/``test.txt``: columns ``word``, ``pos_tag`` and
    ``chunk_tag``, each a 1-D str array with one entry per token of a sentence (a line's
    first three fields, split at each space).

    Counts, shards and `get_dataset_size` go by token lines, and a file's last sentence
    needs a blank line after it, as in MindSpore 2.10.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage` or a count is out of range.
        RuntimeError: a file `usage` needs is missing, only one of `num_shards` and
            `shard_id` is given, or (when read) a line has another number of fields.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "test.txt"), "w") as f:
        ...     _ = f.write("He PRP B-NP\\nran VBD B-VP\\n\\n")
        >>> d = ds.CoNLL2000Dataset(root, usage="test", shuffle=False)
        >>> [v.tolist() for v in next(d.create_tuple_iterator(output_numpy=True))]
        [['He', 'ran'], ['PRP', 'VBD'], ['B-NP', 'B-VP']]
    """

    _COLUMNS = ("word", "pos_tag", "chunk_tag")
    _FILES = {"train": ("train.txt",), "test": ("test.txt",), "all": ("test.txt", "train.txt")}


_UD = "en-ud-tag.v2.{}.txt"


@document_args(
    CORPUS_ARGS,
    "usage (Union[str, None]): ``'train'``, ``'test'``, ``'valid'`` or ``'all'`` (``None``):\n"
    "    which files to read. Default: ``None``.",
)
class UDPOSDataset(_Sentences):
    """UDPOS's ``en-ud-tag.v2.{train,dev,test}.txt``: columns ``word``, ``universal`` and
    ``stanford``, each a 1-D str array with one entry per token of a sentence (a line's
    first three fields, split at each tab; usage ``'valid'`` reads the ``dev`` file).

    Counts, shards and `get_dataset_size` go by token lines, and a file's last sentence
    needs a blank line after it, as in MindSpore 2.10.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage` or a count is out of range.
        RuntimeError: a file `usage` needs is missing, only one of `num_shards` and
            `shard_id` is given, or (when read) a line has another number of fields.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "en-ud-tag.v2.dev.txt"), "w") as f:
        ...     _ = f.write("Hi\\tINTJ\\tUH\\n!\\tPUNCT\\t.\\n\\n")
        >>> d = ds.UDPOSDataset(root, usage="valid", shuffle=False)
        >>> [v.tolist() for v in next(d.create_tuple_iterator(output_numpy=True))]
        [['Hi', '!'], ['INTJ', 'PUNCT'], ['UH', '.']]
    """

    _SEP = "\t"
    _COLUMNS = ("word", "universal", "stanford")
    _FILES = {
        "train": (_UD.format("train"),),
        "test": (_UD.format("test"),),
        "valid": (_UD.format("dev"),),
        "all": tuple(_UD.format(u) for u in ("dev", "test", "train")),
    }
