"""Evaluation metrics as MindSpore's: Accuracy, MAE, MSE, Loss, Precision, Recall, F1, Top-k,
ConfusionMatrix; `names()` and `get_metric_fn(name)` resolve the string names Model accepts."""

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
from .metric import Metric, rearrange_inputs
from .regression import MAE, MSE, Loss

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
}


def names():
    """The metric names `get_metric_fn` (and Model's `metrics={'acc', ...}`) accept.

    Example:
        >>> "acc" in names()
        True
    """
    return sorted(_METRICS)


def get_metric_fn(name, *args, **kwargs):
    """A new metric object from its name.

    Example:
        >>> type(get_metric_fn("mae")).__name__
        'MAE'
    """
    if name not in _METRICS:
        raise KeyError(f"get_metric_fn: unknown metric {name!r}; known: {names()}")
    return _METRICS[name](*args, **kwargs)
