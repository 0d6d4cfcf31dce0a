"""`PhotoTourDataset`: 64x64 patches of the Photo Tourism bitmaps, alone or as scored pairs."""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .image_list_source import check_choice, check_flag
from .sources import (
    CACHE_ARG,
    NUM_SAMPLES_ARG,
    SHARD_ARGS,
    SHUFFLE_ARGS,
    WORKERS_ARG,
    IndexedSource,
    dataset_folder,
)

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = ["PhotoTourDataset"]

_NAMES = (
    "notredame",
    "yosemite",
    "liberty",
    "notredame_harris",
    "yosemite_harris",
    "liberty_harris",
)
_PATCH, _PER_SIDE = 64, 16  # each bitmap is 16 x 16 patches of 64 x 64 pixels
_MATCHES = "m50_100000_100000_0.txt"


def _lines(path):
    with open(path, encoding="utf-8") as f:
        return [line.split() for line in f if line.strip()]


@document_args(
    "dataset_dir (str): Directory holding one folder per scene.",
    "name (str): The scene: ``'notredame'``, ``'yosemite'``, ``'liberty'``,\n"
    "    ``'notredame_harris'``, ``'yosemite_harris'`` or ``'liberty_harris'``.",
    "usage (Union[str, None]): ``'train'`` (every patch of ``info.txt``) or ``'test'`` (the\n"
    "    pairs of ``m50_100000_100000_0.txt``); ``None`` is ``'train'``. Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
    CACHE_ARG,
)
class PhotoTourDataset(IndexedSource):
    """PhotoTour patches: usage 'train' has the column ``image`` (64, 64, 1) uint8, one row
    per line of ``info.txt``; usage 'test' has ``image1``, ``image2`` and ``matches``
    (uint32: 1 when the two patches show the same 3D point) per line of
    ``m50_100000_100000_0.txt``. Patch i is at row-major place i % 256 of
    ``patches<i // 256:04d>.bmp``.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `name` or `usage` is unknown.
        RuntimeError: a file is missing (when the rows are read).

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> from PIL import Image
        >>> root = tempfile.mkdtemp(); os.mkdir(os.path.join(root, "yosemite"))
        >>> sheet = np.zeros((1024, 1024), np.uint8); sheet[:64, 64:128] = 9
        >>> Image.fromarray(sheet).save(os.path.join(root, "yosemite", "patches0000.bmp"))
        >>> with open(os.path.join(root, "yosemite", "info.txt"), "w") as f:
        ...     _ = f.write("0 0\\n0 1\\n")
        >>> d = ds.PhotoTourDataset(root, "yosemite", shuffle=False)
        >>> [int(r[0].max()) for r in d.create_tuple_iterator(output_numpy=True)]
        [0, 9]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def __init__(
        self,
        dataset_dir: str,
        name: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "PhotoTourDataset"
        root = dataset_folder(dataset_dir, who)
        self._folder = os.path.join(root, check_choice(name, _NAMES, "name", who))
        usage = "train" if usage is None else check_choice(usage, ("train", "test"), "usage", who)
        if shuffle is not None:
            check_flag(shuffle, "shuffle", who)
        self._train, self._error = usage == "train", None
        self._pairs: list[tuple[int, int, np.uint32]] = []
        count = 0
        try:
            if self._train:
                count = len(_lines(os.path.join(self._folder, "info.txt")))
            else:
                self._pairs = [
                    (int(f[0]), int(f[3]), np.uint32(f[1] == f[4]))
                    for f in _lines(os.path.join(self._folder, _MATCHES))
                ]
                count = len(self._pairs)
                self._labels = np.array([m for _, _, m in self._pairs], np.int64)  # (PKSampler)
        except (OSError, ValueError, IndexError) as exc:
            self._error = exc
        self.column_names = ["image"] if self._train else ["image1", "image2", "matches"]
        self._setup(
            count, shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler
        )

    @functools.lru_cache(maxsize=4)  # noqa: B019 - a few bitmaps per dataset, read once
    def _sheet(self, number):
        from PIL import Image

        path = os.path.join(self._folder, f"patches{number:04d}.bmp")
        if not os.path.isfile(path):
            raise RuntimeError(f"PhotoTourDataset: the bitmap {path} does not exist")
        with Image.open(path) as image:
            return np.asarray(image.convert("L"))

    def _patch(self, index):
        number, place = divmod(index, _PER_SIDE * _PER_SIDE)
        y, x = divmod(place, _PER_SIDE)
        sheet = self._sheet(number)
        patch = sheet[y * _PATCH : (y + 1) * _PATCH, x * _PATCH : (x + 1) * _PATCH]
        return np.ascontiguousarray(patch)[..., None]

    def _rows(self, ctx):
        if self._error is not None:
            raise RuntimeError(f"PhotoTourDataset: {self._error}") from self._error
        if not self._length:
            raise RuntimeError(f"PhotoTourDataset: no data found in {self._folder}")
        yield from super()._rows(ctx)

    def _get(self, index):
        if self._train:
            return (self._patch(index),)
        first, second, match = self._pairs[index]
        return self._patch(first), self._patch(second), match
