"""`VOCDataset`: PASCAL VOC images with their segmentation masks or object annotations."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
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

__all__ = ["VOCDataset", "read_voc_objects"]

_DETECTION_COLUMNS = ["image", "bbox", "label", "difficult", "truncate"]


def read_voc_objects(path):
    """The objects of VOC annotation file `path`: (class name, [xmin, ymin, width, height],
    difficult, truncated) each. Raises RuntimeError for a file that is missing, is no xml,
    has no object, or a box of no positive size (as MindSpore does when it reads them).

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "1.xml")
        >>> with open(path, "w") as f:
        ...     _ = f.write("<annotation><object><name>cat</name><bndbox><xmin>2</xmin>"
        ...                 "<ymin>3</ymin><xmax>12</xmax><ymax>8</ymax></bndbox></object>"
        ...                 "</annotation>")
        >>> read_voc_objects(path)
        [('cat', [2.0, 3.0, 10.0, 5.0], 0, 0)]
    """
    if not os.path.isfile(path):
        raise RuntimeError(f"VOCDataset: the annotation file {path} does not exist")
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        raise RuntimeError(f"VOCDataset: {path} is not valid xml ({e})") from None
    objects = []
    for node in root.iter("object"):
        box = node.find("bndbox")
        corners = [
            float(box.findtext(k, "0")) if box is not None else 0.0
            for k in ("xmin", "ymin", "xmax", "ymax")
        ]
        xmin, ymin, xmax, ymax = corners
        if xmin < 0 or ymin < 0 or xmax <= xmin or ymax <= ymin:
            raise RuntimeError(f"VOCDataset: {path} has a box of no positive size: {corners}")
        objects.append(
            (
                (node.findtext("name") or "").strip(),
                [xmin, ymin, xmax - xmin, ymax - ymin],
                int(node.findtext("difficult", "0") or 0),
                int(node.findtext("truncated", "0") or 0),
            )
        )
    if not objects:
        raise RuntimeError(f"VOCDataset: {path} has no object")
    return objects


@document_args(
    "dataset_dir (str): The VOC folder (holding ``ImageSets``, ``JPEGImages`` ...).",
    "task (str): ``'Segmentation'`` or ``'Detection'``. Default: ``'Segmentation'``.",
    "usage (str): The image list read, ``ImageSets/<task>/<usage>.txt``. Default: ``'train'``.",
    "class_indexing (Union[dict[str, int], None]): Label of each class (Detection only);\n"
    "    objects of other classes, and images left with none, are dropped. ``None``\n"
    "    numbers the classes in sorted order. Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    "decode (bool): Decode the images (and masks) to HWC uint8 arrays. Default: ``False``.",
    *SHARD_ARGS,
    CACHE_ARG,
    "extra_metadata (bool): Add a column ``_meta-filename`` (the image id), hidden from\n"
    "    the iterators until renamed. Default: ``False``.",
    "decrypt (Any): Accepted for MindSpore's signature; unused. Default: ``None``.",
)
class VOCDataset(IndexedSource):
    """PASCAL VOC. Segmentation: columns ``image`` and ``target`` (the mask of
    ``SegmentationClass``). Detection: ``image``, ``bbox`` (float32 (n, 4): xmin, ymin,
    width, height), ``label``, ``difficult`` and ``truncate`` (uint32 (n, 1)).

    Images are ``JPEGImages/<id>.jpg`` for the ids of the usage's list, in its order.
    Images and masks are the files' bytes (uint8, 1-D) unless ``decode=True``.

    Args:
        {args}

    Raises:
        ValueError: the task, usage list or directory is missing or unknown, or
            `class_indexing` is given for Segmentation.
        RuntimeError: an annotation is missing or invalid (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for sub in ("ImageSets/Main", "JPEGImages", "Annotations"):
        ...     os.makedirs(os.path.join(root, sub))
        >>> with open(os.path.join(root, "ImageSets/Main/train.txt"), "w") as f:
        ...     _ = f.write("7\\n")
        >>> with open(os.path.join(root, "JPEGImages/7.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> with open(os.path.join(root, "Annotations/7.xml"), "w") as f:
        ...     _ = f.write("<annotation><object><name>cat</name><bndbox><xmin>2</xmin>"
        ...                 "<ymin>3</ymin><xmax>12</xmax><ymax>8</ymax></bndbox></object>"
        ...                 "</annotation>")
        >>> d = ds.VOCDataset(root, task="Detection", shuffle=False)
        >>> row = next(d.create_dict_iterator(output_numpy=True))
        >>> row["bbox"].tolist(), row["label"].tolist(), d.get_class_indexing()
        ([[2.0, 3.0, 10.0, 5.0]], [[0]], {'cat': 0})
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def __init__(
        self,
        dataset_dir: str,
        task: str = "Segmentation",
        usage: str = "train",
        class_indexing: dict[str, int] | None = None,
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
        who = "VOCDataset"
        root = dataset_folder(dataset_dir, who)
        if task not in ("Segmentation", "Detection"):
            raise ValueError(f"{who}: `task` must be 'Segmentation' or 'Detection', got {task!r}")
        if class_indexing is not None:
            if not isinstance(class_indexing, dict):
                raise TypeError(f"{who}: `class_indexing` must be a dict of class name -> int")
            if task == "Segmentation":
                raise ValueError(f"{who}: `class_indexing` applies to the Detection task only")
        if not isinstance(decode, bool):
            raise TypeError(f"{who}: `decode` must be a bool, got {decode!r}")
        listing = os.path.join(root, "ImageSets", "Main" if task == "Detection" else task)
        listing = os.path.join(listing, f"{usage}.txt")
        if not os.path.isfile(listing):
            raise ValueError(f"{who}: the image list {listing} does not exist")
        with open(listing, encoding="utf-8") as f:
            ids = [line.strip() for line in f if line.strip()]
        self._root, self._task, self._decode = root, task, decode
        self._error = None
        self._class_indexing: dict[str, int] | None = None
        if task == "Detection":
            ids = self._read_annotations(ids, class_indexing)
        self._ids = ids
        self._meta = bool(extra_metadata)
        names = _DETECTION_COLUMNS if task == "Detection" else ["image", "target"]
        self.column_names = names + (["_meta-filename"] if self._meta else [])
        self._setup(
            len(ids), shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler
        )

    def _read_annotations(self, ids, class_indexing):
        # MindSpore reports a bad annotation when the pipeline starts, not here
        try:
            objects = {
                i: read_voc_objects(os.path.join(self._root, "Annotations", f"{i}.xml"))
                for i in ids
            }
        except RuntimeError as e:
            self._error, objects = e, {}
        if class_indexing is None:
            names = sorted({o[0] for objs in objects.values() for o in objs})
            class_indexing = {n: k for k, n in enumerate(names)}
        self._class_indexing = dict(class_indexing)
        self._objects = {
            i: [o for o in objs if o[0] in class_indexing] for i, objs in objects.items()
        }
        return [i for i in ids if self._objects.get(i)]

    def _rows(self, ctx):
        if self._error is not None:
            raise RuntimeError(str(self._error)) from self._error
        yield from super()._rows(ctx)

    def _read_image(self, path):
        raw = np.fromfile(path, np.uint8)
        return decode_image(raw) if self._decode else raw

    def _get(self, index):
        image_id = self._ids[index]
        image = self._read_image(os.path.join(self._root, "JPEGImages", f"{image_id}.jpg"))
        if self._task == "Segmentation":
            mask = os.path.join(self._root, "SegmentationClass", f"{image_id}.png")
            row = (image, self._read_image(mask))
        else:
            objs = self._objects[image_id]
            assert self._class_indexing is not None  # (Detection sets it)
            row = (
                image,
                np.array([o[1] for o in objs], np.float32).reshape(-1, 4),
                np.array([[self._class_indexing[o[0]]] for o in objs], np.uint32),
                np.array([[o[2]] for o in objs], np.uint32),
                np.array([[o[3]] for o in objs], np.uint32),
            )
        return row + ((np.array(image_id),) if self._meta else ())

    def get_class_indexing(self):
        """Class name -> label (Detection only: NotImplementedError for Segmentation).

        Example:
            >>> import os, tempfile, msfunc.dataset as ds
            >>> root = tempfile.mkdtemp(); os.makedirs(os.path.join(root, "ImageSets/Main"))
            >>> open(os.path.join(root, "ImageSets/Main/train.txt"), "w").close()
            >>> d = ds.VOCDataset(root, task="Detection", class_indexing={"cat": 3})
            >>> d.get_class_indexing()
            {'cat': 3}
        """
        if self._task != "Detection":
            raise NotImplementedError("VOCDataset: get_class_indexing is for the Detection task")
        return dict(self._class_indexing or {})

    def num_classes(self):
        """None, as MindSpore's VOCDataset answers."""
        return None
