"""Image readers whose rows come from list files or paired folders: `Places365Dataset`,
`SBUDataset`, `FlickrDataset`, `DIV2KDataset` and `RenderedSST2Dataset`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .category_sources import DECODE_ARG
from .image_list_source import ImageListSource, check_choice, check_flag, sorted_entries
from .sources import (
    CACHE_ARG,
    NUM_SAMPLES_ARG,
    SHARD_ARGS,
    SHUFFLE_ARGS,
    WORKERS_ARG,
    dataset_file,
    dataset_folder,
)

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = ["Places365Dataset", "SBUDataset", "FlickrDataset", "DIV2KDataset", "RenderedSST2Dataset"]

_ROW_ARGS = (NUM_SAMPLES_ARG, WORKERS_ARG, SHUFFLE_ARGS[0], DECODE_ARG, SHUFFLE_ARGS[1])
_TAIL_ARGS = (*SHARD_ARGS, CACHE_ARG)

_PLACES_LISTS = {
    "train-standard": ("places365_train_standard.txt", "data_{}_standard"),
    "train-challenge": ("places365_train_challenge.txt", "data_{}_challenge"),
    "val": ("places365_val.txt", "val_{}"),
}


@document_args(
    "dataset_dir (str): Directory holding the list files and the image folders.",
    "usage (Union[str, None]): ``'train-standard'``, ``'train-challenge'`` or ``'val'``;\n"
    "    ``None`` is ``'train-standard'``. Default: ``None``.",
    "small (bool): Read the 256x256 images (``data_256_*``, ``val_256``), else the large\n"
    "    ones. Default: ``True``.",
    DECODE_ARG,
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    *_TAIL_ARGS,
)
class Places365Dataset(ImageListSource):
    """Places365: columns ``image`` and ``label`` (uint32).

    The rows are the lines (``/a/airfield/00000001.jpg 0``: the image under the usage's
    folder and its label) of ``places365_train_standard.txt``,
    ``places365_train_challenge.txt`` or ``places365_val.txt``, in order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage` is unknown.
        RuntimeError: a listed image is missing (when it is read), or there is none.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.makedirs(os.path.join(root, "val_256", "a"))
        >>> with open(os.path.join(root, "val_256", "a", "1.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> with open(os.path.join(root, "places365_val.txt"), "w") as f:
        ...     _ = f.write("/a/1.jpg 7\\n")
        >>> d = ds.Places365Dataset(root, usage="val", shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [7]
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        small: bool = True,
        decode: bool = False,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "Places365Dataset"
        root = dataset_folder(dataset_dir, who)
        usage = "train-standard" if usage is None else usage
        listing, folder = _PLACES_LISTS[check_choice(usage, tuple(_PLACES_LISTS), "usage", who)]
        small = True if small is None else check_flag(small, "small", who)
        folder = os.path.join(root, folder.format("256" if small else "large"))
        rows = []
        if os.path.isfile(os.path.join(root, listing)):
            with open(os.path.join(root, listing), encoding="utf-8") as f:
                rows = [line.split() for line in f if len(line.split()) >= 2]
        labels = [int(fields[1]) for fields in rows]
        self._start(
            who,
            ["image", "label"],
            [(os.path.join(folder, fields[0].lstrip("/")),) for fields in rows],
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


# SBU's images are named after their url past this many characters ("http://static.flickr.
# com/" less its last two), with "/" made "_": ".../3326/35963.jpg" is "m_3326_35963.jpg".
_SBU_URL_CUT = 23


@document_args(
    "dataset_dir (str): Directory holding the caption and url lists and ``sbu_images``.",
    *_ROW_ARGS,
    *_TAIL_ARGS,
)
class SBUDataset(ImageListSource):
    """SBU captioned photos: columns ``image`` and ``caption`` (str).

    Line i of ``SBU_captioned_photo_dataset_urls.txt`` and of
    ``SBU_captioned_photo_dataset_captions.txt`` make a row when its image (named after the
    url's path: ``http://static.flickr.com/3326/35963.jpg`` is ``m_3326_35963.jpg``) is in
    ``sbu_images``; the rows keep the lists' order.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory.
        RuntimeError: a url is too short to name an image, or there is no image (when the
            rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.mkdir(os.path.join(root, "sbu_images"))
        >>> with open(os.path.join(root, "sbu_images", "m_12_5.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> with open(os.path.join(root, "SBU_captioned_photo_dataset_urls.txt"), "w") as f:
        ...     _ = f.write("http://static.flickr.com/12/5.jpg\\n")
        >>> with open(os.path.join(root, "SBU_captioned_photo_dataset_captions.txt"), "w") as f:
        ...     _ = f.write("A dog\\n")
        >>> d = ds.SBUDataset(root, shuffle=False)
        >>> [str(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        ['A dog']
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "SBUDataset"
        root = dataset_folder(dataset_dir, who)
        urls = self._lines(os.path.join(root, "SBU_captioned_photo_dataset_urls.txt"))
        captions = self._lines(os.path.join(root, "SBU_captioned_photo_dataset_captions.txt"))
        self._bad_url = None
        images, values = [], []
        for url, caption in zip(urls, captions):
            name = url.strip()[_SBU_URL_CUT:].replace("/", "_")
            if not name:
                self._bad_url = url
                break
            path = os.path.join(root, "sbu_images", name)
            if os.path.isfile(path):
                images.append((path,))
                values.append((np.array(caption.rstrip()),))
        self._start(
            who,
            ["image", "caption"],
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
    def _lines(path):
        if not os.path.isfile(path):
            return []
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()

    def _rows(self, ctx):
        if self._bad_url is not None:
            raise RuntimeError(f"SBUDataset: the url {self._bad_url!r} names no image")
        yield from super()._rows(ctx)


@document_args(
    "dataset_dir (str): Directory holding the images.",
    "annotation_file (str): The captions, one ``<image>#<n>\\t<caption>`` line each.",
    *_ROW_ARGS,
    *_TAIL_ARGS,
)
class FlickrDataset(ImageListSource):
    """Flickr8k / Flickr30k captioned photos: columns ``image`` and ``annotation`` (the
    image's captions, str, in the annotation file's order).

    One row per image named in `annotation_file`, in sorted order of the image names; the
    caption is the line's text after its first tab, kept as written.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory or `annotation_file` not a file.
        RuntimeError: a line has no caption or names a missing image, or there is no line
            (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "1.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg")
        >>> token = os.path.join(root, "captions.token")
        >>> with open(token, "w") as f:
        ...     _ = f.write("1.jpg#0\\tA dog.\\n1.jpg#1\\tA dog runs.\\n")
        >>> d = ds.FlickrDataset(root, token, shuffle=False)
        >>> [r[1].tolist() for r in d.create_tuple_iterator(output_numpy=True)]
        [['A dog.', 'A dog runs.']]
    """

    def __init__(
        self,
        dataset_dir: str,
        annotation_file: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "FlickrDataset"
        root = dataset_folder(dataset_dir, who)
        annotation_file = dataset_file(annotation_file, who, "annotation_file")
        captions, self._bad_line = {}, None
        with open(annotation_file, encoding="utf-8", newline="\n") as f:
            for line in f.read().split("\n"):
                if not line:
                    continue
                key, tab, caption = line.partition("\t")
                if not tab or not caption:
                    self._bad_line = line
                    break
                path = os.path.join(root, key.rpartition("#")[0] or key)
                captions.setdefault(path, []).append(caption)
        paths = sorted(captions)
        self._start(
            who,
            ["image", "annotation"],
            [(path,) for path in paths],
            [(np.array(captions[path]),) for path in paths],
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _rows(self, ctx):
        if self._bad_line is not None:
            raise RuntimeError(f"FlickrDataset: the line {self._bad_line!r} has no caption")
        yield from super()._rows(ctx)


_DIV2K_USAGES = {"train": ("train",), "valid": ("valid",), "all": ("train", "valid")}
_DIV2K_SCALES = {
    "bicubic": (2, 3, 4, 8),
    "unknown": (2, 3, 4),
    "mild": (4,),
    "difficult": (4,),
    "wild": (4,),
}


@document_args(
    "dataset_dir (str): Directory holding the ``DIV2K_<usage>_HR`` and ``..._LR_...`` folders.",
    "usage (str): ``'train'``, ``'valid'`` or ``'all'`` (train then valid). Default: ``'train'``.",
    "downgrade (str): ``'bicubic'``, ``'unknown'``, ``'mild'``, ``'difficult'`` or ``'wild'``.\n"
    "    Default: ``'bicubic'``.",
    "scale (int): 2, 3, 4 or 8 (8 with 'bicubic' only; 'mild', 'difficult' and 'wild' take\n"
    "    4 only). Default: ``2``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    SHUFFLE_ARGS[0],
    DECODE_ARG,
    SHUFFLE_ARGS[1],
    *_TAIL_ARGS,
)
class DIV2KDataset(ImageListSource):
    """DIV2K super-resolution pairs: columns ``hr_image`` and ``lr_image``.

    The rows are the ``.png`` files of ``DIV2K_<usage>_HR`` in sorted order, each with its
    low-resolution image: ``DIV2K_<usage>_LR_<downgrade>/X<scale>/<id>x<scale>.png``
    (bicubic, unknown), ``DIV2K_<usage>_LR_<downgrade>/<id>x4<m|d|w>.png`` (mild,
    difficult, wild) or ``DIV2K_<usage>_LR_x8/<id>x8.png`` (scale 8).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage`, `downgrade` or `scale` is
            unknown or `scale` does not go with `downgrade`.
        RuntimeError: an image is missing (when it is read), or there is none.

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for rel in ("DIV2K_train_HR/0001.png", "DIV2K_train_LR_bicubic/X2/0001x2.png"):
        ...     os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
        ...     with open(os.path.join(root, rel), "wb") as f:
        ...         _ = f.write(rel.encode())
        >>> d = ds.DIV2KDataset(root, shuffle=False)
        >>> [bytes(r[1]).decode() for r in d.create_tuple_iterator(output_numpy=True)]
        ['DIV2K_train_LR_bicubic/X2/0001x2.png']
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str = "train",
        downgrade: str = "bicubic",
        scale: int = 2,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "DIV2KDataset"
        root = dataset_folder(dataset_dir, who)
        usage = check_choice(usage, tuple(_DIV2K_USAGES), "usage", who)
        downgrade = check_choice(downgrade, tuple(_DIV2K_SCALES), "downgrade", who)
        if isinstance(scale, bool) or not isinstance(scale, int):
            raise TypeError(f"{who}: `scale` must be an int, got {scale!r}")
        if scale not in (2, 3, 4, 8):
            raise ValueError(f"{who}: `scale` must be one of [2, 3, 4, 8], got {scale!r}")
        if scale not in _DIV2K_SCALES[downgrade]:
            raise ValueError(
                f"{who}: downgrade {downgrade!r} takes scale {list(_DIV2K_SCALES[downgrade])}, "
                f"got {scale}"
            )
        pairs = []
        for split in _DIV2K_USAGES[usage]:
            hr = os.path.join(root, f"DIV2K_{split}_HR")
            for name in sorted_entries(hr):
                if name.endswith(".png"):
                    pairs.append(
                        (os.path.join(hr, name), self._low(root, split, downgrade, scale, name))
                    )
        self._start(
            who,
            ["hr_image", "lr_image"],
            pairs,
            [()] * len(pairs),
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    @staticmethod
    def _low(root, split, downgrade, scale, name):
        stem = name[: -len(".png")]
        if scale == 8:
            return os.path.join(root, f"DIV2K_{split}_LR_x8", f"{stem}x8.png")
        folder = os.path.join(root, f"DIV2K_{split}_LR_{downgrade}")
        if downgrade in ("bicubic", "unknown"):
            return os.path.join(folder, f"X{scale}", f"{stem}x{scale}.png")
        return os.path.join(folder, f"{stem}x4{downgrade[0]}.png")


_SST2_USAGES = {"train": ("train",), "test": ("test",), "val": ("val", "valid")}


@document_args(
    "dataset_dir (str): Directory holding ``train``, ``valid`` and ``test``.",
    "usage (Union[str, None]): ``'train'``, ``'val'``, ``'test'`` or ``'all'``; ``None`` is\n"
    "    ``'all'``. Default: ``None``.",
    *_ROW_ARGS,
    *_TAIL_ARGS,
)
class RenderedSST2Dataset(ImageListSource):
    """Rendered SST-2: columns ``image`` and ``label`` (uint32).

    The rows are the ``.png`` files of ``<usage>/<class>/`` in sorted path order. Each
    class name gets a label the first time the folders are met, in the order the file
    system lists them (as MindSpore numbers them: ``os.listdir``'s order).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage` is unknown.
        RuntimeError: there is no image (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.makedirs(os.path.join(root, "test", "positive"))
        >>> with open(os.path.join(root, "test", "positive", "0001.png"), "wb") as f:
        ...     _ = f.write(b"png")
        >>> d = ds.RenderedSST2Dataset(root, usage="test", shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [0]
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
        who = "RenderedSST2Dataset"
        root = dataset_folder(dataset_dir, who)
        usage = (
            "all" if usage is None else check_choice(usage, (*_SST2_USAGES, "all"), "usage", who)
        )
        wanted = ("train", "test", "valid") if usage == "all" else _SST2_USAGES[usage]
        label_of, rows = {}, []
        for split in (d for d in os.listdir(root) if d in wanted):
            for name in os.listdir(os.path.join(root, split)):
                folder = os.path.join(root, split, name)
                if not os.path.isdir(folder):
                    continue
                label = label_of.setdefault(name, len(label_of))
                rows += [
                    (os.path.join(folder, f), label)
                    for f in os.listdir(folder)
                    if f.endswith(".png")
                ]
        rows.sort()
        self._start(
            who,
            ["image", "label"],
            [(p,) for p, _ in rows],
            [(np.uint32(v),) for _, v in rows],
            decode,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
            [v for _, v in rows],
        )
