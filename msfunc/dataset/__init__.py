"""`msfunc.dataset`: MindSpore's `mindspore.dataset` (sources, pipeline operations, iterators).

Pipelines run on host threads (``num_parallel_workers``) with results in source
order; every random choice is seeded from ``ds.config.set_seed`` or
``msfunc.set_seed`` at iterator creation. `data_sink` and any loop accept these
datasets; any iterable of batches (a grain dataset, a list) works where msfunc
takes a dataset.
"""

from . import audio, config, text, transforms, vision
from .engine import Dataset, DictIterator, TupleIterator
from .folder_sources import Cifar10Dataset, ImageFolderDataset, MnistDataset
from .mindrecord_source import MindDataset, Shuffle
from .samplers import RandomSampler, SequentialSampler
from .sources import GeneratorDataset, NumpySlicesDataset

__all__ = [
    "audio",
    "config",
    "text",
    "transforms",
    "vision",
    "Dataset",
    "TupleIterator",
    "DictIterator",
    "NumpySlicesDataset",
    "GeneratorDataset",
    "MnistDataset",
    "Cifar10Dataset",
    "ImageFolderDataset",
    "MindDataset",
    "Shuffle",
    "RandomSampler",
    "SequentialSampler",
]
