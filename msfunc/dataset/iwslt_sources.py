"""`IWSLT2016Dataset` and `IWSLT2017Dataset`: TED talk translations, a ``text`` and a
``translation`` column from the ``train.tags`` files and the dev/test ``.xml`` files."""

from __future__ import annotations

import itertools
import os
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np

from ..common.arg_docs import document_args
from .mindrecord_source import Shuffle
from .pair_corpora import check_language_pair
from .text_corpus_base import CORPUS_ARGS, CorpusFiles, all_lines

__all__ = ["IWSLT2016Dataset", "IWSLT2017Dataset"]

_SETS = ("dev2010", "tst2010", "tst2011", "tst2012", "tst2013", "tst2014")
_PAIRS_2016 = (
    ("de", "en"),
    ("en", "fr"),
    ("en", "de"),
    ("en", "cs"),
    ("en", "ar"),
    ("fr", "en"),
    ("cs", "en"),
    ("ar", "en"),
)
_PAIRS_2017 = tuple(
    sorted(
        itertools.permutations(("en", "nl", "de", "it", "ro"), 2), key=lambda p: p != ("de", "en")
    )
)


def _talk_lines(path, who):
    """The text lines of a ``train.tags`` file (lines of tags give ``None``), spaces
    stripped; MindSpore 2.10 fails on an empty line."""
    for line in all_lines(path):
        if not line:
            raise RuntimeError(f"{who}: {path} holds an empty line")
        line = line.strip(" ")
        yield None if line.startswith("<") else line


def _segments(path):
    """The ``seg`` texts of an IWSLT ``.xml`` file, spaces stripped."""
    return [(seg.text or "").strip(" ") for seg in ET.parse(path).getroot().iter("seg")]


def _set_name(value, arg, default, who):
    if value is None:
        return default
    if not isinstance(value, str):
        raise TypeError(f"{who}: `{arg}` must be a str, got {type(value).__name__}")
    if value not in _SETS:
        raise ValueError(f"{who}: `{arg}` must be one of {list(_SETS)}, got {value!r}")
    return value


class _Talks(CorpusFiles):
    """Rows of the source-language files of `_FILES`, each paired with its target file."""

    _pair: tuple[str, ...] = ("de", "en")
    _COLUMNS = ("text", "translation")

    def _open_talks(self, folder, prefix, sets, *args):
        src, tgt = self._pair
        files = [f"train.tags.{src}-{tgt}.{src}"]
        files += [f"{prefix}.{name}.{src}-{tgt}.{src}.xml" for name in sets]
        files = [os.path.join(folder, f) for f in files]
        self._FILES = {
            "train": (files[0],),
            "valid": (files[1],),
            "test": (files[2],),
            "all": tuple(files),
        }
        self._open_corpus(*args)

    def _read(self, path):
        who = type(self).__name__
        other = path[: -len(".xml")] if path.endswith(".xml") else path
        other = other[: -len(self._pair[0])] + self._pair[1]
        other += ".xml" if path.endswith(".xml") else ""
        if path.endswith(".xml"):
            pairs = zip(_segments(path), _segments(other))
        else:
            pairs = zip(_talk_lines(path, who), _talk_lines(other, who))
        return ((a, b) for a, b in pairs if a is not None and b is not None)

    def _row(self, value):
        return tuple(np.array(v) for v in value)


_SHARED = (
    "usage (Union[str, None]): ``'train'``, ``'valid'``, ``'test'`` or ``'all'`` (``None``):\n"
    "    which files to read (``'all'``: train, valid, then test). Default: ``None``.",
    "language_pair (Union[list[str], tuple[str], None]): The source and target languages;\n"
    "    ``None`` is ``('de', 'en')``. Default: ``None``.",
)


@document_args(
    CORPUS_ARGS,
    *_SHARED,
    "valid_set (Union[str, None]): The dev/test set usage ``'valid'`` reads: ``'dev2010'``\n"
    "    or ``'tst2010'`` to ``'tst2014'``; ``None`` is ``'tst2013'``. Default: ``None``.",
    "test_set (Union[str, None]): The set usage ``'test'`` reads, as `valid_set`; ``None`` is\n"
    "    ``'tst2014'``. Default: ``None``.",
)
class IWSLT2016Dataset(_Talks):
    """IWSLT 2016 from ``texts/SRC/TGT/SRC-TGT/``: str columns ``text`` and ``translation``.

    Training pairs are the lines of ``train.tags.SRC-TGT.SRC``/``.TGT`` at the same place
    that are not tags (spaces stripped); dev/test pairs the ``seg`` elements of
    ``IWSLT16.TED.SET.SRC-TGT.SRC.xml``/``.TGT.xml``.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage`, `language_pair`, a set or a
            count is out of range.
        RuntimeError: a file `usage` needs is missing, only one of `num_shards` and
            `shard_id` is given, or (when read) a ``train.tags`` file has an empty line.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); folder = os.path.join(root, "texts", "de", "en", "de-en")
        >>> os.makedirs(folder)
        >>> for lang, text in (("de", "Guten Tag."), ("en", "Good day.")):
        ...     with open(os.path.join(folder, "train.tags.de-en." + lang), "w") as f:
        ...         _ = f.write("<url>u</url>\\n " + text + "\\n")
        >>> d = ds.IWSLT2016Dataset(root, usage="train", shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['Guten Tag.', 'Good day.']
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        language_pair: list[str] | tuple[str, ...] | None = None,
        valid_set: str | None = None,
        test_set: str | None = None,
        num_samples: int | None = None,
        shuffle: bool | Shuffle = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        num_parallel_workers: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "IWSLT2016Dataset"
        self._pair = check_language_pair(language_pair, _PAIRS_2016, who)
        sets = (
            _set_name(valid_set, "valid_set", "tst2013", who),
            _set_name(test_set, "test_set", "tst2014", who),
        )
        src, tgt = self._pair
        folder = os.path.join("texts", src, tgt, f"{src}-{tgt}")
        self._open_talks(
            folder,
            "IWSLT16.TED",
            sets,
            dataset_dir,
            usage,
            num_samples,
            num_parallel_workers,
            shuffle,
            num_shards,
            shard_id,
        )


@document_args(CORPUS_ARGS, *_SHARED)
class IWSLT2017Dataset(_Talks):
    """IWSLT 2017 (German, English, Italian, Dutch, Romanian) from
    ``texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo/``: str columns ``text`` and
    ``translation``, read as in `IWSLT2016Dataset` (valid is ``dev2010``, test
    ``tst2010``).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a folder, or `usage`, `language_pair` or a count is
            out of range.
        RuntimeError: a file `usage` needs is missing, only one of `num_shards` and
            `shard_id` is given, or (when read) a ``train.tags`` file has an empty line.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); name = "DeEnItNlRo"
        >>> folder = os.path.join(root, "texts", name, name, name + "-" + name)
        >>> os.makedirs(folder)
        >>> for lang, text in (("it", "Ciao."), ("en", "Hello.")):
        ...     with open(os.path.join(folder, "train.tags.it-en." + lang), "w") as f:
        ...         _ = f.write(text + "\\n")
        >>> d = ds.IWSLT2017Dataset(root, "train", ["it", "en"], shuffle=False)
        >>> [str(v) for v in next(d.create_tuple_iterator(output_numpy=True))]
        ['Ciao.', 'Hello.']
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        language_pair: list[str] | tuple[str, ...] | None = None,
        num_samples: int | None = None,
        shuffle: bool | Shuffle = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        num_parallel_workers: int | None = None,
        cache: Any = None,
    ) -> None:
        self._pair = check_language_pair(language_pair, _PAIRS_2017, "IWSLT2017Dataset")
        name = "DeEnItNlRo"
        self._open_talks(
            os.path.join("texts", name, name, f"{name}-{name}"),
            "IWSLT17.TED",
            ("dev2010", "tst2010"),
            dataset_dir,
            usage,
            num_samples,
            num_parallel_workers,
            shuffle,
            num_shards,
            shard_id,
        )
