"""`CocoDataset`: COCO images with their detection, stuff, keypoint, panoptic or caption
annotations."""

from __future__ import annotations

import json
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

__all__ = ["CocoDataset", "read_coco"]

_COLUMNS = {
    "Detection": ["image", "bbox", "category_id", "iscrowd"],
    "Stuff": ["image", "segmentation", "iscrowd"],
    "Keypoint": ["image", "keypoints", "num_keypoints"],
    "Panoptic": ["image", "bbox", "category_id", "iscrowd", "area"],
    "Captioning": ["image", "captions"],
}


def _column(values, dtype, width=None):
    """Rows of `values` as an (n, width) array; ragged rows padded with -1 (as MindSpore)."""
    rows = [list(v) if isinstance(v, (list, tuple)) else [v] for v in values]
    width = width or max((len(r) for r in rows), default=1)
    out = np.full((len(rows), width), -1, dtype=np.float64)
    for i, r in enumerate(rows):
        out[i, : len(r)] = r
    return out.astype(dtype)


def _annotation_rows(task, annotations):
    """The columns after ``image`` for one image's annotations."""
    if task == "Detection":
        return (
            _column([a["bbox"] for a in annotations], np.float32, 4),
            _column([a.get("category_id", 0) for a in annotations], np.uint32),
            _column([a.get("iscrowd", 0) for a in annotations], np.uint32),
        )
    if task == "Stuff":
        polygons = []
        for a in annotations:
            seg = a["segmentation"]
            if a.get("iscrowd", 0):
                polygons.append(seg["counts"])  # (run-length encoded: its counts)
            else:
                polygons.extend(seg)
        return (
            _column(polygons, np.float32),
            _column([a.get("iscrowd", 0) for a in annotations], np.uint32),
        )
    if task == "Keypoint":
        return (
            _column([a["keypoints"] for a in annotations], np.float32),
            _column([a["num_keypoints"] for a in annotations], np.uint32),
        )
    if task == "Panoptic":
        return (
            _column([a["bbox"] for a in annotations], np.float32, 4),
            _column([a["category_id"] for a in annotations], np.uint32),
            _column([a.get("iscrowd", 0) for a in annotations], np.uint32),
            _column([a["area"] for a in annotations], np.uint32),
        )
    return (np.array([[a["caption"]] for a in annotations]),)


def read_coco(path, task):
    """(image file names, annotations of each, class index) of COCO annotation file `path`
    for `task`: the images that have annotations, in the file's order.

    Example:
        >>> import json, os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "a.json")
        >>> with open(path, "w") as f:
        ...     json.dump({"images": [{"id": 1, "file_name": "1.jpg"}],
        ...                "annotations": [{"id": 5, "image_id": 1, "caption": "hi"}]}, f)
        >>> read_coco(path, "Captioning")
        (['1.jpg'], [[{'id': 5, 'image_id': 1, 'caption': 'hi'}]], {})
    """
    with open(path, encoding="utf-8") as f:
        try:
            content = json.load(f)
        except json.JSONDecodeError as e:
            raise RuntimeError(f"CocoDataset: {path} is not json ({e})") from None
    if "images" not in content or "annotations" not in content:
        raise RuntimeError(f"CocoDataset: {path} lacks 'images' or 'annotations'")
    by_image = {}
    for entry in content["annotations"]:
        if "id" not in entry and task != "Panoptic":
            raise RuntimeError(f"CocoDataset: an annotation of {path} has no 'id'")
        if task == "Panoptic":
            by_image.setdefault(entry["image_id"], []).extend(entry.get("segments_info", []))
        else:
            by_image.setdefault(entry["image_id"], []).append(entry)
    classes = {}
    if task in ("Detection", "Panoptic"):
        categories = content.get("categories", [])
        known = {c["id"] for c in categories}
        for annotations in by_image.values():
            for a in annotations:
                if a.get("category_id") not in known:
                    raise RuntimeError(
                        f"CocoDataset: category_id {a.get('category_id')} of {path} is not "
                        "among its categories"
                    )
        for c in categories:
            classes[c["name"]] = [c["id"]] + ([c.get("isthing", 0)] if task == "Panoptic" else [])
    files, annotations = [], []
    for image in content["images"]:
        if image["id"] in by_image:
            files.append(image["file_name"])
            annotations.append(by_image[image["id"]])
    return files, annotations, classes


@document_args(
    "dataset_dir (str): Directory holding the images.",
    "annotation_file (str): The COCO annotation json file.",
    "task (str): ``'Detection'``, ``'Stuff'``, ``'Keypoint'``, ``'Panoptic'`` or\n"
    "    ``'Captioning'``. Default: ``'Detection'``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    "decode (bool): Decode the images to HWC uint8 arrays. Default: ``False``.",
    *SHARD_ARGS,
    CACHE_ARG,
    "extra_metadata (bool): Add a column ``_meta-filename`` (the image's name without its\n"
    "    extension), hidden from the iterators until renamed. Default: ``False``.",
    "decrypt (Any): Accepted for MindSpore's signature; unused. Default: ``None``.",
)
class CocoDataset(IndexedSource):
    """COCO: column ``image`` and, by task, Detection ``bbox`` (float32 (n, 4)),
    ``category_id``, ``iscrowd``; Stuff ``segmentation`` (float32 polygons, one row each,
    padded with -1), ``iscrowd``; Keypoint ``keypoints`` (float32), ``num_keypoints``;
    Panoptic ``bbox``, ``category_id``, ``iscrowd``, ``area``; Captioning ``captions``
    (str (n, 1)). Integer columns are uint32 (n, 1).

    Rows are the images of the annotation file that have annotations, in its order.

    Args:
        {args}

    Raises:
        ValueError: `dataset_dir` or `annotation_file` is missing, or `task` is unknown.
        RuntimeError: the annotation file is invalid (when the rows are read).

    Example:
        >>> import json, os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); path = os.path.join(root, "a.json")
        >>> with open(os.path.join(root, "1.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> with open(path, "w") as f:
        ...     json.dump({"images": [{"id": 1, "file_name": "1.jpg"}],
        ...                "annotations": [{"id": 5, "image_id": 1, "caption": "a cat"}]}, f)
        >>> d = ds.CocoDataset(root, path, task="Captioning", shuffle=False)
        >>> next(d.create_dict_iterator(output_numpy=True))["captions"].tolist()
        [['a cat']]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def __init__(
        self,
        dataset_dir: str,
        annotation_file: str,
        task: str = "Detection",
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
        extra_metadata: bool = False,
        decrypt: Any = None,
    ) -> None:
        who = "CocoDataset"
        root = dataset_folder(dataset_dir, who)
        if not isinstance(annotation_file, (str, os.PathLike)) or not os.path.isfile(
            annotation_file
        ):
            raise ValueError(f"{who}: `annotation_file` {annotation_file!r} is not a file")
        if task not in _COLUMNS:
            raise ValueError(f"{who}: `task` must be one of {list(_COLUMNS)}, got {task!r}")
        if not isinstance(decode, bool):
            raise TypeError(f"{who}: `decode` must be a bool, got {decode!r}")
        # MindSpore reports a bad annotation file when the pipeline starts, not here
        self._error = None
        try:
            files, annotations, classes = read_coco(os.fspath(annotation_file), task)
        except (RuntimeError, KeyError, TypeError) as e:
            self._error, files, annotations, classes = e, [], [], {}
        self._root, self._task, self._decode = root, task, decode
        self._files, self._annotations, self._classes = files, annotations, classes
        self._meta = bool(extra_metadata)
        self.column_names = _COLUMNS[task] + (["_meta-filename"] if self._meta else [])
        self._setup(
            len(files), shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler
        )

    def _rows(self, ctx):
        if self._error is not None:
            raise RuntimeError(f"CocoDataset: invalid annotation file ({self._error})")
        yield from super()._rows(ctx)

    def _get(self, index):
        name = self._files[index]
        raw = np.fromfile(os.path.join(self._root, name), np.uint8)
        image = decode_image(raw) if self._decode else raw
        row = (image, *_annotation_rows(self._task, self._annotations[index]))
        return row + ((np.array(os.path.splitext(name)[0]),) if self._meta else ())

    def get_class_indexing(self):
        """Category name -> [id] (Detection) or [id, isthing] (Panoptic); other tasks
        raise NotImplementedError, as MindSpore's.

        Example:
            >>> import json, os, tempfile, msfunc.dataset as ds
            >>> root = tempfile.mkdtemp(); path = os.path.join(root, "a.json")
            >>> with open(path, "w") as f:
            ...     json.dump({"images": [], "annotations": [],
            ...                "categories": [{"id": 3, "name": "cat"}]}, f)
            >>> ds.CocoDataset(root, path).get_class_indexing()
            {'cat': [3]}
        """
        if self._task not in ("Detection", "Panoptic"):
            raise NotImplementedError(
                "CocoDataset: get_class_indexing is for the Detection and Panoptic tasks"
            )
        return {name: list(ids) for name, ids in self._classes.items()}
