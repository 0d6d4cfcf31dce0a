"""Regression and loss metrics: MAE, MSE and Loss (the running mean of a loss)."""

import numpy as np

from .metric import Metric, rearrange_inputs

__all__ = ["MAE", "MSE", "Loss"]


class _ErrorSum(Metric):
    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._error_sum, self._samples_num = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._check_inputs(inputs, 2)
        # each batch's errors and their sum in the inputs' own dtype (float32 for a float32
        # network), the batches' sums added in float64, as MindSpore's metric gets them
        error = self._error(y.reshape(y_pred.shape) - y_pred)
        self._error_sum += float(error.sum())
        self._samples_num += y.shape[0]

    def eval(self):
        self._check_total(self._samples_num)
        return float(self._error_sum) / self._samples_num


class MAE(_ErrorSum):
    """Mean absolute error: the summed absolute error divided by the number of samples.

    Example:
        >>> from msfunc.train import MAE
        >>> m = MAE(); m.update([0.0, 2.0], [1.0, 1.0]); m.eval()
        1.0
    """

    _error = staticmethod(np.abs)


class MSE(_ErrorSum):
    """Mean squared error: the summed squared error divided by the number of samples.

    Example:
        >>> from msfunc.train import MSE
        >>> m = MSE(); m.update([0.0, 3.0], [1.0, 1.0]); m.eval()
        2.5
    """

    _error = staticmethod(np.square)


class Loss(Metric):
    """The mean of the losses passed to ``update``: each update's (mean) loss counts once.

    Example:
        >>> from msfunc.train import Loss
        >>> m = Loss(); m.update(1.0); m.update([2.0, 4.0]); m.eval()
        2.0
    """

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._sum_loss, self._total_num = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        """Add one loss: a number, or a 1-D batch of losses (their mean)."""
        self._check_count(inputs, 1)
        loss = np.asarray(inputs[0].asnumpy() if hasattr(inputs[0], "asnumpy") else inputs[0])
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError(f"Loss.update: the loss must be 0-D or 1-D, got {loss.ndim}-D")
        self._sum_loss += float(loss.mean())
        self._total_num += 1

    def eval(self):
        """The mean loss, a float."""
        self._check_total(self._total_num)
        return self._sum_loss / self._total_num
