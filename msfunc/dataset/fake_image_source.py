"""`FakeImageDataset`: random images and labels, MindSpore's for the same `base_seed`.

Row i's label is one ``uniform_int_distribution`` draw in [0, num_classes) from an
``std::mt19937`` seeded ``base_seed + i``; its image comes from an engine seeded the same way:
MindSpore fills a buffer of doubles with standard normal draws (libstdc++'s polar method)
clipped to [0, 255] and takes the image's uint8 pixels from that buffer's first bytes, so the
pixels are the little-endian bytes of those doubles.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from ..common.stdlib_random import Mt19937, uniform_int
from .sources import (
    CACHE_ARG,
    NUM_SAMPLES_ARG,
    SHARD_ARGS,
    SHUFFLE_ARGS,
    WORKERS_ARG,
    IndexedSource,
)

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = ["FakeImageDataset", "polar_normals"]

_INT32_MAX = 2**31 - 1


def _positive_int(value, who, arg):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{who}: `{arg}` must be an int, got {type(value).__name__} {value!r}")
    if not 1 <= value <= _INT32_MAX:
        raise ValueError(f"{who}: `{arg}` must be in [1, 2**31 - 1], got {value}")
    return int(value)


def polar_normals(engine, count):
    """`count` standard normal doubles as libstdc++'s ``std::normal_distribution<double>``
    draws them from the 32-bit `engine` (Marsaglia's polar method: each accepted pair of
    canonical doubles gives two values, the second kept for the next draw).

    Example:
        >>> values = polar_normals(Mt19937(0), 3)
        >>> len(values), all(-6 < v < 6 for v in values)
        (3, True)
    """
    out = []
    while len(out) < count:
        pairs = max(8, (count - len(out)) * 2 // 3 + 8)  # ~79 % of the pairs are accepted
        words = np.array([engine.next() for _ in range(4 * pairs)], np.float64).reshape(-1, 4)
        # generate_canonical<double, 53>: two words, the first the low half, over 2**64
        # (the float64 sums round as C++'s do); a value reaching 1 is kept below it
        canon = (words[:, 0::2] + words[:, 1::2] * 4294967296.0) / 18446744073709551616.0
        canon = np.minimum(canon, np.nextafter(1.0, 0.0))
        x, y = 2.0 * canon[:, 0] - 1.0, 2.0 * canon[:, 1] - 1.0
        r2 = x * x + y * y
        for xi, yi, ri in zip(x.tolist(), y.tolist(), r2.tolist()):
            if ri > 1.0 or ri == 0.0:
                continue
            mult = math.sqrt(-2 * math.log(ri) / ri)  # (the C library's log, as C++'s)
            out.extend((yi * mult, xi * mult))
            if len(out) >= count:
                break
    return out[:count]


def fake_image(seed, shape):
    """The uint8 image of `shape` MindSpore's FakeImageDataset makes with engine seed `seed`.

    Example:
        >>> fake_image(0, (2, 2, 1)).dtype
        dtype('uint8')
    """
    size = int(np.prod(shape))
    normals = np.clip(polar_normals(Mt19937(seed & 0xFFFFFFFF), -(-size // 8)), 0.0, 255.0)
    raw = np.asarray(normals, "<f8").view(np.uint8)[:size]
    return raw.reshape(shape).copy()


@document_args(
    "num_images (int): Number of images. Default: ``1000``.",
    "image_size (Union[list[int], tuple[int]]): Image shape (height, width, channels).\n"
    "    Default: ``(224, 224, 3)``.",
    "num_classes (int): Labels are drawn from [0, num_classes). Default: ``10``.",
    "base_seed (int): Row i draws from a generator seeded ``base_seed + i``. Default: ``0``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
    CACHE_ARG,
)
class FakeImageDataset(IndexedSource):
    """Random images: columns ``image`` (uint8, `image_size`) and ``label`` (uint32), the
    values MindSpore's FakeImageDataset gives for the same `base_seed`.

    Args:
        {args}

    Raises:
        TypeError: a count, a size or `base_seed` is not an int.
        ValueError: a count or a size is outside [1, 2**31 - 1], or `image_size` does not
            have 3 entries.

    Example:
        >>> import msfunc.dataset as ds
        >>> d = ds.FakeImageDataset(4, (8, 8, 3), 5, base_seed=1, shuffle=False)
        >>> [(r["image"].shape, int(r["label"]) < 5) for r in d.create_dict_iterator(
        ...     num_epochs=1, output_numpy=True)][0]
        ((8, 8, 3), True)
    """

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)

    def __init__(
        self,
        num_images: int = 1000,
        image_size: tuple[int, int, int] = (224, 224, 3),
        num_classes: int = 10,
        base_seed: int = 0,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "FakeImageDataset"
        self._num_images = _positive_int(num_images, who, "num_images")
        if not isinstance(image_size, (list, tuple)):
            raise TypeError(f"{who}: `image_size` must be a list or tuple, got {image_size!r}")
        if len(image_size) != 3:
            raise ValueError(f"{who}: `image_size` must have 3 entries, got {len(image_size)}")
        self._image_size = tuple(
            _positive_int(d, who, f"image_size[{i}]") for i, d in enumerate(image_size)
        )
        self._num_classes = _positive_int(num_classes, who, "num_classes")
        if isinstance(base_seed, bool) or not isinstance(base_seed, (int, np.integer)):
            raise TypeError(f"{who}: `base_seed` must be an int, got {base_seed!r}")
        self._base_seed = int(base_seed)
        self._labels = np.array(
            [
                uniform_int(Mt19937((self._base_seed + i) & 0xFFFFFFFF), 0, self._num_classes - 1)
                for i in range(self._num_images)
            ],
            np.uint32,
        )
        self.column_names = ["image", "label"]
        self._setup(
            self._num_images,
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _get(self, index):
        return fake_image(self._base_seed + index, self._image_size), self._labels[index]
