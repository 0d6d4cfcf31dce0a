"""Metric scenarios shared by gen_metrics_golden.py (real MindSpore 2.10) and
tests/train/test_metrics_golden.py (msfunc): each takes the `mindspore` module and returns a
dict of plain values (lists, floats), so the program text is the same on both sides."""

import numpy as np

# 2-D label maps for the surface distance metrics: two overlapping blobs of label 1
_MAP_A = np.array(
    [
        [0, 0, 0, 0, 0, 0],
        [0, 1, 1, 0, 0, 0],
        [0, 1, 1, 1, 0, 0],
        [0, 0, 1, 1, 0, 0],
        [0, 0, 0, 0, 0, 0],
    ]
)
_MAP_B = np.array(
    [
        [0, 0, 0, 0, 0, 0],
        [0, 0, 1, 1, 1, 0],
        [0, 0, 1, 1, 1, 0],
        [0, 0, 1, 1, 1, 1],
        [0, 0, 0, 0, 1, 0],
    ]
)


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return np.asarray(value, dtype=np.float64).tolist()


def roc_binary(ms):
    m = ms.train.ROC(pos_label=1)
    m.update(
        ms.Tensor(np.array([0.9, 0.4, 0.4, 0.7, 0.1, 0.6])), ms.Tensor(np.array([1, 0, 1, 1, 0, 0]))
    )
    fpr, tpr, thresholds = m.eval()
    return {
        "fpr": _plain(fpr),
        "tpr": _plain(tpr),
        "thresholds": _plain(thresholds),
        "auc": float(ms.train.auc(fpr, tpr)),
    }


def roc_multiclass(ms):
    scores = np.array([[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7]])
    m = ms.train.ROC(class_num=3)
    m.update(ms.Tensor(scores), ms.Tensor(np.array([0, 2, 1])))
    fpr, tpr, thresholds = m.eval()
    return {"fpr": _plain(fpr), "tpr": _plain(tpr), "thresholds": _plain(thresholds)}


def auc_falling_and_reordered(ms):
    x = np.array([1.0, 0.5, 0.0])
    y = np.array([1.0, 0.8, 0.0])
    return {
        "falling": float(ms.train.auc(x, y)),
        "reordered": float(
            ms.train.auc(np.array([0.5, 0.0, 1.0]), np.array([0.8, 0.0, 1.0]), reorder=True)
        ),
    }


def confusion_matrix_metric(ms):
    rng = np.random.RandomState(3)
    y_pred = (rng.rand(3, 2, 4, 4) > 0.5).astype(np.float32)
    y = (rng.rand(3, 2, 4, 4) > 0.4).astype(np.float32)
    out = {}
    for name in (
        "sensitivity",
        "specificity",
        "precision",
        "f1 score",
        "mcc",
        "balanced_accuracy",
        "prevalence_threshold",
        "fowlkes_mallows_index",
        "markedness",
        "threat_score",
    ):
        m = ms.train.ConfusionMatrixMetric(metric_name=name)
        m.update(ms.Tensor(y_pred), ms.Tensor(y))
        out[f"summed/{name}"] = _plain(m.eval())
    for decrease in ("mean", "sum"):
        m = ms.train.ConfusionMatrixMetric(
            metric_name="accuracy", calculation_method=True, decrease=decrease
        )
        m.update(ms.Tensor(y_pred), ms.Tensor(y))
        m.update(ms.Tensor(y_pred[:2]), ms.Tensor(y[1:]))
        out[f"per_sample/{decrease}"] = _plain(m.eval())
    m = ms.train.ConfusionMatrixMetric(skip_channel=False, metric_name="tpr")
    m.update(ms.Tensor(y_pred), ms.Tensor(y))
    out["without_first_channel"] = _plain(m.eval())
    return out


def bleu_and_perplexity(ms):
    candidates = [["a", "cat", "is", "on", "the", "mat"], ["there", "is", "a", "dog"]]
    references = [
        [["there", "is", "a", "cat", "on", "the", "mat"], ["a", "cat", "is", "on", "the", "mat"]],
        [["a", "dog", "is", "there"], ["there", "is", "one", "dog", "here"]],
    ]
    out = {}
    for n, smooth in ((4, False), (2, False), (3, True)):
        m = ms.train.BleuScore(n_gram=n, smooth=smooth)
        m.update(candidates, references)
        out[f"bleu/{n}/{smooth}"] = float(m.eval())
    probs = np.array([[0.2, 0.5, 0.3], [0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.3, 0.3, 0.4]])
    labels = np.array([1, 0, 2, 1])
    for ignore in (None, 1):
        m = ms.train.Perplexity(ignore_label=ignore)
        m.update(ms.Tensor(probs), ms.Tensor(labels))
        out[f"perplexity/{ignore}"] = float(m.eval())
    return out


def dice_and_surfaces(ms):
    out = {}
    m = ms.train.Dice(smooth=1e-3)
    m.update(
        ms.Tensor(np.array([[0.2, 0.7], [0.9, 0.1]])), ms.Tensor(np.array([[0.0, 1.0], [1.0, 0.0]]))
    )
    m.update(ms.Tensor(np.array([[0.4, 0.4]])), ms.Tensor(np.array([[1.0, 0.0]])))
    out["dice"] = float(m.eval())
    a, b = ms.Tensor(_MAP_A), ms.Tensor(_MAP_B)
    for kwargs in (
        {},
        {"percentile": 50.0},
        {"directed": True},
        {"distance_metric": "chessboard"},
        {"distance_metric": "taxicab", "crop": False},
    ):
        m = ms.train.HausdorffDistance(**kwargs)
        m.update(a, b, 1)
        out[f"hausdorff/{sorted(kwargs.items())}"] = float(m.eval())
    for cls in ("MeanSurfaceDistance", "RootMeanSquareDistance"):
        for kwargs in ({}, {"symmetric": True}, {"symmetric": True, "distance_metric": "taxicab"}):
            m = getattr(ms.train, cls)(**kwargs)
            m.update(a, b, 1)
            out[f"{cls}/{sorted(kwargs.items())}"] = float(m.eval())
    return out


def occlusion_sensitivity(ms):
    class Linear(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            w = np.arange(15, dtype=np.float32).reshape(3, 5) / 10 - 0.5
            self.dense = ms.nn.Dense(5, 3, weight_init=ms.Tensor(w), bias_init="zeros")

        def construct(self, x):
            return self.dense(x)

    image = np.array([[0.3, -0.2, 0.5, 0.1, 0.9]], dtype=np.float32)
    out = {}
    for margin, b_box in ((1, None), (2, [1, 3])):
        m = ms.train.OcclusionSensitivity(margin=margin, n_batch=2, b_box=b_box)
        m.update(Linear(), image, np.array(2))
        out[f"margin{margin}/{b_box}"] = _plain(m.eval())
    try:  # MindSpore reads the label as an array: a plain int is refused
        ms.train.OcclusionSensitivity().update(Linear(), image, 2)
    except TypeError:
        out["int_label"] = "TypeError"
    return out


def cosine_similarity(ms):
    data = np.array([[1.0, 2.0, 0.5], [0.3, -1.0, 2.0], [2.0, 0.1, 0.1], [1.0, 1.0, 1.0]])
    out = {}
    for similarity, reduction, zero_diagonal in (
        ("cosine", "none", True),
        ("dot", "mean", False),
        ("cosine", "sum", True),
    ):
        m = ms.train.CosineSimilarity(similarity, reduction, zero_diagonal)
        m.update(ms.Tensor(data))
        out[f"{similarity}/{reduction}/{zero_diagonal}"] = _plain(m.eval())
    return out


def classification_rules(ms):
    out = {}
    x = np.array([[0, 1, 0, 1], [1, 0, 1, 1], [0, 0, 0, 1]])
    y = np.array([[0, 1, 1, 1], [0, 1, 1, 1], [0, 0, 0, 1]])
    for cls in ("Precision", "Recall"):
        m = getattr(ms.train, cls)("multilabel")
        m.update(ms.Tensor(x), ms.Tensor(y))
        out[f"{cls}/multilabel"] = _plain(m.eval())
        out[f"{cls}/multilabel/average"] = _plain(m.eval(average=True))
    scores = np.array([[0.2, 0.5, 0.3], [0.6, 0.1, 0.3], [0.1, 0.2, 0.7], [0.4, 0.4, 0.2]])
    onehot = np.eye(3)[[1, 2, 2, 0]]
    for name, metric in (
        ("accuracy", ms.train.Accuracy()),
        ("top2", ms.train.TopKCategoricalAccuracy(2)),
        ("f2", ms.train.Fbeta(2)),
        ("precision", ms.train.Precision()),
    ):
        metric.update(ms.Tensor(scores), ms.Tensor(onehot))
        out[f"onehot/{name}"] = _plain(metric.eval())
    m = ms.train.Accuracy("multilabel")
    m.update(
        ms.Tensor(np.array([[[0, 1], [1, 1]], [[1, 0], [0, 1]]])),
        ms.Tensor(np.array([[[0, 1], [1, 0]], [[1, 0], [0, 1]]])),
    )
    out["accuracy/multilabel3d"] = _plain(m.eval())
    m = ms.train.Loss()
    m.update(ms.Tensor(np.array(1.0)))
    m.update(ms.Tensor(np.array([2.0, 4.0, 6.0])))
    out["loss/per_update"] = _plain(m.eval())
    for normalize in ("no_norm", "target", "prediction", "all"):
        m = ms.train.ConfusionMatrix(3, normalize=normalize, threshold=0.5)
        m.update(ms.Tensor(scores[:3]), ms.Tensor(np.array([1, 0, 1])))
        out[f"confusion/{normalize}"] = _plain(m.eval())
    m = ms.train.ConfusionMatrix(2, threshold=0.3)
    m.update(ms.Tensor(np.array([0.2, 0.4, 0.9, 0.1])), ms.Tensor(np.array([0, 1, 1, 1])))
    out["confusion/threshold"] = _plain(m.eval())
    return out


def metric_names(ms):
    return {"names": ms.train.names()}


CASES = {
    "roc_binary": roc_binary,
    "roc_multiclass": roc_multiclass,
    "auc_falling_and_reordered": auc_falling_and_reordered,
    "confusion_matrix_metric": confusion_matrix_metric,
    "bleu_and_perplexity": bleu_and_perplexity,
    "dice_and_surfaces": dice_and_surfaces,
    "occlusion_sensitivity": occlusion_sensitivity,
    "cosine_similarity": cosine_similarity,
    "classification_rules": classification_rules,
    "metric_names": metric_names,
}
