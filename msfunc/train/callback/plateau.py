"""Callbacks that watch a monitored value across epochs: EarlyStopping and ReduceLROnPlateau."""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

import numpy as np

from ...common.parameter import Parameter, ParameterTuple
from ._callback import Callback
from .monitors import loss_value

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["EarlyStopping", "ReduceLROnPlateau", "LearningRateScheduler"]


def _monitored(p, monitor):
    results = p.get("eval_results") or {}
    if monitor in results:
        return float(np.mean(results[monitor]))
    if monitor == "loss":
        return loss_value(p.net_outputs)
    return None


class _Watcher(Callback):
    def __init__(self, who, monitor, mode, min_delta, patience, baseline=None):
        if mode not in ("auto", "min", "max"):
            raise ValueError(f"{who}: `mode` must be 'auto', 'min' or 'max', got {mode!r}")
        if isinstance(patience, bool) or not isinstance(patience, int) or patience < 0:
            raise ValueError(f"{who}: `patience` must be an int >= 0, got {patience!r}")
        if mode == "auto":
            mode = "max" if "acc" in monitor else "min"
        self.who, self.monitor, self.mode = who, monitor, mode
        self.min_delta = abs(float(min_delta))
        self.patience, self.baseline = patience, baseline
        self._reset()  # callbacks driven by hand may never see on_train_begin

    def _reset(self):
        self.wait = 0
        if self.baseline is not None:
            self.best = self.baseline
        else:
            self.best = np.inf if self.mode == "min" else -np.inf

    def _improved(self, current):
        if self.mode == "min":
            return current < self.best - self.min_delta
        return current > self.best + self.min_delta

    def _current(self, run_context):
        value = _monitored(run_context.original_args(), self.monitor)
        if value is None:
            warnings.warn(
                f"{self.who}: the monitored value '{self.monitor}' is not available "
                "(pass valid_dataset to Model.fit for eval_* values)",
                stacklevel=3,
            )
        return value


class EarlyStopping(_Watcher):
    """Stop training when `monitor` has not improved for `patience` epochs.

    Args:
        monitor (str): The watched value: ``"loss"``, ``"eval_loss"`` or ``"eval_"`` + a
            metric's name. Default: ``"eval_loss"``.
        min_delta (float): The least change that counts as an improvement. Default: ``0``.
        patience (int): The epochs without improvement before stopping. Default: ``0``.
        verbose (bool): Print the epoch training stopped at. Default: ``False``.
        mode (str): ``"min"``, ``"max"`` or ``"auto"`` (max for names holding 'acc'). Default:
            ``"auto"``.
        baseline (Union[float, None]): A value to beat from the start. Default: ``None``.
        restore_best_weights (bool): On stopping, restore the Parameters of the best epoch.
            Default: ``False``.

    Example:
        >>> from msfunc.train import EarlyStopping
        >>> EarlyStopping(monitor="eval_accuracy").mode
        'max'
    """

    def __init__(
        self,
        monitor: str = "eval_loss",
        min_delta: float = 0,
        patience: int = 0,
        verbose: bool = False,
        mode: str = "auto",
        baseline: float | None = None,
        restore_best_weights: bool = False,
    ):
        super().__init__("EarlyStopping", monitor, mode, min_delta, patience, baseline)
        self.verbose, self.restore_best_weights = verbose, restore_best_weights
        self.stopped_epoch, self.best_weights = 0, None

    def on_train_begin(self, run_context):
        self._reset()
        self.stopped_epoch, self.best_weights = 0, None

    def on_train_epoch_end(self, run_context):
        current = self._current(run_context)
        if current is None:
            return
        p = run_context.original_args()
        self.wait += 1
        if self._improved(current):
            self.best, self.wait = current, 0
            if self.restore_best_weights:
                self.best_weights = [
                    (q, np.asarray(q).copy()) for q in p.train_network.get_parameters()
                ]
        if self.wait >= self.patience:
            self.stopped_epoch = p.cur_epoch_num
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights is not None:
                for q, value in self.best_weights:
                    q.set_data(value)

    def on_train_end(self, run_context):
        if self.stopped_epoch > 0 and self.verbose:
            print(f"Epoch {self.stopped_epoch}: early stopping.", flush=True)


class ReduceLROnPlateau(_Watcher):
    """Multiply the optimizer's learning rate by `factor` when `monitor` has not improved for
    `patience` epochs (not below `min_lr`; then wait `cooldown` epochs).

    Args:
        monitor (str): The watched value: ``"loss"``, ``"eval_loss"`` or ``"eval_"`` + a
            metric's name. Default: ``"eval_loss"``.
        factor (float): The rate's multiplier, in [0, 1). Default: ``0.1``.
        patience (int): The epochs without improvement before reducing. Default: ``10``.
        verbose (bool): Print each reduction. Default: ``False``.
        mode (str): ``"min"``, ``"max"`` or ``"auto"`` (max for names holding 'acc'). Default:
            ``"auto"``.
        min_delta (float): The least change that counts as an improvement. Default: ``1e-4``.
        cooldown (int): The epochs to wait after a reduction. Default: ``0``.
        min_lr (float): The rate's floor. Default: ``0.0``.

    Example:
        >>> from msfunc.train import ReduceLROnPlateau
        >>> ReduceLROnPlateau(monitor="loss", factor=0.5).factor
        0.5
    """

    def __init__(
        self,
        monitor: str = "eval_loss",
        factor: float = 0.1,
        patience: int = 10,
        verbose: bool = False,
        mode: str = "auto",
        min_delta: float = 1e-4,
        cooldown: int = 0,
        min_lr: float = 0.0,
    ):
        super().__init__("ReduceLROnPlateau", monitor, mode, min_delta, patience)
        if not 0 <= factor < 1:
            raise ValueError(f"ReduceLROnPlateau: `factor` must be in [0, 1), got {factor!r}")
        self.factor, self.verbose = float(factor), verbose
        self.cooldown, self.min_lr = cooldown, float(min_lr)
        self.cooldown_counter = 0

    def on_train_begin(self, run_context):
        self._reset()
        self.cooldown_counter = 0

    def on_train_epoch_end(self, run_context):
        current = self._current(run_context)
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self._improved(current):
            self.best, self.wait = current, 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                self._reduce(run_context.original_args())
                self.cooldown_counter, self.wait = self.cooldown, 0

    def _reduce(self, p):
        lr = getattr(p.get("optimizer"), "learning_rate", None)
        targets = list(lr) if isinstance(lr, ParameterTuple) else [lr]
        if not all(isinstance(t, Parameter) for t in targets):
            raise TypeError(
                "ReduceLROnPlateau: the optimizer's learning rate must be a fixed "
                "value (a Parameter), not a schedule"
            )
        for t in targets:
            old = float(np.asarray(t))
            new = max(old * self.factor, self.min_lr)
            t.set_data(np.asarray(new, np.float32))
            if self.verbose:
                print(
                    f"Epoch {p.cur_epoch_num}: ReduceLROnPlateau reducing learning rate "
                    f"from {old} to {new}.",
                    flush=True,
                )


class LearningRateScheduler(Callback):
    """Set the optimizer's learning rate after every step to
    ``learning_rate_function(current_lr, cur_step_num)``.

    Args:
        learning_rate_function (Callable[[float, int], float]): The new rate from the current
            rate and step number.

    Example:
        >>> from msfunc.train import LearningRateScheduler
        >>> cb = LearningRateScheduler(lambda lr, step: lr * 0.9 if step % 10 == 0 else lr)
        >>> callable(cb.learning_rate_function)
        True
    """

    def __init__(self, learning_rate_function: Callable[[float, int], float]):
        if not callable(learning_rate_function):
            raise TypeError("LearningRateScheduler: `learning_rate_function` must be callable")
        self.learning_rate_function = learning_rate_function

    def on_train_step_end(self, run_context):
        p = run_context.original_args()
        lr = getattr(p.get("optimizer"), "learning_rate", None)
        if not isinstance(lr, Parameter):
            raise TypeError(
                "LearningRateScheduler: the optimizer's learning rate must be one "
                "fixed value (a Parameter), not a schedule or groups"
            )
        old = float(np.asarray(lr))
        new = self.learning_rate_function(old, p.cur_step_num)
        if new != old:
            lr.set_data(np.asarray(new, np.float32))
