"""Datasets read from local files in their standard layouts: MNIST idx files, CIFAR-10
batches (binary or python pickles) and class-per-folder image trees."""

from __future__ import annotations

import io
import os
import pickle
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
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

__all__ = [
    "MnistDataset",
    "FashionMnistDataset",
    "KMnistDataset",
    "Cifar10Dataset",
    "ImageFolderDataset",
    "decode_image",
    "checked_decrypt",
    "read_image_bytes",
]

_USAGES = ("train", "test", "all")

DECRYPT_ARG = (
    "decrypt (Union[Callable, None]): Called with an image's path, returns its bytes\n"
    "    (for encrypted images). Default: ``None``."
)


def checked_decrypt(decrypt: Any, who: str) -> Any:
    """`decrypt` itself when it is None or callable (a TypeError otherwise)."""
    if decrypt is not None and not callable(decrypt):
        raise TypeError(f"{who}: `decrypt` must be callable, got {decrypt!r}")
    return decrypt


def read_image_bytes(path: str, decrypt: Any, who: str) -> np.ndarray:
    """An image file's bytes (uint8, 1-D), through `decrypt` (path -> bytes) when given.

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "x.bin")
        >>> _ = open(path, "wb").write(b"keyABC")
        >>> read_image_bytes(path, lambda p: open(p, "rb").read()[3:], "demo").tobytes()
        b'ABC'
    """
    if decrypt is None:
        return np.fromfile(path, np.uint8)
    data = decrypt(path)
    if not isinstance(data, bytes):
        raise RuntimeError(f"{who}: `decrypt` returned {type(data).__name__} for {path}, not bytes")
    return np.frombuffer(data, np.uint8)


def _usage(usage, who):
    usage = "all" if usage is None else usage
    if usage not in _USAGES:
        raise ValueError(f"{who}: `usage` must be one of {_USAGES} or None, got {usage!r}")
    return usage


# idx files' element type codes: unsigned bytes (MNIST) and big-endian int32 (QMNIST labels)
_IDX_TYPES = {0x08: np.dtype(np.uint8), 0x0C: np.dtype(">i4")}


def read_idx(path, who="MnistDataset"):
    """An array from an idx file (big-endian header: two zero bytes, the element type code,
    the number of dims, then one size per dim).

    Example:
        >>> import os, tempfile, numpy as np
        >>> path = os.path.join(tempfile.mkdtemp(), "labels")
        >>> with open(path, "wb") as f:
        ...     _ = f.write(np.array([0x801, 2], ">u4").tobytes() + bytes([3, 4]))
        >>> read_idx(path).tolist()
        [3, 4]
    """
    with open(path, "rb") as f:
        raw = f.read()
    if len(raw) < 4 or raw[0] != 0 or raw[1] != 0 or raw[2] not in _IDX_TYPES:
        raise ValueError(f"{who}: {path} is not an idx file of unsigned bytes or int32")
    dtype, ndim = _IDX_TYPES[raw[2]], raw[3]
    shape = tuple(int(v) for v in np.frombuffer(raw, ">u4", count=ndim, offset=4))
    data = np.frombuffer(raw, dtype, offset=4 + 4 * ndim)
    if data.size != int(np.prod(shape)):
        raise ValueError(f"{who}: {path} holds {data.size} values, its header says {shape}")
    return data.reshape(shape)


# (the arguments of the three readers of MNIST's idx layout)
_IDX_ARGS = (
    "dataset_dir (str): Directory holding the idx files.",
    "usage (Union[str, None]): ``'train'``, ``'test'`` or ``'all'``; ``None`` is ``'all'``.\n"
    "    Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
    CACHE_ARG,
)


@document_args(*_IDX_ARGS)
class MnistDataset(IndexedSource):
    """MNIST from its idx files: columns ``image`` (28, 28, 1) uint8 and ``label`` uint32.

    Reads ``train-images-idx3-ubyte``/``train-labels-idx1-ubyte`` (usage "train"),
    ``t10k-*`` (usage "test"), or both (usage "all" or None).

    Args:
        {args}

    Raises:
        ValueError: an argument is out of range.
        RuntimeError: (when sized or iterated) the files are missing or do not match.

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "t10k-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x803, 1, 28, 28], ">u4").tobytes() + bytes(784))
        >>> with open(os.path.join(root, "t10k-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x801, 1], ">u4").tobytes() + bytes([7]))
        >>> image, label = next(ds.MnistDataset(root, "test").create_tuple_iterator(
        ...     output_numpy=True))
        >>> image.shape, int(label)
        ((28, 28, 1), 7)
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)
    _who = "MnistDataset"

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
        who = self._who
        root = dataset_folder(dataset_dir, who)
        usage = _usage(usage, who)
        # (MindSpore reads the files when the pipeline first runs: a dataset whose files are
        # missing or bad still gives its column names, and fails with RuntimeError when sized
        # or iterated)
        self._unreadable, self._sizable = None, True
        try:
            self._images, self._labels = _read_mnist(root, usage, who)
        except ValueError as exc:
            # (a folder without any idx file counts 0 samples; bad files fail the count too)
            self._unreadable, self._sizable = str(exc), isinstance(exc, _NoMnistFiles)
            self._images, self._labels = np.zeros((0, 28, 28, 1), np.uint8), np.zeros(0, np.uint32)
        self.column_names = ["image", "label"]
        self._setup(
            len(self._labels),
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _size(self):
        if not self._sizable:
            raise RuntimeError(self._unreadable)
        return super()._size()

    def _rows(self, ctx):
        if self._unreadable is not None:
            raise RuntimeError(self._unreadable)
        return super()._rows(ctx)

    def _get(self, index):
        return self._images[index], self._labels[index]


@document_args(*_IDX_ARGS)
class FashionMnistDataset(MnistDataset):
    """Fashion-MNIST: MNIST's idx files and layout (the same file names), clothing images;
    columns ``image`` (28, 28, 1) uint8 and ``label`` uint32.

    Args:
        {args}

    Raises:
        ValueError: an argument is out of range.
        RuntimeError: (when sized or iterated) the files are missing or do not match.

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "train-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x803, 1, 28, 28], ">u4").tobytes() + bytes(784))
        >>> with open(os.path.join(root, "train-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x801, 1], ">u4").tobytes() + bytes([9]))
        >>> ds.FashionMnistDataset(root, usage="train").get_dataset_size()
        1
    """

    _who = "FashionMnistDataset"


@document_args(*_IDX_ARGS)
class KMnistDataset(MnistDataset):
    """Kuzushiji-MNIST: MNIST's idx files and layout (the same file names), cursive Japanese
    characters; columns ``image`` (28, 28, 1) uint8 and ``label`` uint32.

    Args:
        {args}

    Raises:
        ValueError: an argument is out of range.
        RuntimeError: (when sized or iterated) the files are missing or do not match.

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, "t10k-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x803, 1, 28, 28], ">u4").tobytes() + bytes(784))
        >>> with open(os.path.join(root, "t10k-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(np.array([0x801, 1], ">u4").tobytes() + bytes([3]))
        >>> ds.KMnistDataset(root, usage="test").get_dataset_size()
        1
    """

    _who = "KMnistDataset"


class _NoMnistFiles(ValueError):
    """No MNIST idx file at all under the folder."""


def _read_mnist(root, usage, who):
    """The images (N, 28, 28, 1) and labels of `usage`'s idx files under `root` (ValueError
    where they are missing or do not match)."""
    prefixes = {"train": ["train"], "test": ["t10k"], "all": ["train", "t10k"]}[usage]
    images, labels = [], []
    for prefix in prefixes:
        image_file = os.path.join(root, f"{prefix}-images-idx3-ubyte")
        label_file = os.path.join(root, f"{prefix}-labels-idx1-ubyte")
        if not (os.path.exists(image_file) and os.path.exists(label_file)):
            if usage == "all" and not (os.path.exists(image_file) or os.path.exists(label_file)):
                continue
            raise ValueError(f"{who}: {image_file} and {label_file} are needed for usage {usage!r}")
        img, lab = read_idx(image_file), read_idx(label_file)
        if img.ndim != 3 or lab.ndim != 1 or len(img) != len(lab):
            raise ValueError(
                f"{who}: {image_file} ({img.shape}) and {label_file} ({lab.shape}) do not match"
            )
        images.append(img[..., None])
        labels.append(lab.astype(np.uint32))
    if not images:
        raise _NoMnistFiles(f"{who}: no MNIST idx files in {root}")
    return np.concatenate(images), np.concatenate(labels)


@document_args(
    "dataset_dir (str): Directory holding the batches.",
    "usage (Union[str, None]): ``'train'`` (the data batches), ``'test'`` (the test batch)\n"
    "    or ``'all'``; ``None`` is ``'all'``. Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
    CACHE_ARG,
)
class Cifar10Dataset(IndexedSource):
    """CIFAR-10: columns ``image`` (32, 32, 3) uint8 HWC and ``label`` uint32.

    Reads the binary batches (``data_batch_1.bin`` ... ``data_batch_5.bin``,
    ``test_batch.bin``: each record one label byte and 3072 CHW pixel bytes) or,
    when there are none, the python pickles (``data_batch_1`` ... ``test_batch``).

    Args:
        {args}

    Raises:
        ValueError: no batch is found, or an argument is out of range.

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> np.full(3073, 2, np.uint8).tofile(os.path.join(root, "test_batch.bin"))
        >>> image, label = next(ds.Cifar10Dataset(root, "test").create_tuple_iterator(
        ...     output_numpy=True))
        >>> image.shape, int(label)
        ((32, 32, 3), 2)
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

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
        who = "Cifar10Dataset"
        root = dataset_folder(dataset_dir, who)
        usage = _usage(usage, who)
        names = {"train": [f"data_batch_{i}" for i in range(1, 6)], "test": ["test_batch"]}
        wanted = names["train"] + names["test"] if usage == "all" else names[usage]
        found = []
        for sub in ("", "cifar-10-batches-bin", "cifar-10-batches-py"):
            folder = os.path.join(root, sub)
            for ext in (".bin", ""):
                files = [
                    os.path.join(folder, n + ext)
                    for n in wanted
                    if os.path.isfile(os.path.join(folder, n + ext))
                ]
                if files and not found:
                    found = files
        if not found:
            raise ValueError(f"{who}: no CIFAR-10 batches for usage {usage!r} in {root}")
        images, labels = zip(*(self._read(path) for path in found))
        self._images, self._labels = np.concatenate(images), np.concatenate(labels)
        self.column_names = ["image", "label"]
        self._setup(
            len(self._labels),
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    @staticmethod
    def _read(path):
        images, (labels,) = read_cifar_records(path, (b"labels",), "Cifar10Dataset")
        return images, labels

    def _get(self, index):
        return self._images[index], self._labels[index]


_IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".npy")


def read_cifar_records(path, label_keys, who):
    """``(images HWC uint8, [labels uint32 per key])`` of one CIFAR file: a binary file of
    records (one byte per label, then the 3072 CHW pixels) or a python pickle batch with
    ``b"data"`` and one list per key of `label_keys`.

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "one.bin")
        >>> np.arange(3073, dtype=np.uint8).tofile(path)
        >>> images, (labels,) = read_cifar_records(path, (b"labels",), "demo")
        >>> images.shape, labels.tolist(), images[0, 0, 0].tolist()
        ((1, 32, 32, 3), [0], [1, 1, 1])
    """
    n = len(label_keys)
    if path.endswith(".bin"):
        raw = np.fromfile(path, np.uint8)
        if raw.size % (n + 3072):
            raise ValueError(f"{who}: {path} is not a whole number of {n + 3072}-byte records")
        records = raw.reshape(-1, n + 3072)
        labels, pixels = [records[:, i] for i in range(n)], records[:, n:]
    else:
        with open(path, "rb") as f:
            # The CIFAR python batches are pickles: read only files you trust.
            batch = pickle.load(f, encoding="bytes")
        pixels = np.asarray(batch[b"data"], np.uint8)
        labels = [np.asarray(batch[key]) for key in label_keys]
    images = np.ascontiguousarray(pixels.reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1))
    return images, [label.astype(np.uint32) for label in labels]


def decode_image(data, error: type[Exception] = RuntimeError):
    """An HWC uint8 array from encoded bytes: a ``.npy`` file, or any format Pillow reads;
    bytes no reader knows raise `error` (MindSpore's C++ decoder raises RuntimeError, its
    PIL decoder ValueError).

    Example:
        >>> import io, numpy as np
        >>> buf = io.BytesIO(); np.save(buf, np.zeros((2, 3, 3), np.uint8))
        >>> decode_image(np.frombuffer(buf.getvalue(), np.uint8)).shape
        (2, 3, 3)
    """
    raw = np.asarray(data, np.uint8).tobytes()
    if raw[:6] == b"\x93NUMPY":
        return np.load(io.BytesIO(raw), allow_pickle=False)
    try:
        from PIL import Image
    except ImportError:
        raise ValueError(
            "decode: the data is not a .npy array and Pillow (needed for "
            "JPEG/PNG/BMP) is not installed: pip install pillow"
        ) from None
    try:
        with Image.open(io.BytesIO(raw)) as image:
            # an RGB image needs no convert (which would copy every pixel once more)
            return _rgb_pixels(image if image.mode == "RGB" else image.convert("RGB"))
    except (OSError, SyntaxError) as exc:  # (Pillow's errors for unknown or broken data)
        raise error(f"decode: the data is not an image Pillow reads: {exc}") from exc


def _rgb_pixels(image):
    """The (H, W, 3) uint8 pixels of an RGB PIL image, read out in one piece: Pillow's own
    conversion packs them 64 KiB at a time and joins the pieces, which costs as much as the
    decoding of a large photo; its result is used when Pillow's encoder API differs."""
    from PIL import Image

    image.load()
    width, height = image.size
    try:
        encoder = Image._getencoder("RGB", "raw", "RGB")
        encoder.setimage(image.im, (0, 0, width, height))
        try:
            _, status, data = encoder.encode(width * height * 3)
        finally:
            encoder.cleanup()
    except (AttributeError, TypeError, ValueError):
        status, data = -1, b""
    if status != 1 or len(data) != width * height * 3:
        return np.array(image)
    # (a bytearray: the pixels are writable, as MindSpore's decoded images are; one memcpy)
    return np.frombuffer(bytearray(data), np.uint8).reshape(height, width, 3)


@document_args(
    "dataset_dir (str): Directory with one sub-folder of images per class.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    "extensions (Union[list[str], None]): File extensions read (such as ``['.jpg']``);\n"
    "    ``None`` reads every file. Default: ``None``.",
    "class_indexing (Union[dict[str, int], None]): Label of each class folder; ``None``\n"
    "    numbers the folders in sorted order. Default: ``None``.",
    "decode (bool): Decode the images to HWC uint8 arrays. Default: ``False``.",
    *SHARD_ARGS,
    CACHE_ARG,
    DECRYPT_ARG,
)
class ImageFolderDataset(IndexedSource):
    """Images in one folder per class: columns ``image`` and ``label`` (int32).

    Classes are the sub-folder names in sorted order (or `class_indexing`). The
    image column holds the file's bytes (uint8, 1-D) unless ``decode=True``, which
    decodes to HWC uint8 (``.npy`` files natively, other formats with Pillow).

    Args:
        {args}

    Raises:
        ValueError: the directory is missing, or an argument is out of range.

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.mkdir(os.path.join(root, "cat"))
        >>> np.save(os.path.join(root, "cat", "0.npy"), np.zeros((2, 2, 3), np.uint8))
        >>> d = ds.ImageFolderDataset(root, decode=True)
        >>> [(r[0].shape, int(r[1])) for r in d.create_tuple_iterator(output_numpy=True)]
        [((2, 2, 3), 0)]
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        extensions: list[str] | None = None,
        class_indexing: dict[str, int] | None = None,
        decode: bool = False,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
        decrypt: Any = None,
    ) -> None:
        who = "ImageFolderDataset"
        root = dataset_folder(dataset_dir, who)
        exts = tuple(e.lower() for e in (extensions or _IMAGE_EXTENSIONS))
        classes = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
        if class_indexing is not None and not isinstance(class_indexing, dict):
            raise TypeError(f"{who}: `class_indexing` must be a dict of folder name -> int")
        if class_indexing:  # (an empty dict, as None: every folder, by name)
            classes = [c for c in classes if c in class_indexing]
            index = dict(class_indexing)
        else:
            index = {c: i for i, c in enumerate(classes)}
        self._files, labels = [], []
        for c in classes:
            folder = os.path.join(root, c)
            for name in sorted(os.listdir(folder)):
                if name.lower().endswith(exts):
                    self._files.append(os.path.join(folder, name))
                    labels.append(index[c])
        if not self._files:
            raise ValueError(
                f"{who}: no files with extensions {exts} in the class folders of {root}"
            )
        self._labels = np.asarray(labels, np.int32)
        self._class_indexing = index
        self._decode = bool(decode)
        self._decrypt = checked_decrypt(decrypt, who)
        self.column_names = ["image", "label"]
        self._setup(
            len(self._files),
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _get(self, index):
        raw = read_image_bytes(self._files[index], self._decrypt, "ImageFolderDataset")
        return (decode_image(raw) if self._decode else raw), self._labels[index]

    def get_class_indexing(self):
        """Folder name -> label."""
        return dict(self._class_indexing)

    def num_classes(self):
        return len(set(self._class_indexing.values()))
