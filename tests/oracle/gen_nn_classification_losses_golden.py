"""Golden values from real MindSpore 2.10 for MultiClassDiceLoss and FocalLoss's label shapes
(tests/golden/nn_classification_losses.json), read by tests/nn/test_nn_classification_losses.py,
which runs the same case functions with ``ms = msfunc``.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_classification_losses

Cases follow tests/oracle/nn_cell_cases.py. This module must not import MindSpore or msfunc at
top level.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nn_cell_cases import fixed_array, tensor, write_golden  # noqa: E402

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_classification_losses.json"
)


def _dice(shape, **kwargs):
    def case(ms, nn):
        if "weights" in kwargs:
            kwargs["weights"] = tensor(ms, kwargs["weights"])
        x = fixed_array("dice.x", shape, 0.0, 1.0)
        labels = np.eye(shape[1], dtype=np.float32)[
            np.random.default_rng(3).integers(0, shape[1], (shape[0],) + shape[2:])
        ]
        labels = np.moveaxis(labels, -1, 1)
        return nn.MultiClassDiceLoss(**kwargs), (tensor(ms, x), tensor(ms, labels))

    return case


def _focal(x_shape, labels, label_dtype="int32"):
    def case(ms, nn):
        x = fixed_array("focal.x", x_shape)
        return nn.FocalLoss(reduction="none"), (
            tensor(ms, x),
            tensor(ms, labels, getattr(ms, label_dtype)),
        )

    return case


CASES = {
    "dice_softmax": _dice((4, 3)),
    "dice_sigmoid_3d": _dice((2, 3, 5), activation="sigmoid"),
    "dice_softmax_3d": _dice((2, 3, 5)),  # the softmax runs over the last axis
    "dice_weighted_ignore": _dice((4, 3), weights=[[0.5], [2.0], [1.5]], ignore_indiex=1),
    "dice_no_activation": _dice((4, 3), activation=None),
    "focal_labels_batch1": _focal((3, 2), [[1]]),
    "focal_labels_3d_batch1": _focal((2, 3, 2), [[[1, 0]]]),
    "focal_onehot_broadcast": _focal((3, 2), [[0.3, 0.7]], "float32"),
}


if __name__ == "__main__":
    write_golden(CASES, GOLDEN_PATH)
