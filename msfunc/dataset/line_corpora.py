"""Line corpora: `PennTreebankDataset`, `WikiTextDataset` and `EnWik9Dataset`, one ``text``
row per line."""

from __future__ import annotations

from typing import Any

from ..common.arg_docs import document_args
from .mindrecord_source import Shuffle
from .text_corpus_base import CORPUS_ARGS, CorpusLines, all_lines

__all__ = ["PennTreebankDataset", "WikiTextDataset", "EnWik9Dataset"]


def _split_files(prefix, suffix):
    names = {u: f"{prefix}.{u}.{suffix}" for u in ("train", "test", "valid")}
    # usage "all" reads the three files in sorted name order
    return {**{u: (n,) for u, n in names.items()}, "all": tuple(sorted(names.values()))}


_USAGE = (
    "usage (Union[str, None]): ``'train'``, ``'test'``, ``'valid'`` or ``'all'`` (``None``):\n"
    "    which files to read. Default: ``None``."
)


@document_args(CORPUS_ARGS, _USAGE)
class PennTreebankDataset(CorpusLines):
    """Penn Treebank's ``ptb.{train,test,valid}.txt``: one column ``text``, a str per
    non-empty line (a line's ``"\\r"`` is kept).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage` or a count is out of range.
        RuntimeError: a file `usage` needs is missing, or only one of `num_shards` and
            `shard_id` is given.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "ptb.test.txt"), "w") as f:
        ...     _ = f.write(" no it was n't\\n\\n the <unk>\\n")
        >>> d = ds.PennTreebankDataset(root, usage="test", shuffle=False)
        >>> [str(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [" no it was n't", ' the <unk>']
    """

    _FILES = _split_files("ptb", "txt")


@document_args(CORPUS_ARGS, _USAGE)
class WikiTextDataset(CorpusLines):
    """WikiText-2/103's ``wiki.{train,test,valid}.tokens``: one column ``text``, a str per
    non-empty line (a line's ``"\\r"`` is kept).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage` or a count is out of range.
        RuntimeError: a file `usage` needs is missing, or only one of `num_shards` and
            `shard_id` is given.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "wiki.valid.tokens"), "w") as f:
        ...     _ = f.write(" = Title = \\n\\n A line .\\n")
        >>> d = ds.WikiTextDataset(root, usage="valid", shuffle=False)
        >>> [str(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [' = Title = ', ' A line .']
    """

    _FILES = _split_files("wiki", "tokens")


@document_args(
    CORPUS_ARGS,
    "shuffle (Union[bool, Shuffle]): ``True`` (or ``Shuffle.GLOBAL``) shuffles the rows,\n"
    "    ``False`` keeps the file's order. Default: ``True``.",
)
class EnWik9Dataset(CorpusLines):
    """The ``enwik9`` file: one column ``text``, a str per line, empty lines included.

    As in MindSpore 2.10, ``get_dataset_size`` counts only the non-empty lines, while shards
    and iteration take every line.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or a count is out of range.
        RuntimeError: ``enwik9`` is missing, or only one of `num_shards` and `shard_id`
            is given.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "enwik9"), "w") as f:
        ...     _ = f.write("<page>\\n\\n</page>\\n")
        >>> d = ds.EnWik9Dataset(root, shuffle=False)
        >>> [str(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        ['<page>', '', '</page>']
    """

    _FILES = {"all": ("enwik9",)}

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | Shuffle = True,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        self._open_corpus(
            dataset_dir, None, num_samples, num_parallel_workers, shuffle, num_shards, shard_id
        )

    def _read(self, path):
        return all_lines(path)

    def _size_unsampled(self):
        total = sum(1 for f in self._files for line in all_lines(f) if line)
        return -(-total // self._num_shards) if self._num_shards else total
