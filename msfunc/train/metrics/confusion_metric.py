"""ConfusionMatrixMetric: rates read from binary true/false positive/negative counts
(sensitivity, specificity, precision, F1, MCC ... 17 measures under their usual names)."""

from __future__ import annotations

import numpy as np

from .metric import Metric, rearrange_inputs

__all__ = ["ConfusionMatrixMetric"]

# every accepted spelling (lower case, spaces as underscores) -> the measure's short name
_ALIASES = {
    "tpr": ("sensitivity", "recall", "hit_rate", "true_positive_rate", "tpr"),
    "tnr": ("specificity", "selectivity", "true_negative_rate", "tnr"),
    "ppv": ("precision", "positive_predictive_value", "ppv"),
    "npv": ("negative_predictive_value", "npv"),
    "fnr": ("miss_rate", "false_negative_rate", "fnr"),
    "fpr": ("fall_out", "false_positive_rate", "fpr"),
    "fdr": ("false_discovery_rate", "fdr"),
    "for": ("false_omission_rate", "for"),
    "pt": ("prevalence_threshold", "pt"),
    "ts": ("threat_score", "critical_success_index", "ts", "csi"),
    "acc": ("accuracy", "acc"),
    "ba": ("balanced_accuracy", "ba"),
    "f1": ("f1_score", "f1"),
    "mcc": ("matthews_correlation_coefficient", "mcc"),
    "fm": ("fowlkes_mallows_index", "fm"),
    "bm": ("informedness", "bookmaker_informedness", "bm"),
    "mk": ("markedness", "deltap", "mk"),
}
_MEASURE = {alias: short for short, names in _ALIASES.items() for alias in names}
_REDUCTIONS = ("none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel")


def _ratio(num, den):
    """num / den, NaN where the denominator is 0."""
    num, den = np.broadcast_arrays(np.asarray(num, float), np.asarray(den, float))
    out = np.full(num.shape, np.nan)
    np.divide(num, den, out=out, where=den != 0)
    return out


def _measure_parts(short, tp, fp, tn, fn):
    """(numerator, denominator) of a measure from the four counts."""
    p, n = tp + fn, fp + tn
    if short in ("pt", "ba", "bm", "fm", "mk"):
        tpr, tnr = _ratio(tp, p), _ratio(tn, n)
        ppv, npv = _ratio(tp, tp + fp), _ratio(tn, tn + fn)
        return {
            "pt": (np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0),
            "ba": (tpr + tnr, 2.0),
            "bm": (tpr + tnr - 1.0, 1.0),
            "fm": (np.sqrt(ppv * tpr), 1.0),
            "mk": (ppv + npv - 1.0, 1.0),
        }[short]
    return {
        "tpr": (tp, p),
        "tnr": (tn, n),
        "ppv": (tp, tp + fp),
        "npv": (tn, tn + fn),
        "fnr": (fn, p),
        "fpr": (fp, n),
        "fdr": (fp, fp + tp),
        "for": (fn, fn + tn),
        "ts": (tp, tp + fn + fp),
        "acc": (tp + tn, p + n),
        "f1": (2.0 * tp, 2.0 * tp + fn + fp),
        "mcc": (tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))),
    }[short]


def _measure(name, counts):
    """The measure `name` of counts (..., 4) laid out as tp, fp, tn, fn."""
    short = _MEASURE.get(name.replace(" ", "_").lower())
    if short is None:
        raise NotImplementedError(f"ConfusionMatrixMetric: unknown `metric_name` {name!r}")
    counts = np.atleast_2d(counts)
    tp, fp, tn, fn = (counts[..., i] for i in range(4))
    return _ratio(*_measure_parts(short, tp, fp, tn, fn))


def _counts(y_pred, y, skip_channel):
    """tp, fp, tn, fn per sample and class: an array (batch, classes, 4)."""
    if not np.all(y.astype(np.uint8) == y):
        raise ValueError("ConfusionMatrixMetric.update: the labels must be 0 or 1")
    if y_pred.ndim < 2:
        raise ValueError(
            f"ConfusionMatrixMetric.update: predictions need at least 2 dims, got {y_pred.ndim}"
        )
    if not skip_channel:  # MindSpore drops the first channel when skip_channel is False
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    if y.shape != y_pred.shape:
        raise ValueError(
            f"ConfusionMatrixMetric.update: predictions and labels must have one shape, got "
            f"{y_pred.shape} and {y.shape}"
        )
    batch, classes = y_pred.shape[:2]
    pred = y_pred.astype(float).reshape(batch, classes, -1)
    true = y.astype(float).reshape(batch, classes, -1)
    tp = ((pred + true) == 2).sum(axis=2).astype(float)
    tn = ((pred + true) == 0).sum(axis=2).astype(float)
    pos = true.sum(axis=2)
    return np.stack([tp, true.shape[-1] - pos - tn, tn, pos - tp], axis=-1)


def _reduce(chart, how):
    """(reduced values, how many non-NaN entries each covers) of a (batch, classes) chart."""
    valid = ~np.isnan(chart)
    chart = np.where(valid, chart, 0.0)
    valid = valid.astype(float)

    def mean(values, count, axis):
        total, n = values.sum(axis=axis), count.sum(axis=axis)
        return np.where(n > 0, total / np.where(n > 0, n, 1), 0.0), n

    if how == "mean":
        per_batch, n = mean(chart, valid, 1)
        has = (n > 0).astype(float)
        return mean(per_batch, has, 0)
    if how == "sum":
        return chart.sum(axis=(0, 1)), valid.sum(axis=(0, 1))
    if how in ("mean_batch", "mean_channel"):
        return mean(chart, valid, 0 if how == "mean_batch" else 1)
    if how in ("sum_batch", "sum_channel"):
        axis = 0 if how == "sum_batch" else 1
        return chart.sum(axis=axis), valid.sum(axis=axis)
    return chart, valid


def _check_bool(name, value):
    if not isinstance(value, bool):
        raise TypeError(
            f"ConfusionMatrixMetric: `{name}` must be a bool, got {type(value).__name__}"
        )
    return value


class ConfusionMatrixMetric(Metric):
    """A rate of binary confusion counts over (batch, classes, ...) 0/1 predictions and labels.

    Args:
        skip_channel (bool): When False the first class channel is left out (the background of a
            segmentation). Default: ``True``.
        metric_name (str): The measure: ``"sensitivity"``, ``"specificity"``, ``"precision"``,
            ``"f1_score"``, ``"accuracy"``, ``"mcc"`` ... (17 measures, several names each).
            Default: ``"sensitivity"``.
        calculation_method (bool): True: the measure per sample and class, averaged over
            updates; False: the measure of the counts summed over every update. Default:
            ``False``.
        decrease (str): How per-sample values reduce when `calculation_method` is True:
            ``"none"``, ``"mean"``, ``"sum"``, ``"mean_batch"``, ``"sum_batch"``,
            ``"mean_channel"`` or ``"sum_channel"``. Default: ``"mean"``.

    Example:
        >>> import numpy as np
        >>> m = ConfusionMatrixMetric(metric_name="tpr")
        >>> m.update(np.array([[[0], [1]], [[1], [0]]]), np.array([[[0], [1]], [[0], [1]]]))
        >>> m.eval().tolist()  # 1 of the 2 positives found
        [0.5]
    """

    def __init__(
        self,
        skip_channel: bool = True,
        metric_name: str = "sensitivity",
        calculation_method: bool = False,
        decrease: str = "mean",
    ):
        super().__init__()
        self.skip_channel = _check_bool("skip_channel", skip_channel)
        self.calculation_method = _check_bool("calculation_method", calculation_method)
        if not isinstance(metric_name, str):
            raise TypeError(
                f"ConfusionMatrixMetric: `metric_name` must be a str, got "
                f"{type(metric_name).__name__}"
            )
        if not isinstance(decrease, str):
            raise TypeError(
                f"ConfusionMatrixMetric: `decrease` must be a str, got {type(decrease).__name__}"
            )
        if decrease not in _REDUCTIONS:
            raise ValueError(
                f"ConfusionMatrixMetric: `decrease` must be one of {list(_REDUCTIONS)}, "
                f"got {decrease!r}"
            )
        self.metric_name, self.decrease = metric_name, decrease
        self.clear()

    def clear(self):
        self._total_num, self._class_num = 0.0, 0
        self._totals = np.zeros(4)

    @rearrange_inputs
    def update(self, *inputs):
        """Add a batch: predictions and labels of one shape, (batch, classes, ...), 0 or 1."""
        self._check_count(inputs, 2)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        counts = _counts(y_pred, y, self.skip_channel)
        if self.calculation_method:
            score, valid = _reduce(_measure(self.metric_name, counts), self.decrease)
            self._total_num += float(np.sum(score * valid))
            self._class_num += int(np.sum(valid))
        else:
            self._totals = self._totals + counts.sum(axis=(0, 1))

    def eval(self):
        """The measure: a float (`calculation_method`) or a one-element array."""
        if self.calculation_method:
            if self._class_num == 0:
                raise RuntimeError("ConfusionMatrixMetric.eval: no samples; call update first")
            return self._total_num / self._class_num
        return _measure(self.metric_name, self._totals)
