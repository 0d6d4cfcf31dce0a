"""MindSpore's class names for pipeline nodes (``mindspore.dataset.engine.datasets``), so that
programs testing a pipeline's kind with ``isinstance`` or ``issubclass`` see MindSpore's answers.

msfunc's nodes are named for what they do (``Batch``, ``Map``); each sets ``_mindspore_name``.
MindSpore's abstract kinds (``SourceDataset``, ``MappableDataset``, the four ``*BaseDataset``)
have no msfunc counterpart in the class tree, so they are classes whose ``isinstance`` asks what
a node is: a source, a random-access source, any node.
"""

from __future__ import annotations

from ..common.shown_type import _shown_path
from . import engine
from .bucket_batch import BucketBatch
from .combine_nodes import Concat, Zip
from .filter_node import Filter
from .nodes import Batch, Map, Project, Rename, Repeat, Shuffle, Skip, Subset, Take, _BatchInfo
from .sources import GeneratorDataset, IndexedSource
from .sync_wait import SyncWait
from .transfer import TransferDataset

__all__ = [
    "AudioBaseDataset",
    "BatchDataset",
    "BatchInfo",
    "BucketBatchByLengthDataset",
    "ConcatDataset",
    "FilterDataset",
    "MapDataset",
    "MappableDataset",
    "PaddedBatchDataset",
    "ProjectDataset",
    "RenameDataset",
    "RepeatDataset",
    "ShuffleDataset",
    "SkipDataset",
    "SourceDataset",
    "SyncWaitDataset",
    "TakeDataset",
    "TextBaseDataset",
    "TransferDataset",
    "UnionBaseDataset",
    "VisionBaseDataset",
    "ZipDataset",
]

Dataset = engine.Dataset
# the nodes that transform or combine other nodes' rows; every other node is a source
_OPERATIONS = (
    Batch,
    BucketBatch,
    Concat,
    Filter,
    Map,
    Project,
    Rename,
    Repeat,
    Shuffle,
    Skip,
    Subset,
    SyncWait,
    Take,
    TransferDataset,
    Zip,
)


def _is_node_class(cls) -> bool:
    return isinstance(cls, type) and issubclass(cls, Dataset) and cls is not Dataset


def _is_source_class(cls) -> bool:
    # (msfunc's private nodes, such as a file source's inner readers, are not sources a
    # program sees, except the random-access GeneratorDataset's classes)
    return (
        _is_mappable_class(cls)
        or _declared(cls, SourceDataset)
        or (
            _is_node_class(cls)
            and not issubclass(cls, _OPERATIONS)
            and not isinstance(cls, _DatasetKind)
            and not cls.__name__.startswith("_")
        )
    )


def _is_mappable_class(cls) -> bool:
    # random-access sources, and GeneratorDataset, which MindSpore counts as one in every form
    return (
        _is_node_class(cls) and issubclass(cls, (IndexedSource, GeneratorDataset))
    ) or _declared(cls, MappableDataset)


def _declared(cls, kind) -> bool:
    """A program's own class that names `kind` among its bases."""
    return isinstance(cls, type) and kind in cls.__mro__[1:]


# MindSpore's sources derive from the base of their modality, by the module defining them;
# its operations, its standard-format sources and GeneratorDataset (with the sources built on
# it) derive from UnionBaseDataset, which derives from all three.
_MODALITIES = {
    "datasets_vision": "VisionBaseDataset",
    "datasets_text": "TextBaseDataset",
    "datasets_audio": "AudioBaseDataset",
}


def _modality(cls) -> str | None:
    """Which ``*BaseDataset`` MindSpore's counterpart of `cls` derives from directly:
    a modality's name, "UnionBaseDataset", or None (``Dataset`` alone)."""
    if not _is_node_class(cls) or issubclass(cls, TransferDataset):
        return None
    if not _is_source_class(cls) or issubclass(cls, GeneratorDataset):
        return "UnionBaseDataset"
    path = _shown_path(cls) or ""
    module = path.rsplit(".", 2)[-2] if path.count(".") >= 2 else ""
    return _MODALITIES.get(module, "UnionBaseDataset")


def _holds_modality(name):
    def holds(cls) -> bool:
        kind = _modality(cls)
        return kind == name or kind == "UnionBaseDataset" or _declared(cls, globals()[name])

    return holds


class _DatasetKind(type(Dataset)):
    """The metaclass of MindSpore's abstract dataset kinds: membership is a test of the class,
    not its bases (msfunc's nodes do not derive from the kinds)."""

    def __instancecheck__(cls, obj):
        return cls.__subclasscheck__(type(obj))

    def __subclasscheck__(cls, sub):
        test = cls.__dict__.get("_holds_class")
        if test is None:  # a program's subclass of a kind: the ordinary rule
            return type.__subclasscheck__(cls, sub)
        return bool(test(sub))


class UnionBaseDataset(Dataset, metaclass=_DatasetKind):
    """Every pipeline operation, and the sources not tied to one modality.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> isinstance(ds.NumpySlicesDataset(np.arange(2), ["x"]).batch(2), UnionBaseDataset)
        True
        >>> issubclass(ds.MnistDataset, UnionBaseDataset)
        False
    """

    _holds_class = staticmethod(
        lambda cls: _modality(cls) == "UnionBaseDataset" or _declared(cls, UnionBaseDataset)
    )


class VisionBaseDataset(Dataset, metaclass=_DatasetKind):
    """The image sources, and every UnionBaseDataset.

    Example:
        >>> import msfunc.dataset as ds
        >>> issubclass(ds.MnistDataset, VisionBaseDataset)
        True
    """

    _holds_class = staticmethod(_holds_modality("VisionBaseDataset"))


class TextBaseDataset(Dataset, metaclass=_DatasetKind):
    """The text sources, and every UnionBaseDataset."""

    _holds_class = staticmethod(_holds_modality("TextBaseDataset"))


class AudioBaseDataset(Dataset, metaclass=_DatasetKind):
    """The audio sources, and every UnionBaseDataset."""

    _holds_class = staticmethod(_holds_modality("AudioBaseDataset"))


class SourceDataset(Dataset, metaclass=_DatasetKind):
    """A dataset that reads rows rather than transforming another's.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset(np.arange(4), ["x"])
        >>> isinstance(data, SourceDataset), isinstance(data.batch(2), SourceDataset)
        (True, False)
    """

    _holds_class = staticmethod(_is_source_class)


class MappableDataset(SourceDataset):
    """A source that reads any row by its index (and so takes a sampler).

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> isinstance(ds.NumpySlicesDataset(np.arange(4), ["x"]), MappableDataset)
        True
    """

    _holds_class = staticmethod(_is_mappable_class)


class _BatchKind(_DatasetKind):
    """The two kinds of msfunc's ``Batch`` node, told apart by their padding."""

    _padded: bool

    def __instancecheck__(cls, obj):
        return isinstance(obj, Batch) and obj.padded is cls._padded


class BatchDataset(Batch, metaclass=_BatchKind):
    """What ``batch`` returns.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset(np.arange(4), ["x"])
        >>> isinstance(data.batch(2), BatchDataset), isinstance(data.padded_batch(2), BatchDataset)
        (True, False)
    """

    _holds_class = staticmethod(lambda cls: isinstance(cls, type) and issubclass(cls, Batch))
    _padded = False


class PaddedBatchDataset(Batch, metaclass=_BatchKind):
    """What ``padded_batch`` returns (in MindSpore, not a BatchDataset).

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> data = ds.NumpySlicesDataset(np.arange(4), ["x"])
        >>> isinstance(data.padded_batch(2), PaddedBatchDataset)
        True
    """

    _holds_class = staticmethod(lambda cls: isinstance(cls, type) and issubclass(cls, Batch))
    _padded = True
    _mindspore_name = "PaddedBatchDataset"


BatchInfo = _BatchInfo
BucketBatchByLengthDataset = BucketBatch
ConcatDataset = Concat
FilterDataset = Filter
MapDataset = Map
ProjectDataset = Project
RenameDataset = Rename
RepeatDataset = Repeat
ShuffleDataset = Shuffle
SkipDataset = Skip
SyncWaitDataset = SyncWait
TakeDataset = Take
ZipDataset = Zip
