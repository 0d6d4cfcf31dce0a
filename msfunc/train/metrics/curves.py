"""Score curves: ROC (false/true positive rates per threshold) and `auc`, the trapezoid area."""

from __future__ import annotations

import numpy as np

from .metric import Metric, rearrange_inputs

__all__ = ["ROC", "auc"]


def _optional_int(who, name, value):
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise TypeError(f"{who}: `{name}` must be an int or None, got {type(value).__name__}")
    return value


def _binary_counts(scores, target, pos_label):
    """False and true positive counts at each distinct score, scores taken in falling order."""
    order = np.argsort(-scores, kind="stable")
    scores, hits = scores[order], (target[order] == pos_label).astype(np.int64)
    # the last index of each run of equal scores is where a threshold falls
    ends = np.append(np.nonzero(np.diff(scores))[0], hits.shape[0] - 1)
    tps = np.cumsum(hits)[ends]
    fps = 1 + ends - tps
    return fps, tps, scores[ends]


def _binary_roc(scores, target, pos_label):
    fps, tps, thresholds = _binary_counts(scores, target, pos_label)
    fps = np.concatenate([[0], fps])
    tps = np.concatenate([[0], tps])
    thresholds = np.concatenate([[thresholds[0] + 1], thresholds])
    if fps[-1] <= 0:
        raise ValueError("ROC.eval: the labels hold no negative sample, so the rates are undefined")
    if tps[-1] <= 0:
        raise ValueError("ROC.eval: the labels hold no positive sample, so the rates are undefined")
    return fps / fps[-1], tps / tps[-1], thresholds


class ROC(Metric):
    """Receiver operating characteristic: false and true positive rates at every threshold.

    Scores and labels of the same shape are one binary problem (`pos_label` marks positives,
    default 1); scores (N, C) with labels (N,) give one curve per class (`class_num` = C).

    Args:
        class_num (int): The number of classes, None for a binary problem. Default: ``None``.
        pos_label (int): The label of positive samples in a binary problem. Default: ``None``.

    Example:
        >>> import numpy as np
        >>> from msfunc.train import ROC
        >>> m = ROC(pos_label=1); m.update(np.array([0.1, 0.4, 0.35, 0.8]), np.array([0, 0, 1, 1]))
        >>> fpr, tpr, thresholds = m.eval()
        >>> fpr.tolist(), tpr.tolist()
        ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    """

    def __init__(self, class_num: int | None = None, pos_label: int | None = None):
        super().__init__()
        self.class_num = _optional_int("ROC", "class_num", class_num)
        self.pos_label = _optional_int("ROC", "pos_label", pos_label)
        self.clear()

    def clear(self):
        self.y_pred, self.y = 0, 0
        self._is_update = False

    def _layout(self, y_pred, y):
        if y_pred.ndim == y.ndim:
            if self.class_num not in (None, 1):
                raise ValueError(
                    f"ROC.update: scores and labels of one shape need class_num 1, "
                    f"got {self.class_num}"
                )
            self.class_num = 1
            self.pos_label = 1 if self.pos_label is None else self.pos_label
            return y_pred.reshape(-1), y.reshape(-1)
        if y_pred.ndim != y.ndim + 1:
            raise ValueError(
                f"ROC.update: scores must have the labels' ndim or one more, got "
                f"{y_pred.ndim} and {y.ndim}"
            )
        if self.pos_label is not None:
            raise ValueError("ROC.update: `pos_label` must be None for per-class scores (N, C)")
        if self.class_num != y_pred.shape[1]:
            raise ValueError(
                f"ROC.update: `class_num` must equal the scores' classes {y_pred.shape[1]}, "
                f"got {self.class_num}"
            )
        return y_pred.reshape(y_pred.shape[0], self.class_num, -1), y.reshape(-1)

    @rearrange_inputs
    def update(self, *inputs):
        """Keep the scores and labels of this batch (the curve covers the last update)."""
        self._check_count(inputs, 2)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self.y_pred, self.y = self._layout(y_pred, y)
        self._is_update = True

    def eval(self):
        """(fpr, tpr, thresholds): arrays for a binary problem, lists of them per class."""
        self._check_updated()
        if self.class_num == 1:
            return _binary_roc(np.squeeze(self.y_pred), np.squeeze(self.y), self.pos_label)
        y_pred = np.asarray(self.y_pred)
        curves = [_binary_roc(y_pred[:, c].reshape(-1), self.y, c) for c in range(y_pred.shape[1])]
        fpr, tpr, thresholds = (list(part) for part in zip(*curves))
        return fpr, tpr, thresholds


def _as_1d(who, a):
    if a.ndim == 1 or (a.ndim == 2 and a.shape[1] == 1):
        return a.reshape(-1)
    raise ValueError(f"{who}: `x` and `y` must be 1-D or (N, 1), got shape {a.shape}")


def auc(x: np.ndarray, y: np.ndarray, reorder: bool = False) -> float:
    """Area under a curve through the points (x, y), by the trapezoidal rule.

    Args:
        x (numpy.ndarray): The x coordinates, rising or falling (any order with `reorder`).
        y (numpy.ndarray): The y coordinates, as many as `x`.
        reorder (bool): Sort the points by x (then y) first. Default: ``False``.

    Returns:
        float, the area.

    Example:
        >>> import numpy as np
        >>> float(auc(np.array([0.0, 0.5, 1.0]), np.array([0.0, 1.0, 1.0])))
        0.75
    """
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError(
            f"auc: `x` and `y` must be numpy arrays, got {type(x).__name__} and {type(y).__name__}"
        )
    if x.ndim == 0 or y.ndim == 0 or x.shape[0] != y.shape[0]:
        raise ValueError(f"auc: `x` and `y` must hold as many points, got {x.shape}, {y.shape}")
    x, y = _as_1d("auc", x), _as_1d("auc", y)
    if x.shape[0] < 2:
        raise ValueError(f"auc: at least 2 points are needed, got {x.shape[0]}")
    direction = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if np.any(dx < 0):
            if not np.all(dx <= 0):
                raise ValueError("auc: `x` must be rising or falling (or pass reorder=True)")
            direction = -1
    # the trapezoid rule, as numpy's trapezoid (trapz before numpy 2) sums it
    return direction * (np.diff(x) * (y[1:] + y[:-1]) / 2.0).sum()
