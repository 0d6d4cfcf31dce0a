"""Evaluation metrics as MindSpore's (classification, regression, curves, text, segmentation);
`names()` and `get_metric_fn(name)` resolve the string names Model accepts."""

from __future__ import annotations

from typing import Any

from .classification import (
    F1,
    Accuracy,
    ConfusionMatrix,
    Fbeta,
    Precision,
    Recall,
    Top1CategoricalAccuracy,
    Top5CategoricalAccuracy,
    TopKCategoricalAccuracy,
)
from .confusion_metric import ConfusionMatrixMetric
from .curves import ROC, auc
from .metric import Metric, rearrange_inputs
from .occlusion import OcclusionSensitivity
from .regression import MAE, MSE, Loss
from .segmentation import Dice, HausdorffDistance, MeanSurfaceDistance, RootMeanSquareDistance
from .similarity import CosineSimilarity
from .text import BleuScore, Perplexity

__all__ = [
    "Metric",
    "rearrange_inputs",
    "Accuracy",
    "MAE",
    "MSE",
    "Loss",
    "Precision",
    "Recall",
    "Fbeta",
    "F1",
    "TopKCategoricalAccuracy",
    "Top1CategoricalAccuracy",
    "Top5CategoricalAccuracy",
    "ConfusionMatrix",
    "ConfusionMatrixMetric",
    "ROC",
    "auc",
    "BleuScore",
    "Perplexity",
    "Dice",
    "HausdorffDistance",
    "MeanSurfaceDistance",
    "RootMeanSquareDistance",
    "OcclusionSensitivity",
    "CosineSimilarity",
    "names",
    "get_metric_fn",
]

_METRICS = {
    "accuracy": Accuracy,
    "acc": Accuracy,
    "precision": Precision,
    "recall": Recall,
    "F1": F1,
    "top_1_accuracy": Top1CategoricalAccuracy,
    "top_5_accuracy": Top5CategoricalAccuracy,
    "mae": MAE,
    "mse": MSE,
    "loss": Loss,
    "dice": Dice,
    "roc": ROC,
    "auc": auc,
    "bleu_score": BleuScore,
    "cosine_similarity": CosineSimilarity,
    "occlusion_sensitivity": OcclusionSensitivity,
    "topk": TopKCategoricalAccuracy,
    "hausdorff_distance": HausdorffDistance,
    "mean_surface_distance": MeanSurfaceDistance,
    "root_mean_square_distance": RootMeanSquareDistance,
    "perplexity": Perplexity,
    "confusion_matrix": ConfusionMatrix,
    "confusion_matrix_metric": ConfusionMatrixMetric,
}


def names() -> list[str]:
    """The metric names `get_metric_fn` (and Model's `metrics={'acc', ...}`) accept.

    Returns:
        list[str], the sorted names.

    Example:
        >>> "acc" in names()
        True
    """
    return sorted(_METRICS)


def get_metric_fn(name: str, *args: Any, **kwargs: Any) -> Metric:
    """A new metric object from its name.

    Args:
        name (str): The metric's name, one of `names()`.
        args (Any): Passed to the metric's constructor.
        kwargs (Any): Passed to the metric's constructor by name.

    Returns:
        Metric, a new metric object.

    Example:
        >>> type(get_metric_fn("mae")).__name__
        'MAE'
    """
    if name not in _METRICS:
        raise KeyError(f"get_metric_fn: unknown metric {name!r}; known: {names()}")
    return _METRICS[name](*args, **kwargs)
