"""Readers of small-image datasets kept as arrays in binary or text files: `QMnistDataset`,
`EMnistDataset`, `SemeionDataset`, `STL10Dataset` and `USPSDataset`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .folder_sources import read_idx
from .image_list_source import check_choice, check_flag
from .mindrecord_source import Shuffle
from .sources import (
    CACHE_ARG,
    NUM_SAMPLES_ARG,
    SHARD_ARGS,
    SHUFFLE_ARGS,
    WORKERS_ARG,
    IndexedSource,
    dataset_folder,
)
from .text_file_source import LineFileSource, _lines

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = ["QMnistDataset", "EMnistDataset", "SemeionDataset", "STL10Dataset", "USPSDataset"]

_TAIL_ARGS = (NUM_SAMPLES_ARG, WORKERS_ARG, *SHUFFLE_ARGS, *SHARD_ARGS, CACHE_ARG)


class ArraySource(IndexedSource):
    """Rows of arrays loaded when the dataset is made: ``_load()`` returns one array per
    column (rows along the first axis). A file that cannot be read fails when the rows are
    read (RuntimeError), as MindSpore's readers do.

    Example:
        >>> import numpy as np
        >>> class Two(ArraySource):
        ...     def __init__(self):
        ...         self._begin("Two", ["x"], False, None, None, None, None, None)
        ...     def _load(self):
        ...         return [np.arange(2)]
        >>> [int(r[0]) for r in Two().create_tuple_iterator(output_numpy=True)]
        [0, 1]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def _begin(self, who, columns, shuffle, num_samples, num_shards, shard_id, workers, sampler):
        if shuffle is not None:
            check_flag(shuffle, "shuffle", who)
        self._who, self.column_names, self._error = who, list(columns), None
        try:
            self._columns = [np.asarray(c) for c in self._load()]
        except (OSError, ValueError) as exc:
            self._error, self._columns = exc, [np.zeros(0) for _ in columns]
        if len(self._columns) > 1 and self._columns[1].ndim == 1:
            self._labels = self._columns[1]  # (for PKSampler)
        self._setup(
            len(self._columns[0]), shuffle, num_samples, num_shards, shard_id, workers, sampler
        )

    def _load(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def _rows(self, ctx):
        if self._error is not None:
            raise RuntimeError(f"{self._who}: {self._error}") from self._error
        if not len(self._columns[0]):
            raise RuntimeError(f"{self._who}: no data found in the dataset's folder")
        yield from super()._rows(ctx)

    def _get(self, index):
        return tuple(c[index] for c in self._columns)


def _idx_pair(root, images, labels, who):
    """The (images with a channel axis, labels) of one idx image file and its label file."""
    image = read_idx(os.path.join(root, images), who)
    label = read_idx(os.path.join(root, labels), who)
    if image.ndim != 3 or len(image) != len(label):
        raise ValueError(f"{images} ({image.shape}) and {labels} ({label.shape}) do not match")
    return image[..., None], label


def _present(readers):
    """The parts `readers` read, leaving out those whose files are missing (usage 'all'
    reads the splits there are); the first missing file's error when none is there."""
    parts, missing = [], None
    for read in readers:
        try:
            parts.append(read())
        except FileNotFoundError as exc:
            missing = missing or exc
    if not parts and missing is not None:
        raise missing
    return parts


@document_args(
    "dataset_dir (str): Directory holding the ``qmnist-*`` and ``xnist-*`` idx files.",
    "usage (Union[str, None]): ``'train'``, ``'test'``, ``'test10k'`` (the first 10,000 test\n"
    "    images), ``'test50k'`` (the 50,000 after them), ``'nist'`` or ``'all'`` (train, test,\n"
    "    nist); ``None`` is ``'all'``. Default: ``None``.",
    "compat (bool): The label is the digit (uint32); else all 8 label fields. Default: ``True``.",
    *_TAIL_ARGS,
)
class QMnistDataset(ArraySource):
    """QMNIST: columns ``image`` (28, 28, 1) uint8 and ``label`` uint32 (the digit, or with
    ``compat=False`` the 8 fields of the ``*-labels-idx2-int`` file).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage` is unknown.
        RuntimeError: a file is missing or too short (when the rows are read).

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "xnist-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x803, 1, 28, 28], ">u4").tobytes() + bytes(784))
        >>> with open(os.path.join(root, "xnist-labels-idx2-int"), "wb") as f:
        ...     _ = f.write(np.array([0xC02, 1, 8, 7, 0, 0, 0, 0, 0, 0, 0], ">u4").tobytes())
        >>> d = ds.QMnistDataset(root, usage="nist", shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [7]
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        compat: bool = True,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "QMnistDataset"
        self._root = dataset_folder(dataset_dir, who)
        usages = ("train", "test", "test10k", "test50k", "nist", "all")
        self._usage = "all" if usage is None else check_choice(usage, usages, "usage", who)
        self._compat = True if compat is None else check_flag(compat, "compat", who)
        self._begin(
            who,
            ["image", "label"],
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _part(self, name):
        prefix = "xnist" if name == "nist" else f"qmnist-{name}"
        return _idx_pair(
            self._root, f"{prefix}-images-idx3-ubyte", f"{prefix}-labels-idx2-int", self._who
        )

    def _load(self):
        if self._usage in ("test10k", "test50k"):
            images, labels = self._part("test")
            start, stop = (0, 10000) if self._usage == "test10k" else (10000, 60000)
            if len(images) < stop:
                raise ValueError(
                    f"usage {self._usage!r} needs {stop} test images, found {len(images)}"
                )
            images, labels = images[start:stop], labels[start:stop]
        else:
            names = ("train", "test", "nist") if self._usage == "all" else (self._usage,)
            parts = _present([lambda n=n: self._part(n) for n in names])
            images = np.concatenate([p[0] for p in parts])
            labels = np.concatenate([p[1] for p in parts])
        labels = labels.astype(np.uint32)
        return images, labels[:, 0] if self._compat else labels


_EMNIST_NAMES = ("byclass", "bymerge", "balanced", "letters", "digits", "mnist")


@document_args(
    "dataset_dir (str): Directory holding the ``emnist-<name>-*`` idx files.",
    "name (str): The split: ``'byclass'``, ``'bymerge'``, ``'balanced'``, ``'letters'``,\n"
    "    ``'digits'`` or ``'mnist'``.",
    "usage (Union[str, None]): ``'train'``, ``'test'`` or ``'all'`` (test, then train);\n"
    "    ``None`` is ``'all'``. Default: ``None``.",
    *_TAIL_ARGS,
)
class EMnistDataset(ArraySource):
    """EMNIST: columns ``image`` (28, 28, 1) uint8 and ``label`` uint32, from
    ``emnist-<name>-<usage>-images-idx3-ubyte`` and ``...-labels-idx1-ubyte``.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `name` or `usage` is unknown.
        RuntimeError: a file is missing (when the rows are read).

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "emnist-mnist-test-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x803, 1, 28, 28], ">u4").tobytes() + bytes(784))
        >>> with open(os.path.join(root, "emnist-mnist-test-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x801, 1], ">u4").tobytes() + bytes([4]))
        >>> d = ds.EMnistDataset(root, "mnist", usage="test", shuffle=False)
        >>> [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
        [4]
    """

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
        who = "EMnistDataset"
        self._root = dataset_folder(dataset_dir, who)
        self._name = check_choice(name, _EMNIST_NAMES, "name", who)
        usages = ("train", "test", "all")
        self._usage = "all" if usage is None else check_choice(usage, usages, "usage", who)
        self._begin(
            who,
            ["image", "label"],
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _load(self):
        splits = ("test", "train") if self._usage == "all" else (self._usage,)
        parts = _present(
            [
                lambda split=split: _idx_pair(
                    self._root,
                    f"emnist-{self._name}-{split}-images-idx3-ubyte",
                    f"emnist-{self._name}-{split}-labels-idx1-ubyte",
                    self._who,
                )
                for split in splits
            ]
        )
        images = np.concatenate([p[0] for p in parts])
        return images, np.concatenate([p[1] for p in parts]).astype(np.uint32)


@document_args(
    "dataset_dir (str): Directory holding ``semeion.data``.",
    *_TAIL_ARGS,
)
class SemeionDataset(ArraySource):
    """Semeion handwritten digits: columns ``image`` (16, 16) uint8 (0 or 1) and ``label``
    uint32, from the lines of ``semeion.data`` (256 pixel values, then the digit one-hot in
    10 values).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory.
        RuntimeError: ``semeion.data`` is missing or malformed (when the rows are read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "semeion.data"), "w") as f:
        ...     _ = f.write(" ".join(["1.0000"] * 256 + ["0", "0", "1"] + ["0"] * 7) + "\\n")
        >>> d = ds.SemeionDataset(root, shuffle=False)
        >>> [(r[0].shape, int(r[1])) for r in d.create_tuple_iterator(output_numpy=True)]
        [((16, 16), 2)]
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "SemeionDataset"
        self._root = dataset_folder(dataset_dir, who)
        self._begin(
            who,
            ["image", "label"],
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _load(self):
        with open(os.path.join(self._root, "semeion.data"), encoding="utf-8") as f:
            rows = [line.split() for line in f if line.strip()]
        if any(len(r) != 266 for r in rows):
            raise ValueError("semeion.data has a line of other than 266 values")
        values = np.array(rows, np.float64).reshape(-1, 266)
        images = values[:, :256].astype(np.uint8).reshape(-1, 16, 16)
        return images, np.argmax(values[:, 256:], axis=1).astype(np.uint32)


_STL10_USAGES = {
    "train": ("train",),
    "test": ("test",),
    "unlabeled": ("unlabeled",),
    "train+unlabeled": ("train", "unlabeled"),
    "all": ("test", "train", "unlabeled"),
}


@document_args(
    "dataset_dir (str): Directory holding ``<usage>_X.bin`` and ``<usage>_y.bin``.",
    "usage (Union[str, None]): ``'train'``, ``'test'``, ``'unlabeled'``,\n"
    "    ``'train+unlabeled'`` or ``'all'`` (test, train, unlabeled); ``None`` is ``'all'``.\n"
    "    Default: ``None``.",
    *_TAIL_ARGS,
)
class STL10Dataset(ArraySource):
    """STL-10: columns ``image`` (96, 96, 3) uint8 and ``label`` int32 (0 to 9; -1 for the
    unlabeled images). ``<split>_X.bin`` holds each image's channels column by column.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, or `usage` is unknown.
        RuntimeError: a file is missing or malformed (when the rows are read).

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> np.zeros(3 * 96 * 96, np.uint8).tofile(os.path.join(root, "test_X.bin"))
        >>> np.array([3], np.uint8).tofile(os.path.join(root, "test_y.bin"))
        >>> d = ds.STL10Dataset(root, usage="test", shuffle=False)
        >>> [(r[0].shape, int(r[1])) for r in d.create_tuple_iterator(output_numpy=True)]
        [((96, 96, 3), 2)]
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "STL10Dataset"
        self._root = dataset_folder(dataset_dir, who)
        usage = "all" if usage is None else check_choice(usage, tuple(_STL10_USAGES), "usage", who)
        self._splits = _STL10_USAGES[usage]
        self._begin(
            who,
            ["image", "label"],
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _split(self, split):
        pixels = np.fromfile(os.path.join(self._root, f"{split}_X.bin"), np.uint8)
        if pixels.size % (3 * 96 * 96):
            raise ValueError(f"{split}_X.bin is not a whole number of 96x96x3 images")
        images = pixels.reshape(-1, 3, 96, 96).transpose(0, 3, 2, 1)
        if split == "unlabeled":
            return images, np.full(len(images), -1, np.int32)
        labels = np.fromfile(os.path.join(self._root, f"{split}_y.bin"), np.uint8)
        if len(labels) != len(images):
            raise ValueError(f"{split}_y.bin holds {len(labels)} labels for {len(images)} images")
        return images, labels.astype(np.int32) - 1

    def _load(self):
        parts = [self._split(s) for s in self._splits]
        images = np.ascontiguousarray(np.concatenate([p[0] for p in parts]))
        return images, np.concatenate([p[1] for p in parts])


@document_args(
    "dataset_dir (str): Directory holding ``usps`` (train) and ``usps.t`` (test).",
    "usage (Union[str, None]): ``'train'``, ``'test'`` or ``'all'``; ``None`` is ``'all'``.\n"
    "    Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    "shuffle (Union[bool, Shuffle]): ``Shuffle.GLOBAL`` (or ``True``) shuffles the files'\n"
    "    order and the rows, ``Shuffle.FILES`` the files' order only, ``False`` nothing.\n"
    "    Default: ``Shuffle.GLOBAL``.",
    *SHARD_ARGS,
    CACHE_ARG,
)
class USPSDataset(LineFileSource):
    """USPS digits: columns ``image`` (16, 16, 1) uint8 and ``label`` uint32, one row per
    line (``<digit + 1> 1:<v> ... 256:<v>``, pixels v in [-1, 1] scaled to 0..255) of
    ``usps``/``usps.t``, read as MindSpore reads text files (rows dealt to the workers in
    turn, shards of equal runs of rows).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, `usage` is unknown, or a file is missing.
        RuntimeError: a line is malformed (when it is read).

    Example:
        >>> import os, tempfile, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "usps.t"), "w") as f:
        ...     _ = f.write("3 " + " ".join(f"{i}:1.0" for i in range(1, 257)) + " \\n")
        >>> d = ds.USPSDataset(root, usage="test", shuffle=False)
        >>> [(int(r[0].min()), int(r[1])) for r in d.create_tuple_iterator(output_numpy=True)]
        [(255, 2)]
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | Shuffle = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "USPSDataset"
        root = dataset_folder(dataset_dir, who)
        usage = (
            "all" if usage is None else check_choice(usage, ("train", "test", "all"), "usage", who)
        )
        names = {"train": ["usps"], "test": ["usps.t"], "all": ["usps", "usps.t"]}[usage]
        self.column_names = ["image", "label"]
        files = [os.path.join(root, n) for n in names]
        self._setup_files(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _read(self, path):
        return _lines(path)

    def _row(self, value):
        fields = value.split()
        if len(fields) != 257:
            raise RuntimeError(f"USPSDataset: a line holds {len(fields) - 1} pixels, not 256")
        pixels = np.array([f.split(":", 1)[1] for f in fields[1:]], np.float32).astype(np.float64)
        image = ((pixels + 1) / 2 * 255).astype(np.uint8).reshape(16, 16, 1)
        return image, np.uint32(int(fields[0]) - 1)
