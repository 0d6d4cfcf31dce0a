"""`msfunc.dataset`: MindSpore's `mindspore.dataset` (sources, pipeline operations, iterators).

Pipelines run on host threads (``num_parallel_workers``) with results in source
order; every random choice is seeded from ``ds.config.set_seed`` or
``msfunc.set_seed`` at iterator creation. `data_sink` and any loop accept these
datasets; any iterable of batches (a grain dataset, a list) works where msfunc
takes a dataset.
"""

from . import (
    bucket_batch,  # noqa: F401 - registers the BucketBatch node
    combine_nodes,  # noqa: F401 - registers the Zip and Concat nodes
    config,
    debug,
    filter_node,  # noqa: F401 - registers the Filter node
    split_node,  # noqa: F401 - registers split
    sync_wait,  # noqa: F401 - registers the SyncWait node
    text,
    transfer,  # noqa: F401 - registers the Transfer node (device_que)
    transforms,
    vision,
)
from .audio_corpora import GTZANDataset, TedliumDataset
from .audio_sources import (
    CMUArcticDataset,
    LibriTTSDataset,
    LJSpeechDataset,
    SpeechCommandsDataset,
    YesNoDataset,
)
from .category_sources import (
    Caltech256Dataset,
    Food101Dataset,
    LSUNDataset,
    OmniglotDataset,
    SUN397Dataset,
)
from .celeba_source import CelebADataset
from .cifar100_source import Cifar100Dataset
from .cityscapes_source import CityscapesDataset
from .clue_source import CLUEDataset
from .coco_source import CocoDataset
from .combine_nodes import zip_datasets as zip  # noqa: A004 - MindSpore names it so
from .conll_corpora import CoNLL2000Dataset, UDPOSDataset
from .csv_corpora import (
    AGNewsDataset,
    AmazonReviewDataset,
    DBpediaDataset,
    SogouNewsDataset,
    SST2Dataset,
    YahooAnswersDataset,
    YelpReviewDataset,
)
from .csv_source import CSVDataset
from .deserialize import deserialize, show
from .digit_sources import (
    EMnistDataset,
    QMnistDataset,
    SemeionDataset,
    STL10Dataset,
    USPSDataset,
)
from .engine import Dataset, DictIterator, TupleIterator
from .fake_image_source import FakeImageDataset
from .folder_sources import (
    Cifar10Dataset,
    FashionMnistDataset,
    ImageFolderDataset,
    KMnistDataset,
    MnistDataset,
)
from .imdb_source import IMDBDataset
from .iwslt_sources import IWSLT2016Dataset, IWSLT2017Dataset
from .kitti_source import KITTIDataset
from .lfw_source import LFWDataset
from .line_corpora import EnWik9Dataset, PennTreebankDataset, WikiTextDataset
from .line_reader import LineReader
from .listed_image_sources import (
    DIV2KDataset,
    FlickrDataset,
    Places365Dataset,
    RenderedSST2Dataset,
    SBUDataset,
)
from .manifest_source import ManifestDataset
from .mat_image_sources import Caltech101Dataset, Flowers102Dataset, SBDataset, SVHNDataset
from .mindrecord_source import MindDataset, Shuffle
from .more_samplers import (
    IterSampler,
    Sampler,
    SubsetRandomSampler,
    SubsetSampler,
    WeightedRandomSampler,
)
from .padded_source import PaddedDataset
from .pair_corpora import Multi30kDataset
from .photo_tour_source import PhotoTourDataset
from .pk_sampler import PKSampler
from .random_source import RandomDataset, Schema
from .samplers import DistributedSampler, RandomSampler, SequentialSampler
from .serdes import serialize
from .sources import GeneratorDataset, NumpySlicesDataset
from .squad_source import SQuADDataset
from .text_file_source import TextFileDataset
from .tfrecord_source import TFRecordDataset
from .voc_source import VOCDataset
from .wider_face_source import WIDERFaceDataset

__all__ = [
    "audio",
    "config",
    "debug",
    "text",
    "transforms",
    "vision",
    "Dataset",
    "zip",
    "TupleIterator",
    "DictIterator",
    "NumpySlicesDataset",
    "GeneratorDataset",
    "MnistDataset",
    "FashionMnistDataset",
    "KMnistDataset",
    "Cifar10Dataset",
    "ImageFolderDataset",
    "FakeImageDataset",
    "KITTIDataset",
    "MindDataset",
    "Shuffle",
    "RandomDataset",
    "Schema",
    "RandomSampler",
    "SequentialSampler",
    "DistributedSampler",
    "Sampler",
    "IterSampler",
    "SubsetSampler",
    "SubsetRandomSampler",
    "WeightedRandomSampler",
    "PKSampler",
    "PaddedDataset",
    "serialize",
    "deserialize",
    "show",
    "TextFileDataset",
    "ManifestDataset",
    "CelebADataset",
    "VOCDataset",
    "CocoDataset",
    "CSVDataset",
    "Cifar100Dataset",
    "TFRecordDataset",
    "CMUArcticDataset",
    "GTZANDataset",
    "LibriTTSDataset",
    "LJSpeechDataset",
    "SpeechCommandsDataset",
    "TedliumDataset",
    "YesNoDataset",
    "IMDBDataset",
    "PennTreebankDataset",
    "WikiTextDataset",
    "EnWik9Dataset",
    "AGNewsDataset",
    "AmazonReviewDataset",
    "DBpediaDataset",
    "SogouNewsDataset",
    "YahooAnswersDataset",
    "YelpReviewDataset",
    "CoNLL2000Dataset",
    "UDPOSDataset",
    "SST2Dataset",
    "Multi30kDataset",
    "CLUEDataset",
    "SQuADDataset",
    "IWSLT2016Dataset",
    "IWSLT2017Dataset",
    "LSUNDataset",
    "OmniglotDataset",
    "SUN397Dataset",
    "Caltech256Dataset",
    "Food101Dataset",
    "LFWDataset",
    "Places365Dataset",
    "SBUDataset",
    "FlickrDataset",
    "DIV2KDataset",
    "RenderedSST2Dataset",
    "Flowers102Dataset",
    "Caltech101Dataset",
    "QMnistDataset",
    "EMnistDataset",
    "SemeionDataset",
    "STL10Dataset",
    "SVHNDataset",
    "WIDERFaceDataset",
    "PhotoTourDataset",
    "CityscapesDataset",
    "SBDataset",
    "USPSDataset",
    "LineReader",
]


def __getattr__(name):
    # `audio` loads on first use: its filters import scipy.signal (most of a second)
    if name == "audio":
        import importlib

        return importlib.import_module(".audio", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
