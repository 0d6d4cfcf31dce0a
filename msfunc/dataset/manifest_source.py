"""`ManifestDataset`: images and their class labels listed in a ModelArts manifest file."""

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
)
from .sources import dataset_file as _checked_file  # (the argument bears its name)

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = ["ManifestDataset", "read_manifest"]

_USAGES = ("train", "eval", "inference")
# the leading bytes of the image formats MindSpore's manifest reader keeps (others it skips)
_IMAGE_MAGICS = (b"\xff\xd8\xff", b"\x89PNG", b"GIF8", b"BM", b"II*\x00", b"MM\x00*")


def _image_kind(path):
    """'empty', 'image' or 'other' (a file whose leading bytes are no image format's)."""
    with open(path, "rb") as f:
        head = f.read(8)
    if not head:
        return "empty"
    return "image" if head.startswith(_IMAGE_MAGICS) else "other"


def read_manifest(path, usage, class_indexing=None):
    """The (image file, label names) of the lines of manifest `path` whose ``usage`` is
    `usage` (any case), labels restricted to `class_indexing`'s names when it is given.

    Each line is a json object with ``source`` (the image file), ``usage`` and
    ``annotation`` (a list of objects whose ``name`` is a class). A line whose
    ``source`` or ``usage`` is missing, or whose image file is empty, raises
    RuntimeError; a file that is no image (by its leading bytes) is skipped, as
    MindSpore does.

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "m.manifest")
        >>> with open(path, "w") as f:
        ...     _ = f.write('{"source": "%s", "usage": "TRAIN", "annotation": [{"name": "c"}]}'
        ...                 % path.replace("m.manifest", "a.bmp"))
        >>> with open(path.replace("m.manifest", "a.bmp"), "wb") as f:
        ...     _ = f.write(b"BM...")
        >>> [(os.path.basename(file), names) for file, names in read_manifest(path, "train")]
        [('a.bmp', ['c'])]
    """
    samples = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as e:
                raise RuntimeError(
                    f"ManifestDataset: line {number} of {path} is not json: {e}"
                ) from None
            for key in ("source", "usage"):
                if key not in entry:
                    raise RuntimeError(f"ManifestDataset: line {number} of {path} has no {key!r}")
            if str(entry["usage"]).lower() != usage:
                continue
            names = [a["name"] for a in entry.get("annotation", []) if "name" in a]
            if class_indexing is not None:
                names = [n for n in names if n in class_indexing]
            if not names:
                continue
            kind = _image_kind(entry["source"])
            if kind == "empty":
                raise RuntimeError(f"ManifestDataset: the image {entry['source']} is empty")
            if kind == "image":
                samples.append((entry["source"], names))
    return samples


@document_args(
    "dataset_file (str): The manifest file, one json object per line.",
    "usage (str): The lines read: ``'train'``, ``'eval'`` or ``'inference'``.\n"
    "    Default: ``'train'``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    "class_indexing (Union[dict[str, int], None]): Label of each class name; lines with\n"
    "    none of these classes are skipped. ``None`` numbers the classes in sorted order.\n"
    "    Default: ``None``.",
    "decode (bool): Decode the images to HWC uint8 arrays. Default: ``False``.",
    *SHARD_ARGS,
    CACHE_ARG,
)
class ManifestDataset(IndexedSource):
    """The images of a manifest file: columns ``image`` and ``label`` (int32).

    ``label`` is a 0-d array for an image of one class and a 1-D array for an image
    of several. The image column holds the file's bytes (uint8, 1-D) unless
    ``decode=True``. Rows come in the file's line order.

    Args:
        {args}

    Raises:
        ValueError: `dataset_file` does not exist, `usage` is unknown, or a count is out
            of range.
        TypeError: `class_indexing` is not a dict or `decode` not a bool.
        RuntimeError: a line has no ``source`` or ``usage``.

    Example:
        >>> import json, os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); image = os.path.join(root, "0.jpg")
        >>> with open(image, "wb") as f:
        ...     _ = f.write(bytes([0xFF, 0xD8, 0xFF, 0xE0]))
        >>> path = os.path.join(root, "m.manifest")
        >>> with open(path, "w") as f:
        ...     _ = f.write(json.dumps({"source": image, "usage": "train",
        ...                             "annotation": [{"name": "cat"}, {"name": "dog"}]}))
        >>> d = ds.ManifestDataset(path, shuffle=False)
        >>> [(r[0].shape, r[1].tolist()) for r in d.create_tuple_iterator(output_numpy=True)]
        [((4,), [0, 1])]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def __init__(
        self,
        dataset_file: str,
        usage: str = "train",
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        class_indexing: dict[str, int] | None = None,
        decode: bool = False,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "ManifestDataset"
        dataset_file = _checked_file(dataset_file, who, "dataset_file")
        if not isinstance(usage, str) or usage.lower() not in _USAGES:
            raise ValueError(f"{who}: `usage` must be one of {_USAGES}, got {usage!r}")
        if class_indexing is not None and not isinstance(class_indexing, dict):
            raise TypeError(f"{who}: `class_indexing` must be a dict of class name -> int")
        if not isinstance(decode, bool):
            raise TypeError(f"{who}: `decode` must be a bool, got {decode!r}")
        # MindSpore reports a bad manifest when the pipeline starts, not here
        self._error = None
        try:
            samples = read_manifest(os.fspath(dataset_file), usage.lower(), class_indexing)
        except (RuntimeError, OSError) as e:
            self._error, samples = e, []
        if class_indexing is None:
            names = sorted({n for _, labels in samples for n in labels})
            class_indexing = {n: i for i, n in enumerate(names)}
        self._class_indexing = dict(class_indexing)
        self._files = [source for source, _ in samples]
        self._labels_of = [
            np.array([self._class_indexing[n] for n in labels], np.int32) for _, labels in samples
        ]
        self._decode = decode
        self.column_names = ["image", "label"]
        self._setup(
            len(samples), shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler
        )

    def _rows(self, ctx):
        if self._error is not None:
            raise RuntimeError(str(self._error)) from self._error
        yield from super()._rows(ctx)

    def _get(self, index):
        raw = np.fromfile(self._files[index], np.uint8)
        labels = self._labels_of[index]
        return (decode_image(raw) if self._decode else raw), (
            labels.reshape(()) if labels.size == 1 else labels
        )

    def get_class_indexing(self):
        """Class name -> label.

        Example:
            >>> import json, os, tempfile, msfunc.dataset as ds
            >>> root = tempfile.mkdtemp(); image = os.path.join(root, "0.bmp")
            >>> with open(image, "wb") as f:
            ...     _ = f.write(b"BM..")
            >>> path = os.path.join(root, "m.manifest")
            >>> with open(path, "w") as f:
            ...     _ = f.write(json.dumps({"source": image, "usage": "train",
            ...                             "annotation": [{"name": "b"}]}))
            >>> ds.ManifestDataset(path).get_class_indexing()
            {'b': 0}
        """
        return dict(self._class_indexing)

    def num_classes(self):
        """The number of classes (of the class index).

        Example:
            >>> import json, os, tempfile, msfunc.dataset as ds
            >>> root = tempfile.mkdtemp(); image = os.path.join(root, "0.bmp")
            >>> with open(image, "wb") as f:
            ...     _ = f.write(b"BM..")
            >>> path = os.path.join(root, "m.manifest")
            >>> with open(path, "w") as f:
            ...     _ = f.write(json.dumps({"source": image, "usage": "train",
            ...                             "annotation": [{"name": "b"}]}))
            >>> ds.ManifestDataset(path).num_classes()
            1
        """
        return len(self._class_indexing)
