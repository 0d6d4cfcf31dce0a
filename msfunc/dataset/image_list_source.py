"""`ImageListSource`: the shared base of the readers whose rows are image files and labels."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from .folder_sources import decode_image
from .sources import IndexedSource

__all__ = ["ImageListSource", "check_choice", "check_flag", "sorted_entries"]


def check_flag(value, name, who):
    """`value` if it is a bool, else TypeError naming `name` (as MindSpore's validators).

    Example:
        >>> check_flag(True, "decode", "LSUNDataset")
        True
    """
    if not isinstance(value, bool):
        raise TypeError(f"{who}: `{name}` must be a bool, got {value!r}")
    return value


def check_choice(value, choices, name, who):
    """`value` if it is one of the str `choices`: TypeError for a value that is no str,
    ValueError for a str outside them (as MindSpore's validators).

    Example:
        >>> check_choice("train", ("train", "test"), "usage", "LSUNDataset")
        'train'
    """
    if not isinstance(value, str):
        raise TypeError(f"{who}: `{name}` must be a str, got {value!r}")
    if value not in choices:
        raise ValueError(f"{who}: `{name}` must be one of {list(choices)}, got {value!r}")
    return value


def sorted_entries(folder):
    """The names in `folder` in sorted order (none when it is not a folder).

    Example:
        >>> import os, tempfile
        >>> root = tempfile.mkdtemp()
        >>> for name in ("b.jpg", "a.jpg"):
        ...     open(os.path.join(root, name), "w").close()
        >>> sorted_entries(root)
        ['a.jpg', 'b.jpg']
    """
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


class ImageListSource(IndexedSource):
    """Rows made of image files (read as their bytes, or decoded to HWC uint8) followed by
    columns known in advance. A reader lists its rows then calls `_start`; a reader left
    with no row fails when it is read, as MindSpore's do.

    Example:
        >>> import os, tempfile, numpy as np
        >>> root = tempfile.mkdtemp(); path = os.path.join(root, "a.npy")
        >>> np.save(path, np.zeros((2, 2, 3), np.uint8))
        >>> class One(ImageListSource):
        ...     def __init__(self):
        ...         self._start("One", ["image", "label"], [(path,)], [(np.uint32(4),)], True)
        >>> [(r[0].shape, int(r[1])) for r in One().create_tuple_iterator(output_numpy=True)]
        [((2, 2, 3), 4)]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def _start(
        self,
        who: str,
        column_names: list[str],
        images: list[tuple[str, ...]],
        values: list[tuple[Any, ...]],
        decode: bool | None,
        shuffle: bool | None = False,
        num_samples: int | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        num_parallel_workers: int | None = None,
        sampler: Any = None,
        labels: list[int] | None = None,
    ) -> None:
        """Keep the rows: `images` one tuple of paths per row, `values` one tuple of the
        other columns per row; `labels` (one int per row) lets PKSampler pick by class."""
        self._who, self._images, self._values = who, list(images), list(values)
        for name, flag in (("decode", decode), ("shuffle", shuffle)):
            if flag is not None:  # (None is the default, as in MindSpore's validators)
                check_flag(flag, name, who)
        self._decode = bool(decode)
        if labels is not None:
            self._labels = np.asarray(labels, np.int64)
        self.column_names = list(column_names)
        self._setup(
            len(self._images),
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _rows(self, ctx):
        if not self._images:
            raise RuntimeError(f"{self._who}: no data found in the dataset's folder")
        yield from super()._rows(ctx)

    def _read(self, path):
        if not os.path.isfile(path):
            raise RuntimeError(f"{self._who}: {path} is not a readable file")
        raw = np.fromfile(path, np.uint8)
        return decode_image(raw) if self._decode else raw

    def _get(self, index):
        return tuple(self._read(p) for p in self._images[index]) + tuple(self._values[index])
