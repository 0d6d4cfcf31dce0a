"""`LFWDataset`: Labeled Faces in the Wild, as people (image, label) or as pairs of images."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .category_sources import DECODE_ARG
from .image_list_source import ImageListSource, check_choice
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

__all__ = ["LFWDataset"]

_IMAGE_SETS = {"original": "lfw", "funneled": "lfw_funneled", "deepfunneled": "lfw-deepfunneled"}
# the list files of each task and usage ('all' reads train's then test's)
_LISTS = {
    "people": {"train": "peopleDevTrain", "test": "peopleDevTest", "10fold": "people"},
    "pairs": {"train": "pairsDevTrain", "test": "pairsDevTest", "10fold": "pairs"},
}


def _lines(path):
    if not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [line.split() for line in f]


@document_args(
    "dataset_dir (str): Directory holding the image folders and the list files.",
    "task (Union[str, None]): ``'people'`` (columns image, label) or ``'pairs'`` (image1,\n"
    "    image2, label); ``None`` is ``'people'``. Default: ``None``.",
    "usage (Union[str, None]): ``'train'``, ``'test'``, ``'10fold'`` or ``'all'`` (train\n"
    "    then test); ``None`` is ``'all'``. Default: ``None``.",
    "image_set (Union[str, None]): ``'original'``, ``'funneled'`` or ``'deepfunneled'``;\n"
    "    ``None`` is ``'funneled'``. Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    SHUFFLE_ARGS[0],
    DECODE_ARG,
    SHUFFLE_ARGS[1],
    *SHARD_ARGS,
    CACHE_ARG,
)
class LFWDataset(ImageListSource):
    """LFW faces: images ``<set folder>/<Name>/<Name>_<nnnn>.jpg``.

    Task 'people' reads the ``people*.txt`` lists (lines ``Name count``: that person's
    first `count` images); the label (uint32) is the person's line number in
    ``lfw-names.txt``. Task 'pairs' reads the ``pairs*.txt`` lists (after the first line,
    ``Name i j`` is a matching pair, label 1; ``Name1 i Name2 j`` a mismatched one, label 0).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `task`, `usage` or `image_set` is
            unknown.
        RuntimeError: a listed image is missing (when it is read), or there is none.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.makedirs(os.path.join(root, "lfw_funneled", "Ann"))
        >>> with open(os.path.join(root, "lfw_funneled", "Ann", "Ann_0001.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> lists = {"lfw-names.txt": "Bob 1\\nAnn 1\\n", "peopleDevTest.txt": "1\\nAnn 1\\n"}
        >>> for name, text in lists.items():
        ...     with open(os.path.join(root, name), "w") as f:
        ...         _ = f.write(text)
        >>> d = ds.LFWDataset(root, usage="test", shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [1]
    """

    def __init__(
        self,
        dataset_dir: str,
        task: str | None = None,
        usage: str | None = None,
        image_set: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "LFWDataset"
        root = dataset_folder(dataset_dir, who)
        task = "people" if task is None else check_choice(task, tuple(_LISTS), "task", who)
        usages = ("10fold", "train", "test", "all")
        usage = "all" if usage is None else check_choice(usage, usages, "usage", who)
        image_set = "funneled" if image_set is None else image_set
        self._folder = os.path.join(
            root, _IMAGE_SETS[check_choice(image_set, tuple(_IMAGE_SETS), "image_set", who)]
        )
        lines = []
        for split in ("train", "test") if usage == "all" else (usage,):
            lines += _lines(os.path.join(root, f"{_LISTS[task][split]}.txt"))[(task == "pairs") :]
        if task == "people":
            names = [f[0] for f in _lines(os.path.join(root, "lfw-names.txt")) if f]
            label_of = {name: k for k, name in enumerate(names)}
            people = [(f[0], int(f[1])) for f in lines if len(f) == 2]
            images = [(self._image(n, i),) for n, count in people for i in range(1, count + 1)]
            labels = [label_of.get(n, 0) for n, count in people for _ in range(count)]
            columns = ["image", "label"]
        else:
            images, labels = [], []
            for f in lines:
                if len(f) in (3, 4):
                    first, second = (f[0], f[0]) if len(f) == 3 else (f[0], f[2])
                    images.append((self._image(first, f[1]), self._image(second, f[-1])))
                    labels.append(int(len(f) == 3))
            columns = ["image1", "image2", "label"]
        self._start(
            who,
            columns,
            images,
            [(np.uint32(v),) for v in labels],
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
            labels,
        )

    def _image(self, name, number):
        return os.path.join(self._folder, name, f"{name}_{int(number):04d}.jpg")
