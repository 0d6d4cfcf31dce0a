"""`KITTIDataset`: the KITTI object-detection images and their labelled boxes, in the layout
and columns MindSpore reads them."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .folder_sources import decode_image
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

__all__ = ["KITTIDataset"]

_TRAIN_COLUMNS = [
    "image",
    "label",
    "truncated",
    "occluded",
    "alpha",
    "bbox",
    "dimensions",
    "location",
    "rotation_y",
]
_FOLDER = {"train": "training", "test": "testing"}


def _read_annotation(path):
    """The (name, 14 float32 values) objects of one label file (blank lines skipped)."""
    if not os.path.isfile(path):
        raise RuntimeError(f"KITTIDataset: the label file {path} does not exist")
    objects = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if not fields:
                continue
            if len(fields) != 15:
                raise RuntimeError(
                    f"KITTIDataset: {path} has a line of {len(fields)} fields, expected 15"
                )
            objects.append((fields[0], np.array([float(v) for v in fields[1:]], np.float32)))
    return objects


@document_args(
    "dataset_dir (str): Directory holding ``data_object_image_2`` (and, for training,\n"
    "    ``data_object_label_2``).",
    "usage (Union[str, None]): ``'train'`` or ``'test'``; ``None`` is ``'train'``.\n"
    "    Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    "decode (bool): Decode the PNG images to HWC uint8 arrays. Default: ``False``.",
    *SHARD_ARGS,
    CACHE_ARG,
)
class KITTIDataset(IndexedSource):
    """KITTI object detection: images ``000000.png``, ``000001.png`` ... (as many as the image
    folder holds) under ``data_object_image_2/{training,testing}/image_2`` and, for
    ``usage='train'``, their objects from ``data_object_label_2/training/label_2/*.txt``.

    Training rows have the columns ``image`` (the file's bytes, or HWC uint8 decoded),
    ``label`` (uint32 ids of the object names, numbered in sorted name order over every label
    file), ``truncated``, ``occluded`` (uint32), ``alpha``, ``bbox`` (xmin, ymin, xmax, ymax),
    ``dimensions``, ``location`` and ``rotation_y`` (float32, one row per object); test rows
    only ``image``. Images whose label file lists no object are left out.

    Args:
        {args}

    Raises:
        TypeError: `dataset_dir` or `usage` is not a str, or `decode` not a bool.
        ValueError: `dataset_dir` is not a directory, or `usage` is neither 'train' nor 'test'.
        RuntimeError: a label file is missing or malformed, or there is no image.

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> images = os.path.join(root, "data_object_image_2", "testing", "image_2")
        >>> os.makedirs(images)
        >>> with open(os.path.join(images, "000000.png"), "wb") as f:  # (a .npy array decodes too)
        ...     np.save(f, np.zeros((2, 2, 3), np.uint8))
        >>> d = ds.KITTIDataset(root, usage="test", decode=True, shuffle=False)
        >>> [r[0].shape for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
        [(2, 2, 3)]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

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
        who = "KITTIDataset"
        root = dataset_folder(dataset_dir, who)
        usage = "train" if usage is None else usage
        if not isinstance(usage, str):
            raise TypeError(f"{who}: `usage` must be a str, got {usage!r}")
        if usage not in _FOLDER:
            raise ValueError(f"{who}: `usage` must be 'train' or 'test', got {usage!r}")
        if not isinstance(decode, bool):
            raise TypeError(f"{who}: `decode` must be a bool, got {decode!r}")
        self._decode = decode
        image_dir = os.path.join(root, "data_object_image_2", _FOLDER[usage], "image_2")
        if not os.path.isdir(image_dir):
            raise RuntimeError(f"{who}: the image folder {image_dir} does not exist")
        # (images are named by row number: as many ids as the folder has entries)
        ids = [f"{i:06d}" for i in range(len(os.listdir(image_dir)))]
        self._images = [os.path.join(image_dir, f"{i}.png") for i in ids]
        self._objects = None
        if usage == "train":
            label_dir = os.path.join(root, "data_object_label_2", "training", "label_2")
            objects = [_read_annotation(os.path.join(label_dir, f"{i}.txt")) for i in ids]
            names = sorted({name for rows in objects for name, _ in rows})
            label_of = {name: k for k, name in enumerate(names)}
            kept = [k for k, rows in enumerate(objects) if rows]
            self._images = [self._images[k] for k in kept]
            self._objects = [self._columns(objects[k], label_of) for k in kept]
        if not self._images:
            raise RuntimeError(f"{who}: no image in {image_dir}")
        self.column_names = list(_TRAIN_COLUMNS) if usage == "train" else ["image"]
        self._setup(
            len(self._images),
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    @staticmethod
    def _columns(rows, label_of):
        values = np.stack([v for _, v in rows])
        return (
            np.array([[label_of[name]] for name, _ in rows], np.uint32),
            values[:, 0:1],
            values[:, 1:2].astype(np.int64).astype(np.uint32),  # (-1 wraps, as MindSpore's)
            values[:, 2:3],
            values[:, 3:7],
            values[:, 7:10],
            values[:, 10:13],
            values[:, 13:14],
        )

    def _get(self, index):
        raw = np.fromfile(self._images[index], np.uint8)
        image = decode_image(raw) if self._decode else raw
        if self._objects is None:
            return (image,)
        return (image, *self._objects[index])
