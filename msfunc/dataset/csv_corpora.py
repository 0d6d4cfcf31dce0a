"""CSV corpora: `AGNewsDataset`, `AmazonReviewDataset`, `DBpediaDataset`,
`SogouNewsDataset`, `YahooAnswersDataset` and `YelpReviewDataset` (a str column per field of
``train.csv``/``test.csv``), and `SST2Dataset` (tab-separated ``.tsv`` files)."""

from __future__ import annotations

import itertools
from typing import Any

from ..common.arg_docs import document_args
from .mindrecord_source import Shuffle
from .text_corpus_base import CORPUS_ARGS, CorpusCsv, WorkersLast

__all__ = [
    "AGNewsDataset",
    "AmazonReviewDataset",
    "DBpediaDataset",
    "SogouNewsDataset",
    "YahooAnswersDataset",
    "YelpReviewDataset",
    "SST2Dataset",
]

_USAGE = (
    "usage (Union[str, None]): ``'train'``, ``'test'`` or ``'all'`` (``None``): which files\n"
    "    to read. Default: ``None``."
)
# usage "all" reads test.csv first for some corpora, train.csv first for others
_TEST_FIRST = {"train": ("train.csv",), "test": ("test.csv",), "all": ("test.csv", "train.csv")}
_TRAIN_FIRST = {**_TEST_FIRST, "all": ("train.csv", "test.csv")}
_RAISES = """
    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage` or a count is out of range.
        RuntimeError: a file `usage` needs is missing, only one of `num_shards` and
            `shard_id` is given, or (when read) a record does not parse or has another
            number of fields.
"""


class _WorkersLast(WorkersLast, CorpusCsv):
    """A CSV corpus whose constructor takes `num_parallel_workers` after `shard_id`."""


def _corpus(cls):
    """`cls` with its docstring's Args and Raises filled in."""
    cls.__doc__ = cls.__doc__.replace("    Example:", _RAISES.lstrip("\n") + "\n    Example:")
    return document_args(CORPUS_ARGS, _USAGE)(cls)


@_corpus
class AGNewsDataset(CorpusCsv):
    """AG News's ``train.csv``/``test.csv``: str columns ``index``, ``title`` and
    ``description``.

    Args:
        {args}

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "test.csv"), "w") as f:
        ...     _ = f.write('"3","Title, one","Text"\\n')
        >>> d = ds.AGNewsDataset(root, usage="test", shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['3', 'Title, one', 'Text']
    """

    _COLUMNS = ("index", "title", "description")
    _FILES = _TEST_FIRST


@_corpus
class AmazonReviewDataset(CorpusCsv):
    """Amazon Review (Full or Polarity)'s ``train.csv``/``test.csv``: str columns
    ``label``, ``title`` and ``content``.

    Args:
        {args}

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "train.csv"), "w") as f:
        ...     _ = f.write('"5","Great","Works ""well"" here"\\n')
        >>> d = ds.AmazonReviewDataset(root, usage="train", shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['5', 'Great', 'Works "well" here']
    """

    _COLUMNS = ("label", "title", "content")
    _FILES = _TEST_FIRST


@_corpus
class DBpediaDataset(CorpusCsv):
    """DBpedia's ``train.csv``/``test.csv``: str columns ``class``, ``title`` and
    ``content``.

    Args:
        {args}

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "test.csv"), "w") as f:
        ...     _ = f.write('1,"Name","About it"\\n')
        >>> d = ds.DBpediaDataset(root, usage="test", shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['1', 'Name', 'About it']
    """

    _COLUMNS = ("class", "title", "content")
    _FILES = _TEST_FIRST


@_corpus
class YahooAnswersDataset(CorpusCsv):
    """Yahoo! Answers's ``train.csv``/``test.csv``: str columns ``class``, ``title``,
    ``content`` and ``answer``.

    Args:
        {args}

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "test.csv"), "w") as f:
        ...     _ = f.write('"2","Why?","Asking","Because"\\n')
        >>> d = ds.YahooAnswersDataset(root, usage="test", shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['2', 'Why?', 'Asking', 'Because']
    """

    _COLUMNS = ("class", "title", "content", "answer")
    _FILES = _TEST_FIRST


@_corpus
class SogouNewsDataset(_WorkersLast):
    """Sogou News's ``train.csv``/``test.csv``: str columns ``index``, ``title`` and
    ``content``.

    Args:
        {args}

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "test.csv"), "w") as f:
        ...     _ = f.write('"1","ti","co"\\n')
        >>> d = ds.SogouNewsDataset(root, usage="test", shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['1', 'ti', 'co']
    """

    _COLUMNS = ("index", "title", "content")
    _FILES = _TRAIN_FIRST


@_corpus
class YelpReviewDataset(_WorkersLast):
    """Yelp Review (Full or Polarity)'s ``train.csv``/``test.csv``: str columns ``label``
    and ``text``.

    Args:
        {args}

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "test.csv"), "w") as f:
        ...     _ = f.write('"1","Slow, cold."\\n')
        >>> d = ds.YelpReviewDataset(root, usage="test", shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['1', 'Slow, cold.']
    """

    _COLUMNS = ("label", "text")
    _FILES = _TRAIN_FIRST


@document_args(
    CORPUS_ARGS,
    "usage (Union[str, None]): ``'train'``, ``'dev'`` or ``'test'``; ``None`` is ``'train'``.\n"
    "    Default: ``None``.",
)
class SST2Dataset(CorpusCsv):
    """SST-2's ``train.tsv``/``dev.tsv`` (str columns ``sentence`` and ``label``) or
    ``test.tsv`` (str column ``sentence``): tab-separated records after a header line.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage` or a count is out of range.
        RuntimeError: the file `usage` needs is missing, only one of `num_shards` and
            `shard_id` is given, or (when read) a record does not parse or has another
            number of fields.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "dev.tsv"), "w") as f:
        ...     _ = f.write("sentence\\tlabel\\nit 's a charming journey . \\t1\\n")
        >>> d = ds.SST2Dataset(root, usage="dev", shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ["it 's a charming journey . ", '1']
    """

    _delim = "\t"
    _FILES = {"train": ("train.tsv",), "dev": ("dev.tsv",), "test": ("test.tsv",)}

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
        usage = "train" if usage is None else usage
        # test.tsv holds an index before each sentence, which is not read
        self._test = usage == "test"
        self._COLUMNS = ("sentence",) if self._test else ("sentence", "label")
        self._open_corpus(
            dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
        )

    def _read(self, path):
        return self._records(path, True)

    def _read_block(self, path, start, end):
        # (SST2's reader starts a shard's rows inside a file cleanly)
        return itertools.islice(self._read(path), start, end)

    def _row(self, record):
        if self._test and len(record) == 2:
            record = record[1:]
        return super()._row(record)
