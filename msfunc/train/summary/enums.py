"""The names summaries use: plugins (kinds of values), extra writer plugins and run modes.

Example:
    >>> PluginEnum.HISTOGRAM.value, ModeEnum.to_list()
    ('histogram', ['train', 'eval'])
"""

from enum import Enum

__all__ = ["BaseEnum", "PluginEnum", "WriterPluginEnum", "ModeEnum"]


class BaseEnum(Enum):
    """An Enum that lists its values."""

    @classmethod
    def to_list(cls):
        """The members' values, in order."""
        return [member.value for member in cls]


class PluginEnum(BaseEnum):
    """The kinds of value a summary records."""

    GRAPH = "graph"
    SCALAR = "scalar"
    IMAGE = "image"
    TENSOR = "tensor"
    HISTOGRAM = "histogram"
    TRAIN_LINEAGE = "train_lineage"
    EVAL_LINEAGE = "eval_lineage"
    CUSTOM_LINEAGE_DATA = "custom_lineage_data"
    DATASET_GRAPH = "dataset_graph"
    EXPLAINER = "explainer"
    LANDSCAPE = "landscape"


class WriterPluginEnum(Enum):
    """The files a record writes besides its values' kinds."""

    EXPORTER = "exporter"
    EXPLAINER = "explainer"
    SUMMARY = "summary"
    LINEAGE = "lineage"


class ModeEnum(BaseEnum):
    """The run modes a SummaryCollector follows."""

    TRAIN = "train"
    EVAL = "eval"
