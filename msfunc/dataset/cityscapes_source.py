"""`CityscapesDataset`: Cityscapes street images with their instance, semantic, colour or
polygon annotations."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .category_sources import DECODE_ARG
from .image_list_source import ImageListSource, check_choice, sorted_entries
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

__all__ = ["CityscapesDataset"]

# the splits of each quality mode; 'all' reads them in this order
_SPLITS = {"fine": ("train", "test", "val"), "coarse": ("train", "train_extra", "val")}
_TASK_FILES = {"instance": "instanceIds.png", "semantic": "labelIds.png", "color": "color.png"}
_IMAGE_END = "_leftImg8bit.png"


@document_args(
    "dataset_dir (str): Directory holding ``leftImg8bit`` and ``gtFine``/``gtCoarse``.",
    "usage (str): ``'train'``, ``'test'`` (fine only), ``'train_extra'`` (coarse only),\n"
    "    ``'val'`` or ``'all'``. Default: ``'train'``.",
    "quality_mode (str): ``'fine'`` (``gtFine``) or ``'coarse'`` (``gtCoarse``).\n"
    "    Default: ``'fine'``.",
    "task (str): ``'instance'``, ``'semantic'``, ``'polygon'`` or ``'color'``.\n"
    "    Default: ``'instance'``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    SHUFFLE_ARGS[0],
    DECODE_ARG,
    SHUFFLE_ARGS[1],
    *SHARD_ARGS,
    CACHE_ARG,
)
class CityscapesDataset(ImageListSource):
    """Cityscapes: columns ``image`` and ``task``: the annotation image
    (``<city>_<id>_gtFine_instanceIds.png``, ``..._labelIds.png`` or ``..._color.png``,
    bytes or decoded like the image) or, for task 'polygon', the ``..._polygons.json``
    file as compact json text (keys sorted). The rows are the ``*_leftImg8bit.png``
    images of ``leftImg8bit/<split>/<city>/``, cities and files in sorted order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage`, `quality_mode` or `task`
            is unknown (or `usage` does not go with `quality_mode`).
        RuntimeError: an annotation is missing, or there is no image (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for rel in ("leftImg8bit/val/ulm/ulm_1_leftImg8bit.png",
        ...             "gtFine/val/ulm/ulm_1_gtFine_polygons.json"):
        ...     os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
        ...     with open(os.path.join(root, rel), "w") as f:
        ...         _ = f.write('{"objects": [], "imgHeight": 2}')
        >>> d = ds.CityscapesDataset(root, usage="val", task="polygon", shuffle=False)
        >>> [str(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        ['{"imgHeight":2,"objects":[]}']
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str = "train",
        quality_mode: str = "fine",
        task: str = "instance",
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "CityscapesDataset"
        root = dataset_folder(dataset_dir, who)
        quality = check_choice(quality_mode, tuple(_SPLITS), "quality_mode", who)
        usage = check_choice(usage, (*_SPLITS[quality], "all"), "usage", who)
        self._task = check_choice(task, (*_TASK_FILES, "polygon"), "task", who)
        folder = "gtFine" if quality == "fine" else "gtCoarse"
        images, values = [], []
        for split in _SPLITS[quality] if usage == "all" else (usage,):
            split_dir = os.path.join(root, "leftImg8bit", split)
            for city in sorted_entries(split_dir):
                for name in sorted_entries(os.path.join(split_dir, city)):
                    if not name.endswith(_IMAGE_END):
                        continue
                    stem = name[: -len(_IMAGE_END)]
                    end = _TASK_FILES.get(self._task, "polygons.json")
                    target = os.path.join(root, folder, split, city, f"{stem}_{folder}_{end}")
                    images.append((os.path.join(split_dir, city, name),))
                    values.append(target)
        self._targets = values
        self._start(
            who,
            ["image", "task"],
            images,
            [()] * len(images),
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _get(self, index):
        target = self._targets[index]
        if self._task != "polygon":
            return self._read(self._images[index][0]), self._read(target)
        if not os.path.isfile(target):
            raise RuntimeError(f"CityscapesDataset: {target} is not a readable file")
        with open(target, encoding="utf-8") as f:
            text = json.dumps(json.load(f), separators=(",", ":"), sort_keys=True)
        return self._read(self._images[index][0]), np.array(text)
