"""`WIDERFaceDataset`: WIDER FACE images with their face boxes and face attributes."""

from __future__ import annotations

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

__all__ = ["WIDERFaceDataset"]

_COLUMNS = ["image", "bbox", "blur", "expression", "illumination", "occlusion", "pose", "invalid"]
_FOLDERS = {"train": "WIDER_train", "valid": "WIDER_val", "test": "WIDER_test"}


def _annotations(path):
    """{image path: (n, 10) int32 face rows} of a ``wider_face_*_bbx_gt.txt`` file (a path
    line, a face count line, then that many rows, one row of zeros when the count is 0),
    and the paths in the file's order."""
    with open(path, encoding="utf-8") as f:
        lines = [line.split() for line in f if line.strip()]
    faces, order, k = {}, [], 0
    while k + 1 < len(lines):
        name, count = lines[k][0], int(lines[k + 1][0])
        rows = lines[k + 2 : k + 2 + max(count, 1)]
        faces[name] = np.array([[int(v) for v in r[:10]] for r in rows], np.int32).reshape(-1, 10)
        order.append(name)
        k += 2 + max(count, 1)
    return faces, order


@document_args(
    "dataset_dir (str): Directory holding ``WIDER_<split>/images`` and ``wider_face_split``.",
    "usage (Union[str, None]): ``'train'``, ``'valid'``, ``'test'`` or ``'all'`` (train then\n"
    "    valid); ``None`` is ``'all'``. Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    SHUFFLE_ARGS[0],
    DECODE_ARG,
    SHUFFLE_ARGS[1],
    *SHARD_ARGS,
    CACHE_ARG,
)
class WIDERFaceDataset(ImageListSource):
    """WIDER FACE: columns ``image``, ``bbox`` (n, 4) and ``blur``, ``expression``,
    ``illumination``, ``occlusion``, ``pose``, ``invalid`` (n,), int32, one entry per face
    of ``wider_face_split/wider_face_<split>_bbx_gt.txt``; usage 'test' has ``image`` only,
    listed in ``wider_face_test_filelist.txt``. Rows go by event folder (sorted), then in
    the list's order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage` is unknown.
        RuntimeError: a list file is missing, or there is no image (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(root, "WIDER_val", "images", "0--Parade"))
        >>> with open(os.path.join(root, "WIDER_val", "images", "0--Parade", "1.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> os.mkdir(os.path.join(root, "wider_face_split"))
        >>> boxes = os.path.join(root, "wider_face_split", "wider_face_val_bbx_gt.txt")
        >>> with open(boxes, "w") as f:
        ...     _ = f.write("0--Parade/1.jpg\\n1\\n4 5 6 7 0 0 0 0 0 0\\n")
        >>> d = ds.WIDERFaceDataset(root, usage="valid", shuffle=False)
        >>> [r[1].tolist() for r in d.create_tuple_iterator(output_numpy=True)]
        [[[4, 5, 6, 7]]]
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
        who = "WIDERFaceDataset"
        root = dataset_folder(dataset_dir, who)
        usages = ("train", "valid", "test", "all")
        usage = "all" if usage is None else check_choice(usage, usages, "usage", who)
        self._error = None
        images, values = [], []
        for split in ("train", "valid") if usage == "all" else (usage,):
            try:
                found = self._split(root, split)
            except OSError as exc:
                self._error = exc
                break
            images += [(path,) for path, _ in found]
            values += [row for _, row in found]
        columns = ["image"] if usage == "test" else _COLUMNS
        self._start(
            who,
            columns,
            images,
            values,
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    @staticmethod
    def _split(root, split):
        lists = os.path.join(root, "wider_face_split")
        if split == "test":
            with open(os.path.join(lists, "wider_face_test_filelist.txt"), encoding="utf-8") as f:
                order = [line.strip() for line in f if line.strip()]
            faces = {}
        else:
            short = {"train": "train", "valid": "val"}[split]
            faces, order = _annotations(os.path.join(lists, f"wider_face_{short}_bbx_gt.txt"))
        folder = os.path.join(root, _FOLDERS[split], "images")
        found = []
        for event in sorted_entries(folder):
            for name in order:
                if name.split("/")[0] == event:
                    rows = faces.get(name)
                    columns = () if rows is None else (rows[:, :4], *rows[:, 4:10].T.copy())
                    found.append((os.path.join(folder, name), tuple(columns)))
        return found

    def _rows(self, ctx):
        if self._error is not None:
            raise RuntimeError(f"WIDERFaceDataset: {self._error}") from self._error
        yield from super()._rows(ctx)
