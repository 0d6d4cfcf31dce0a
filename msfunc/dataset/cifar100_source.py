"""`Cifar100Dataset`: CIFAR-100 from its binary files (or python pickles)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .folder_sources import _usage, read_cifar_records
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

__all__ = ["Cifar100Dataset"]


def _read_cifar100(path):
    """(images HWC, coarse labels, fine labels) of one CIFAR-100 file."""
    images, (coarse, fine) = read_cifar_records(
        path, (b"coarse_labels", b"fine_labels"), "Cifar100Dataset"
    )
    return images, coarse, fine


@document_args(
    "dataset_dir (str): Directory holding ``train.bin`` and ``test.bin`` (or the python\n"
    "    files ``train`` and ``test``).",
    "usage (Union[str, None]): ``'train'``, ``'test'`` or ``'all'``; ``None`` is ``'all'``.\n"
    "    Default: ``None``.",
    NUM_SAMPLES_ARG,
    WORKERS_ARG,
    *SHUFFLE_ARGS,
    *SHARD_ARGS,
    CACHE_ARG,
)
class Cifar100Dataset(IndexedSource):
    """CIFAR-100: columns ``image`` (32, 32, 3) uint8 HWC, ``coarse_label`` and
    ``fine_label`` (uint32).

    Each binary record is the coarse label byte, the fine label byte and 3072 CHW
    pixel bytes. Usage ``'all'`` reads the files in name order (test before train),
    as MindSpore does.

    Args:
        {args}

    Raises:
        ValueError: no file is found for `usage`, or an argument is out of range.

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> np.full(3074, 4, np.uint8).tofile(os.path.join(root, "test.bin"))
        >>> image, coarse, fine = next(ds.Cifar100Dataset(root, "test").create_tuple_iterator(
        ...     output_numpy=True))
        >>> image.shape, int(coarse), int(fine)
        ((32, 32, 3), 4, 4)
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
        who = "Cifar100Dataset"
        root = dataset_folder(dataset_dir, who)
        usage = _usage(usage, who)
        wanted = ["test", "train"] if usage == "all" else [usage]
        found = []
        for sub in ("", "cifar-100-binary", "cifar-100-python"):
            for ext in (".bin", ""):
                files = [
                    os.path.join(root, sub, n + ext)
                    for n in wanted
                    if os.path.isfile(os.path.join(root, sub, n + ext))
                ]
                if files and not found:
                    found = files
        if not found:
            raise ValueError(f"{who}: no CIFAR-100 files for usage {usage!r} in {root}")
        images, coarse, fine = zip(*(_read_cifar100(path) for path in found))
        self._images = np.concatenate(images)
        self._coarse, self._labels = np.concatenate(coarse), np.concatenate(fine)
        self.column_names = ["image", "coarse_label", "fine_label"]
        self._setup(
            len(self._labels),
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            num_parallel_workers,
            sampler,
        )

    def _get(self, index):
        return self._images[index], self._coarse[index], self._labels[index]
