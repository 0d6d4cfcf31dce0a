"""msfunc.nn losses (MindSpore's `mindspore.nn.loss`), each read from its module when first
used (msfunc._lazy)."""

from ..._lazy import on_first_read as _on_first_read
from ..._lazy import reexport as _reexport

# Each module's public names (its ``__all__``; tests/project/test_import_graph.py checks them).
_MODULES = {
    "loss": (
        "LossBase",
        "MSELoss",
        "L1Loss",
        "SmoothL1Loss",
        "HuberLoss",
        "PoissonNLLLoss",
        "GaussianNLLLoss",
        "MAELoss",
        "RMSELoss",
    ),
    "classification": (
        "CrossEntropyLoss",
        "NLLLoss",
        "BCELoss",
        "BCEWithLogitsLoss",
        "SoftmaxCrossEntropyWithLogits",
        "KLDivLoss",
        "CTCLoss",
        "MultiLabelSoftMarginLoss",
        "FocalLoss",
        "DiceLoss",
    ),
    "margin": (
        "CosineEmbeddingLoss",
        "MarginRankingLoss",
        "TripletMarginLoss",
        "HingeEmbeddingLoss",
        "SoftMarginLoss",
        "MultiMarginLoss",
        "MultilabelMarginLoss",
    ),
    "multi_class_dice": ("MultiClassDiceLoss",),
}
_HOMES = {name: f".{module}" for module, names in _MODULES.items() for name in names}

__all__ = list(_HOMES)
__getattr__, __dir__ = _on_first_read(globals(), {*_HOMES, *_MODULES}, _reexport(__name__, _HOMES))
