"""Image readers whose labels come from category folders or category lists: `LSUNDataset`,
`OmniglotDataset`, `SUN397Dataset`, `Caltech256Dataset` and `Food101Dataset`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .image_list_source import ImageListSource, check_choice, check_flag, sorted_entries
from .sources import (
    CACHE_ARG,
    NUM_SAMPLES_ARG,
    SHARD_ARGS,
    SHUFFLE_ARGS,
    WORKERS_ARG,
    dataset_folder,
)

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = [
    "LSUNDataset",
    "OmniglotDataset",
    "SUN397Dataset",
    "Caltech256Dataset",
    "Food101Dataset",
]

DECODE_ARG = "decode (bool): Decode the images to HWC uint8 arrays. Default: ``False``."
_ROW_ARGS = (NUM_SAMPLES_ARG, WORKERS_ARG, SHUFFLE_ARGS[0], DECODE_ARG, SHUFFLE_ARGS[1])
_TAIL_ARGS = (*SHARD_ARGS, CACHE_ARG)

# the scene categories of LSUN, which are the only class names it accepts
_LSUN_CLASSES = (
    "bedroom",
    "bridge",
    "church_outdoor",
    "classroom",
    "conference_room",
    "dining_room",
    "kitchen",
    "living_room",
    "restaurant",
    "tower",
)
_LSUN_SUFFIXES = {"train": ("_train",), "valid": ("_val",), "all": ("_train", "_val")}


def _folder_rows(root, folders, accept=lambda name: True):
    """(paths, labels): the files of each of `folders` (under `root`) in sorted order, the
    i-th folder's files labelled i."""
    paths, labels = [], []
    for label, folder in enumerate(folders):
        for name in sorted_entries(os.path.join(root, folder)):
            if accept(name):
                paths.append((os.path.join(root, folder, name),))
                labels.append(label)
    return paths, labels


@document_args(
    "dataset_dir (str): Directory holding the ``<category>_train``/``<category>_val``\n"
    "    folders and ``test``.",
    "usage (Union[str, None]): ``'train'``, ``'valid'``, ``'test'`` or ``'all'`` (train and\n"
    "    valid); ``None`` is ``'all'``. Default: ``None``.",
    "classes (Union[list[str], None]): The categories read; ``None`` reads all.\n"
    "    Default: ``None``.",
    *_ROW_ARGS,
    *_TAIL_ARGS,
)
class LSUNDataset(ImageListSource):
    """LSUN scenes: columns ``image`` and ``label`` (uint32).

    Each existing ``<category>_train`` (usage 'train') or ``<category>_val`` (usage
    'valid') folder of the chosen categories is a label, numbered in the folders' sorted
    order; usage 'all' numbers both kinds together. Usage 'test' reads the ``test`` folder,
    all labelled 0. Every file of a folder is a row, in sorted name order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage` or a class is unknown.
        RuntimeError: there is no image (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for folder in ("bedroom_train", "tower_train"):
        ...     os.mkdir(os.path.join(root, folder))
        ...     with open(os.path.join(root, folder, "1.jpg"), "wb") as f:
        ...         _ = f.write(b"jpeg")
        >>> d = ds.LSUNDataset(root, usage="train", shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 1]
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        classes: list[str] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "LSUNDataset"
        root = dataset_folder(dataset_dir, who)
        usage = (
            "all" if usage is None else check_choice(usage, (*_LSUN_SUFFIXES, "test"), "usage", who)
        )
        if classes is not None and not isinstance(classes, list):
            raise TypeError(f"{who}: `classes` must be a list of str, got {classes!r}")
        for name in classes or ():
            check_choice(name, _LSUN_CLASSES, "classes", who)
        if usage == "test":
            folders = ["test"]
        else:
            wanted = classes or _LSUN_CLASSES
            folders = sorted(
                c + s
                for c in set(wanted)
                for s in _LSUN_SUFFIXES[usage]
                if os.path.isdir(os.path.join(root, c + s))
            )
        paths, labels = _folder_rows(root, folders)
        if usage == "test":
            labels = [0] * len(paths)
        values = [(np.uint32(v),) for v in labels]
        self._start(
            who,
            ["image", "label"],
            paths,
            values,
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
            labels,
        )


@document_args(
    "dataset_dir (str): Directory holding ``images_background`` and ``images_evaluation``.",
    "background (Union[bool, None]): Read the background set (else the evaluation set);\n"
    "    ``None`` is ``True``. Default: ``None``.",
    *_ROW_ARGS,
    *_TAIL_ARGS,
)
class OmniglotDataset(ImageListSource):
    """Omniglot: columns ``image`` and ``label`` (int32).

    Every ``<alphabet>/<character>`` folder of the set is a label, numbered in sorted
    order; its files are the rows, in sorted name order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory.
        RuntimeError: there is no image (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for char in ("character01", "character02"):
        ...     folder = os.path.join(root, "images_background", "Latin", char)
        ...     os.makedirs(folder)
        ...     with open(os.path.join(folder, "1.png"), "wb") as f:
        ...         _ = f.write(b"png")
        >>> d = ds.OmniglotDataset(root, shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 1]
    """

    def __init__(
        self,
        dataset_dir: str,
        background: bool | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "OmniglotDataset"
        root = dataset_folder(dataset_dir, who)
        background = True if background is None else check_flag(background, "background", who)
        root = os.path.join(root, "images_background" if background else "images_evaluation")
        folders = [
            os.path.join(alphabet, char)
            for alphabet in sorted_entries(root)
            for char in sorted_entries(os.path.join(root, alphabet))
            if os.path.isdir(os.path.join(root, alphabet, char))
        ]
        paths, labels = _folder_rows(root, folders)
        values = [(np.int32(v),) for v in labels]
        self._start(
            who,
            ["image", "label"],
            paths,
            values,
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
            labels,
        )


@document_args(
    "dataset_dir (str): Directory holding ``ClassName.txt`` and the category folders.",
    *_ROW_ARGS,
    *_TAIL_ARGS,
)
class SUN397Dataset(ImageListSource):
    """SUN397 scenes: columns ``image`` and ``label`` (uint32).

    ``ClassName.txt`` lists one category folder a line (such as ``/a/abbey``); its line
    number is the label. The rows are the ``sun_*.jpg`` files of those folders, in sorted
    path order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory.
        RuntimeError: ``ClassName.txt`` is missing, or there is no image (when the rows
            are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for folder in ("a/abbey", "b/badlands"):
        ...     os.makedirs(os.path.join(root, folder))
        ...     with open(os.path.join(root, folder, "sun_1.jpg"), "wb") as f:
        ...         _ = f.write(b"jpeg")
        >>> with open(os.path.join(root, "ClassName.txt"), "w") as f:
        ...     _ = f.write("/b/badlands\\n/a/abbey\\n")
        >>> d = ds.SUN397Dataset(root, shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [1, 0]
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "SUN397Dataset"
        root = dataset_folder(dataset_dir, who)
        listing = os.path.join(root, "ClassName.txt")
        rows = []
        if os.path.isfile(listing):
            with open(listing, encoding="utf-8") as f:
                categories = [line.strip() for line in f if line.strip()]
            for label, category in enumerate(categories):
                folder = os.path.join(root, category.lstrip("/"))
                for name in sorted_entries(folder):
                    if name.startswith("sun_") and name.endswith(".jpg"):
                        rows.append((os.path.join(folder, name), label))
        rows.sort()
        self._start(
            who,
            ["image", "label"],
            [(p,) for p, _ in rows],
            [(np.uint32(v),) for _, v in rows],
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
            [v for _, v in rows],
        )


@document_args(
    "dataset_dir (str): Directory with one folder of ``.jpg`` images per category.",
    *_ROW_ARGS,
    *_TAIL_ARGS,
)
class Caltech256Dataset(ImageListSource):
    """Caltech-256: columns ``image`` and ``label`` (int32).

    Every folder is a label, numbered in sorted order (``001.ak47`` is 0); its ``.jpg``
    files are the rows, in sorted name order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory.
        RuntimeError: there is no image (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for folder in ("001.ak47", "002.flag"):
        ...     os.mkdir(os.path.join(root, folder))
        ...     with open(os.path.join(root, folder, "1.jpg"), "wb") as f:
        ...         _ = f.write(b"jpeg")
        >>> d = ds.Caltech256Dataset(root, shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 1]
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "Caltech256Dataset"
        root = dataset_folder(dataset_dir, who)
        folders = [d for d in sorted_entries(root) if os.path.isdir(os.path.join(root, d))]
        paths, labels = _folder_rows(root, folders, lambda name: name.endswith(".jpg"))
        self._start(
            who,
            ["image", "label"],
            paths,
            [(np.int32(v),) for v in labels],
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
            labels,
        )


@document_args(
    "dataset_dir (str): Directory holding ``images`` and ``meta``.",
    "usage (Union[str, None]): ``'train'``, ``'test'`` or ``'all'`` (train then test);\n"
    "    ``None`` is ``'all'``. Default: ``None``.",
    *_ROW_ARGS,
    *_TAIL_ARGS,
)
class Food101Dataset(ImageListSource):
    """Food-101: columns ``image`` and ``label`` (the category's name, a str).

    The rows are the lines of ``meta/train.txt`` and/or ``meta/test.txt``
    (``<category>/<id>``, read from ``images/<category>/<id>.jpg``), in the files' order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage` is unknown.
        RuntimeError: a listed image is missing (when it is read), or there is none.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(root, "images", "pie")); os.mkdir(os.path.join(root, "meta"))
        >>> with open(os.path.join(root, "images", "pie", "7.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> with open(os.path.join(root, "meta", "train.txt"), "w") as f:
        ...     _ = f.write("pie/7\\n")
        >>> d = ds.Food101Dataset(root, usage="train", shuffle=False)
        >>> [str(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        ['pie']
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "Food101Dataset"
        root = dataset_folder(dataset_dir, who)
        usage = (
            "all" if usage is None else check_choice(usage, ("train", "test", "all"), "usage", who)
        )
        entries = []
        for split in ("train", "test") if usage == "all" else (usage,):
            listing = os.path.join(root, "meta", f"{split}.txt")
            if os.path.isfile(listing):
                with open(listing, encoding="utf-8") as f:
                    entries += [line.strip() for line in f if line.strip()]
        paths = [(os.path.join(root, "images", f"{e}.jpg"),) for e in entries]
        names = [e.split("/")[0] for e in entries]
        self._start(
            who,
            ["image", "label"],
            paths,
            [(np.array(n),) for n in names],
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )
