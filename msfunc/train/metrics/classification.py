"""Classification metrics: Accuracy, TopKCategoricalAccuracy, Precision, Recall, Fbeta/F1,
ConfusionMatrix."""

from __future__ import annotations

import sys

import numpy as np

from .metric import Metric, rearrange_inputs

__all__ = [
    "Accuracy",
    "TopKCategoricalAccuracy",
    "Top1CategoricalAccuracy",
    "Top5CategoricalAccuracy",
    "Precision",
    "Recall",
    "Fbeta",
    "F1",
    "ConfusionMatrix",
]

_EPS = sys.float_info.min


def _labels(y, n_classes):
    """Class indices from index labels (N,) or one-hot / probability labels (N, C)."""
    if y.ndim == 2 and y.shape[1] == n_classes and n_classes > 1:
        return y.argmax(axis=1)
    return y.reshape(-1).astype(np.int64)


def _check_eval_type(who, eval_type):
    if eval_type not in ("classification", "multilabel"):
        # MindSpore's type: TypeError, also for a string it does not know
        raise TypeError(
            f"{who}: `eval_type` must be 'classification' or 'multilabel', got {eval_type!r}"
        )
    return eval_type


class Accuracy(Metric):
    """Fraction of samples whose arg-max prediction equals the label ('multilabel': whose
    rounded predictions equal the labels on every class).

    Args:
        eval_type (str): ``"classification"`` (one class per sample, predictions (N, C)) or
            ``"multilabel"`` (0/1 per class). Default: ``"classification"``.

    Example:
        >>> from msfunc.train import Accuracy
        >>> m = Accuracy(); m.update([[0.2, 0.8], [0.9, 0.1]], [1, 1]); m.eval()
        0.5
    """

    def __init__(self, eval_type: str = "classification"):
        super().__init__()
        self._type = _check_eval_type("Accuracy", eval_type)
        self.clear()

    def clear(self):
        self._correct_num, self._total_num = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._check_inputs(inputs, 2)
        if self._type == "classification":
            if y_pred.ndim < 2:
                raise ValueError(f"Accuracy.update: `y_pred` must be (N, C), got {y_pred.shape}")
            correct = y_pred.argmax(axis=1) == _labels(y, y_pred.shape[1])
        else:
            correct = np.all(np.round(y_pred) == y.reshape(y_pred.shape), axis=1)
        self._correct_num += int(correct.sum())
        self._total_num += correct.shape[0]

    def eval(self):
        self._check_total(self._total_num)
        return self._correct_num / self._total_num


class TopKCategoricalAccuracy(Metric):
    """Fraction of samples whose label is among the `k` largest predictions.

    Args:
        k (int): How many of the largest predictions count, at least 1.

    Example:
        >>> from msfunc.train import TopKCategoricalAccuracy
        >>> m = TopKCategoricalAccuracy(2)
        >>> m.update([[0.5, 0.3, 0.2], [0.1, 0.2, 0.7]], [1, 0]); m.eval()
        0.5
    """

    def __init__(self, k: int):
        super().__init__()
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"TopKCategoricalAccuracy: `k` must be a positive int, got {k!r}")
        self.k = k
        self.clear()

    def clear(self):
        self._correct_num, self._samples_num = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._check_inputs(inputs, 2)
        labels = _labels(y, y_pred.shape[1])
        top = np.argsort(-y_pred, axis=1, kind="stable")[:, : self.k]
        self._correct_num += int((top == labels[:, None]).any(axis=1).sum())
        self._samples_num += y_pred.shape[0]

    def eval(self):
        self._check_total(self._samples_num)
        return self._correct_num / self._samples_num


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """Top-1 accuracy: the fraction of samples whose largest prediction is the label.

    Example:
        >>> from msfunc.train import Top1CategoricalAccuracy
        >>> m = Top1CategoricalAccuracy()
        >>> m.update([[0.5, 0.3, 0.2], [0.1, 0.2, 0.7]], [0, 1]); m.eval()
        0.5
    """

    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """Top-5 accuracy: the fraction of samples whose label is among the 5 largest predictions.

    Example:
        >>> from msfunc.train import Top5CategoricalAccuracy
        >>> m = Top5CategoricalAccuracy()
        >>> scores = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]  # class 0 is sixth
        >>> m.update([scores, scores], [0, 1]); m.eval()
        0.5
    """

    def __init__(self):
        super().__init__(5)


class _PerClass(Metric):
    """Per-class true positives, predicted positives and actual positives."""

    def __init__(self, eval_type: str = "classification"):
        super().__init__()
        self._type = _check_eval_type(type(self).__name__, eval_type)
        self.clear()

    def clear(self):
        self._tp = self._pred_pos = self._actual_pos = 0
        self._count = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._check_inputs(inputs, 2)
        n = y_pred.shape[1]
        if self._type == "classification":
            pred = np.eye(n)[y_pred.argmax(axis=1)]
            true = np.eye(n)[_labels(y, n)]
        else:
            pred, true = np.round(y_pred), y.reshape(y_pred.shape)
        self._tp = self._tp + (pred * true).sum(axis=0)
        self._pred_pos = self._pred_pos + pred.sum(axis=0)
        self._actual_pos = self._actual_pos + true.sum(axis=0)
        self._count += y_pred.shape[0]

    def _finish(self, per_class, average):
        self._check_total(self._count)
        return float(per_class.mean()) if average else per_class


class Precision(_PerClass):
    """Per-class precision ``tp / predicted positives``; ``eval(average=True)`` averages.

    Args:
        eval_type (str): ``"classification"`` (one class per sample, predictions (N, C)) or
            ``"multilabel"`` (0/1 per class). Default: ``"classification"``.

    Example:
        >>> from msfunc.train import Precision
        >>> m = Precision(); m.update([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]], [0, 1, 1])
        >>> [round(float(v), 2) for v in m.eval()]
        [0.5, 1.0]
    """

    def eval(self, average=False):
        return self._finish(self._tp / (self._pred_pos + _EPS), average)


class Recall(_PerClass):
    """Per-class recall ``tp / actual positives``; ``eval(average=True)`` averages.

    Args:
        eval_type (str): ``"classification"`` (one class per sample, predictions (N, C)) or
            ``"multilabel"`` (0/1 per class). Default: ``"classification"``.

    Example:
        >>> from msfunc.train import Recall
        >>> m = Recall(); m.update([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]], [0, 1, 1])
        >>> [round(float(v), 2) for v in m.eval()]
        [1.0, 0.5]
    """

    def eval(self, average=False):
        return self._finish(self._tp / (self._actual_pos + _EPS), average)


class Fbeta(_PerClass):
    """Per-class F-beta score of precision and recall.

    Args:
        beta (float): The weight of recall against precision, above 0.

    Example:
        >>> from msfunc.train import Fbeta
        >>> m = Fbeta(1); m.update([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]], [0, 1, 1])
        >>> [round(float(v), 3) for v in m.eval()]
        [0.667, 0.667]
    """

    def __init__(self, beta: float):
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or beta <= 0:
            raise ValueError(f"Fbeta: `beta` must be > 0, got {beta!r}")
        self.beta = float(beta)
        super().__init__()

    def eval(self, average=False):
        b2 = self.beta**2
        precision = self._tp / (self._pred_pos + _EPS)
        recall = self._tp / (self._actual_pos + _EPS)
        score = (1 + b2) * precision * recall / (b2 * precision + recall + _EPS)
        return self._finish(score, average)


class F1(Fbeta):
    """Per-class F1 score, the harmonic mean of precision and recall (Fbeta with beta = 1).

    Example:
        >>> from msfunc.train import F1
        >>> m = F1(); m.update([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]], [0, 1, 1])
        >>> [round(float(v), 3) for v in m.eval()]  # precision 0.5, 1; recall 1, 0.5
        [0.667, 0.667]
    """

    def __init__(self):
        super().__init__(1.0)


class ConfusionMatrix(Metric):
    """Counts ``matrix[label, prediction]``; `normalize` 'no_norm', 'target' (rows),
    'prediction' (columns) or 'all'.

    Args:
        num_classes (int): The number of classes.
        normalize (str): ``"no_norm"``, ``"target"``, ``"prediction"`` or ``"all"``. Default:
            ``"no_norm"``.
        threshold (float): Predictions of the label's shape are classes when they are at least
            this. Default: ``0.5``.

    Example:
        >>> from msfunc.train import ConfusionMatrix
        >>> m = ConfusionMatrix(2); m.update([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]], [0, 1, 1])
        >>> m.eval().tolist()
        [[1.0, 0.0], [1.0, 1.0]]
    """

    def __init__(self, num_classes: int, normalize: str = "no_norm", threshold: float = 0.5):
        super().__init__()
        if isinstance(num_classes, bool) or not isinstance(num_classes, int) or num_classes < 1:
            raise ValueError(
                f"ConfusionMatrix: `num_classes` must be a positive int, got {num_classes!r}"
            )
        if normalize not in ("no_norm", "target", "prediction", "all"):
            raise ValueError(
                f"ConfusionMatrix: `normalize` must be 'no_norm', 'target', "
                f"'prediction' or 'all', got {normalize!r}"
            )
        self.num_classes, self.normalize, self.threshold = num_classes, normalize, threshold
        self.clear()

    def clear(self):
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._count = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._check_inputs(inputs, 2)
        if y_pred.ndim == 2 and y.shape == y_pred.shape:  # one-hot labels
            y = y.argmax(axis=1)
        if y_pred.ndim == y.ndim + 1:
            pred = y_pred.argmax(axis=1)
        else:
            pred = (y_pred >= self.threshold).astype(np.int64)
        y = y.reshape(-1).astype(np.int64)
        np.add.at(self.confusion_matrix, (y, pred.reshape(-1)), 1)
        self._count += y.shape[0]

    def eval(self):
        self._check_total(self._count)
        m = self.confusion_matrix
        if self.normalize == "target":
            return m / np.maximum(m.sum(axis=1, keepdims=True), _EPS)
        if self.normalize == "prediction":
            return m / np.maximum(m.sum(axis=0, keepdims=True), _EPS)
        if self.normalize == "all":
            return m / m.sum()
        return m
