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


def _is_onehot(y):
    """Whether labels (N, C, ...) hold 0/1 values with exactly one 1 per sample position."""
    if y.ndim < 2 or not np.array_equal(y**2, y):
        return False
    return bool(np.all(y.sum(axis=1) == 1))


def _check_eval_type(who, eval_type):
    if eval_type not in ("classification", "multilabel"):
        # MindSpore's type: TypeError, also for a string it does not know
        raise TypeError(
            f"{who}: `eval_type` must be 'classification' or 'multilabel', got {eval_type!r}"
        )
    return eval_type


class _Evaluation(Metric):
    """Shared input rules of Accuracy, Precision and Recall: one-hot labels become indices;
    'classification' scores (N, C, ...) against labels (N, ...), 'multilabel' 0/1 values of one
    shape; every update has the first update's number of classes."""

    def __init__(self, eval_type: str = "classification"):
        super().__init__()
        self._type = _check_eval_type(type(self).__name__, eval_type)
        self.clear()

    def _inputs(self, inputs):
        who = f"{type(self).__name__}.update"
        self._check_count(inputs, 2)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if self._type == "classification":
            if y_pred.ndim == y.ndim and _is_onehot(y):
                y = y.argmax(axis=1)
            if y_pred.ndim != y.ndim + 1 or y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError(
                    f"{who}: labels must have the scores' shape without axis 1, got scores "
                    f"{y_pred.shape} and labels {y.shape}"
                )
        else:
            if y_pred.shape != y.shape:
                raise ValueError(
                    f"{who}: multilabel predictions and labels must have one shape, got "
                    f"{y_pred.shape} and {y.shape}"
                )
            if not (np.array_equal(y_pred**2, y_pred) and np.array_equal(y**2, y)):
                raise ValueError(f"{who}: multilabel predictions and labels must be 0 or 1")
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(
                f"{who}: the scores have {y_pred.shape[1]} classes, earlier updates "
                f"{self._class_num}"
            )
        return y_pred, y

    def _one_hot(self, y_pred, y):
        """Predicted and true classes one-hot, (samples, classes)."""
        return _one_hot(type(self).__name__, self._class_num, y_pred, y)


def _one_hot(who, n, y_pred, y):
    """Predicted and true classes one-hot, (samples, classes), for `n` classes."""
    if y.max() + 1 > n:
        raise ValueError(f"{who}.update: a label is {int(y.max())}, beyond the scores' {n} classes")
    return np.eye(n)[y_pred.argmax(axis=1).reshape(-1)], np.eye(n)[y.reshape(-1)]


class Accuracy(_Evaluation):
    """Fraction of samples whose arg-max prediction equals the label ('multilabel': whose
    predictions equal the labels on every class).

    Args:
        eval_type (str): ``"classification"`` (scores (N, C), labels (N,) or one-hot) or
            ``"multilabel"`` (0/1 per class). Default: ``"classification"``.

    Example:
        >>> from msfunc.train import Accuracy
        >>> m = Accuracy(); m.update([[0.2, 0.8], [0.9, 0.1]], [1, 1]); m.eval()
        0.5
    """

    def clear(self):
        self._correct_num, self._total_num, self._class_num = 0, 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        """Add a batch of scores and labels."""
        y_pred, y = self._inputs(inputs)
        if self._type == "classification":
            correct = (y_pred.argmax(axis=1) == y).reshape(-1)
        else:
            last = y_pred.ndim - 1
            pred = y_pred.swapaxes(1, last).reshape(-1, self._class_num)
            true = y.swapaxes(1, last).reshape(-1, self._class_num)
            correct = (pred == true).all(axis=1)
        self._correct_num += int(correct.sum())
        self._total_num += correct.shape[0]

    def eval(self):
        """The fraction correct, a float."""
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
        if not isinstance(k, int):
            raise TypeError(f"TopKCategoricalAccuracy: `k` must be an int, got {type(k).__name__}")
        if k < 1:
            raise ValueError(f"TopKCategoricalAccuracy: `k` must be at least 1, got {k}")
        self.k = k
        self.clear()

    def clear(self):
        self._correct_num, self._samples_num = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        """Add a batch of scores (N, C) and labels (N,) or one-hot (N, C)."""
        self._check_count(inputs, 2)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and _is_onehot(y):
            y = y.argmax(axis=1)
        top = np.argsort(-y_pred, axis=1)[:, : self.k]  # MindSpore's default sort, ties alike
        labels = y.reshape(-1, 1)
        self._correct_num += int((top == labels).sum())
        self._samples_num += labels.shape[0]

    def eval(self):
        """The fraction of samples with the label in the top k, a float."""
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


def _check_average(who, average):
    if not isinstance(average, bool):
        raise TypeError(f"{who}.eval: `average` must be a bool, got {type(average).__name__}")


class _PerClassRate(_Evaluation):
    """Precision and Recall: true positives over one count per class ('classification'); in
    'multilabel' mode MindSpore's layout gives one value per sample."""

    @staticmethod
    def _count(pred, true):  # pragma: no cover - each subclass counts its own denominator
        raise NotImplementedError

    def clear(self):
        self._class_num = 0
        if self._type == "multilabel":
            self._true_positives, self._counts = np.empty(0), np.empty(0)
            self._ratio_sum, self._ratio_num = 0.0, 0
        else:
            self._true_positives, self._counts = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        """Add a batch of scores and labels."""
        y_pred, y = self._inputs(inputs)
        if self._type == "classification":
            pred, true = self._one_hot(y_pred, y)
        else:
            # (classes, rest) summed over axis 0 below: one value per sample position
            pred = y_pred.swapaxes(1, 0).reshape(self._class_num, -1)
            true = y.swapaxes(1, 0).reshape(self._class_num, -1)
        counts = self._count(pred, true)
        true_positives = (pred * true).sum(axis=0)
        if self._type == "multilabel":
            self._ratio_sum += float(np.sum(true_positives / (counts + _EPS)))
            self._ratio_num += len(counts)
            self._true_positives = np.concatenate((self._true_positives, true_positives))
            self._counts = np.concatenate((self._counts, counts))
        else:
            self._true_positives = self._true_positives + true_positives
            self._counts = self._counts + counts

    def eval(self, average=False):
        """The per-class (multilabel: per-sample) values, or their mean with `average`."""
        if self._class_num == 0:
            raise RuntimeError(f"{type(self).__name__}.eval: no samples; call update first")
        _check_average(type(self).__name__, average)
        result = np.asarray(self._true_positives / (self._counts + _EPS))
        if average:
            if self._type == "multilabel":
                result = np.asarray(self._ratio_sum / (self._ratio_num + _EPS))
            return result.mean()
        return result


class Precision(_PerClassRate):
    """Per-class precision ``tp / predicted positives``; ``eval(average=True)`` averages.

    Args:
        eval_type (str): ``"classification"`` (scores (N, C), labels (N,) or one-hot) or
            ``"multilabel"`` (0/1 per class). Default: ``"classification"``.

    Example:
        >>> from msfunc.train import Precision
        >>> m = Precision(); m.update([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]], [0, 1, 1])
        >>> [round(float(v), 2) for v in m.eval()]
        [0.5, 1.0]
    """

    @staticmethod
    def _count(pred, true):
        return pred.sum(axis=0)


class Recall(_PerClassRate):
    """Per-class recall ``tp / actual positives``; ``eval(average=True)`` averages.

    Args:
        eval_type (str): ``"classification"`` (scores (N, C), labels (N,) or one-hot) or
            ``"multilabel"`` (0/1 per class). Default: ``"classification"``.

    Example:
        >>> from msfunc.train import Recall
        >>> m = Recall(); m.update([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]], [0, 1, 1])
        >>> [round(float(v), 2) for v in m.eval()]
        [1.0, 0.5]
    """

    @staticmethod
    def _count(pred, true):
        return true.sum(axis=0)


class Fbeta(Metric):
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
        super().__init__()
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or not beta > 0:
            raise ValueError(f"Fbeta: `beta` must be > 0, got {beta!r}")
        self.beta = beta
        self.clear()

    def clear(self):
        self._tp = self._pred_pos = self._actual_pos = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        """Add a batch of scores (N, C) and labels (N,) or one-hot."""
        self._check_count(inputs, 2)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and _is_onehot(y):
            y = y.argmax(axis=1)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(
                f"Fbeta.update: the scores have {y_pred.shape[1]} classes, earlier updates "
                f"{self._class_num}"
            )
        pred, true = _one_hot(type(self).__name__, self._class_num, y_pred, y)
        self._tp = self._tp + (pred * true).sum(axis=0)
        self._pred_pos = self._pred_pos + pred.sum(axis=0)
        self._actual_pos = self._actual_pos + true.sum(axis=0)

    def eval(self, average=False):
        """The per-class scores, or their mean with `average`."""
        _check_average(type(self).__name__, average)
        if self._class_num == 0:
            raise RuntimeError(f"{type(self).__name__}.eval: no samples; call update first")
        b2 = self.beta**2
        score = np.asarray((1.0 + b2) * self._tp / (b2 * self._actual_pos + self._pred_pos + _EPS))
        return score.mean() if average else score


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
        if isinstance(num_classes, bool) or not isinstance(num_classes, int):
            raise TypeError(
                f"ConfusionMatrix: `num_classes` must be an int, got {type(num_classes).__name__}"
            )
        if normalize not in ("no_norm", "target", "prediction", "all"):
            raise ValueError(
                f"ConfusionMatrix: `normalize` must be 'no_norm', 'target', "
                f"'prediction' or 'all', got {normalize!r}"
            )
        if not isinstance(threshold, float):
            raise TypeError(
                f"ConfusionMatrix: `threshold` must be a float, got {type(threshold).__name__}"
            )
        self.num_classes, self.normalize, self.threshold = num_classes, normalize, threshold
        self.clear()

    def clear(self):
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._count = 0

    @rearrange_inputs
    def update(self, *inputs):
        """Add a batch: scores (N, C, ...) with labels (N, ...), or same-shape predictions."""
        self._check_count(inputs, 2)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim not in (y.ndim, y.ndim + 1):
            raise ValueError(
                f"ConfusionMatrix.update: predictions must have the labels' ndim or one more, "
                f"got {y_pred.ndim} and {y.ndim}"
            )
        if y_pred.ndim == y.ndim + 1:
            y_pred = y_pred.argmax(axis=1)
        elif y_pred.dtype in (np.float16, np.float32, np.float64):
            y_pred = (y_pred >= self.threshold).astype(int)
        if y_pred.size != y.size:
            raise ValueError(
                f"ConfusionMatrix.update: {y_pred.size} predictions for {y.size} labels"
            )
        n = self.num_classes
        cells = (y.reshape(-1) * n + y_pred.reshape(-1)).astype(int)
        self.confusion_matrix += np.bincount(cells, minlength=n * n).reshape(n, n)
        self._count += y.size

    def eval(self):
        """The matrix, normalized as asked (a row or column of zeros stays zeros)."""
        self._check_total(self._count)
        m = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return m
        total = {
            "target": m.sum(axis=1, keepdims=True),
            "prediction": m.sum(axis=0, keepdims=True),
            "all": m.sum(),
        }[self.normalize]
        with np.errstate(invalid="ignore", divide="ignore"):
            out = m / total
        return np.nan_to_num(out, nan=0.0)
