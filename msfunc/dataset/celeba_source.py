"""`CelebADataset`: face images with their 40 binary attributes, in CelebA's file layout."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .folder_sources import DECRYPT_ARG, checked_decrypt, decode_image, read_image_bytes
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

__all__ = ["CelebADataset", "read_celeba_lists"]

# list_eval_partition.txt's partition number of each usage
_PARTITIONS = {"train": "0", "valid": "1", "test": "2"}


def read_celeba_lists(root, usage):
    """(image file name, attribute row) of `usage`, from ``list_attr_celeba.txt`` (a count
    line, a line of attribute names, then one line per image: its name and one 1 or -1 per
    attribute) and, unless `usage` is ``'all'``, ``list_eval_partition.txt`` (name, then
    0 train, 1 valid or 2 test). Attributes are 1 or 0.

    Example:
        >>> import os, tempfile
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "list_attr_celeba.txt"), "w") as f:
        ...     _ = f.write("1\\nSmiling Young\\na.jpg -1  1\\n")
        >>> read_celeba_lists(root, "all")
        [('a.jpg', [0, 1])]
    """
    with open(os.path.join(root, "list_attr_celeba.txt"), encoding="utf-8") as f:
        lines = f.read().splitlines()[2:]
    rows = []
    for line in lines:
        fields = line.split()
        if fields:
            rows.append((fields[0], [1 if int(v) > 0 else 0 for v in fields[1:]]))
    if usage == "all":
        return rows
    with open(os.path.join(root, "list_eval_partition.txt"), encoding="utf-8") as f:
        partition = dict(line.split()[:2] for line in f if len(line.split()) >= 2)
    return [row for row in rows if partition.get(row[0]) == _PARTITIONS[usage]]


@document_args(
    "dataset_dir (str): Directory holding the images and the two list files.",
    WORKERS_ARG,
    SHUFFLE_ARGS[0],
    "usage (str): ``'train'``, ``'valid'``, ``'test'`` or ``'all'``. Default: ``'all'``.",
    SHUFFLE_ARGS[1],
    "decode (bool): Decode the images to HWC uint8 arrays. Default: ``False``.",
    "extensions (Union[list[str], None]): File extensions read (case matters), such as\n"
    "    ``['.jpg']``; ``None`` reads every listed image. Default: ``None``.",
    NUM_SAMPLES_ARG,
    *SHARD_ARGS,
    CACHE_ARG,
    DECRYPT_ARG,
)
class CelebADataset(IndexedSource):
    """CelebA: columns ``image`` and ``attr`` (40 uint32 attributes, 1 or 0).

    The images listed in ``list_attr_celeba.txt`` are read from `dataset_dir`, in the
    list's order; `usage` keeps those of one partition of ``list_eval_partition.txt``.
    The image column holds the file's bytes (uint8, 1-D) unless ``decode=True``.

    Args:
        {args}

    Raises:
        ValueError: `dataset_dir` is not a directory, `usage` is unknown, or a count is
            out of range.
        TypeError: `extensions` is not a list, `decode` not a bool or `decrypt` not
            callable.
        RuntimeError: no listed image has one of `extensions` (when read), or `decrypt`
            returns something other than bytes.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "list_attr_celeba.txt"), "w") as f:
        ...     _ = f.write("1\\nSmiling Young\\na.jpg 1 -1\\n")
        >>> with open(os.path.join(root, "a.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> d = ds.CelebADataset(root, shuffle=False)
        >>> [(r[0].size, r[1].tolist()) for r in d.create_tuple_iterator(output_numpy=True)]
        [(4, [1, 0])]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def __init__(
        self,
        dataset_dir: str,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        usage: str = "all",
        sampler: RandomSampler | SequentialSampler | None = None,
        decode: bool = False,
        extensions: list[str] | None = None,
        num_samples: int | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
        decrypt: Any = None,
    ) -> None:
        who = "CelebADataset"
        root = dataset_folder(dataset_dir, who)
        if usage not in ("all", *_PARTITIONS):
            raise ValueError(
                f"{who}: `usage` must be 'all', 'train', 'valid' or 'test', got {usage!r}"
            )
        if extensions is not None and not isinstance(extensions, list):
            raise TypeError(f"{who}: `extensions` must be a list of str, got {extensions!r}")
        if not isinstance(decode, bool):
            raise TypeError(f"{who}: `decode` must be a bool, got {decode!r}")
        checked_decrypt(decrypt, who)
        rows = read_celeba_lists(root, usage)
        if extensions:
            rows = [row for row in rows if os.path.splitext(row[0])[1] in extensions]
        self._files = [os.path.join(root, name) for name, _ in rows]
        self._attrs = [np.array(attrs, np.uint32) for _, attrs in rows]
        self._decode, self._decrypt = decode, decrypt
        self.column_names = ["image", "attr"]
        self._setup(
            len(rows), shuffle, num_samples, num_shards, shard_id, num_parallel_workers, sampler
        )

    def _rows(self, ctx):
        if not self._files:
            raise RuntimeError("CelebADataset: no listed image has one of the extensions asked")
        yield from super()._rows(ctx)

    def _get(self, index):
        raw = read_image_bytes(self._files[index], self._decrypt, "CelebADataset")
        return (decode_image(raw) if self._decode else raw), self._attrs[index]
