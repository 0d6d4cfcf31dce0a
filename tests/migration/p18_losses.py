"""Loss Cells: MSE, L1, BCEWithLogits, CrossEntropy (with and without label smoothing)."""

import numpy as np
from mindspore import Tensor, nn

logits = Tensor(np.array([[1.0, -0.5, 0.2], [0.1, 0.9, -1.2]], np.float32))
target = Tensor(np.array([[0.0, 1.0, 1.0], [1.0, 0.0, 0.5]], np.float32))
labels = Tensor(np.array([2, 1], np.int32))
print("mse", float(nn.MSELoss()(logits, target)))
print("l1_sum", float(nn.L1Loss(reduction="sum")(logits, target)))
print("bce_logits", float(nn.BCEWithLogitsLoss()(logits, target)))
print("cross_entropy", float(nn.CrossEntropyLoss()(logits, labels)))
print("cross_entropy_smooth", float(nn.CrossEntropyLoss(label_smoothing=0.1)(logits, labels)))
