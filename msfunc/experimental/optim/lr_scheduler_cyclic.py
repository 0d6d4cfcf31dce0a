"""The chaining, plateau and cyclic learning-rate schedulers of ``experimental.optim``."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable
from typing import Any

import numpy as np

from ... import ops as _ops
from ...common.arg_docs import document_args
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from .lr_scheduler_base import SCHEDULER_ARGS, LRScheduler, check_type, f32, per_group
from .optimizer import Optimizer

# The ops are called with Tensors and Parameters (their signatures name ArrayLike).
ops: Any = _ops


@document_args(SCHEDULER_ARGS)
class SequentialLR:
    """Runs ``schedulers`` one after another, switching at the ``milestones`` epochs (each
    scheduler after the first starts from its closed form at epoch 0).

    Choosing the scheduler reads the epoch as a Python number, so ``step`` runs eagerly
    (PyNative), as in MindSpore.

    Args:
        optimizer (Optimizer): The optimizer all the schedulers drive.
        schedulers (list[LRScheduler]): The schedulers in order.
        milestones (list[int]): The epochs at which the next scheduler takes over, one fewer
            than the schedulers.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> warm = optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=9)
        >>> decay = optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
        >>> sched = SequentialLR(opt, [warm, decay], milestones=[2])
        >>> [float(sched.step() or sched.get_last_lr()[0].asnumpy()) for _ in range(3)]
        [0.5, 1.0, 0.5]
    """

    def __init__(
        self, optimizer: Optimizer, schedulers: list, milestones: list, last_epoch: int = -1
    ) -> None:
        for i, scheduler in enumerate(schedulers):
            if scheduler.optimizer is not optimizer:
                raise ValueError(f"SequentialLR: schedulers[{i}] drives another optimizer")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(
                f"SequentialLR: expected {len(schedulers) - 1} milestones for "
                f"{len(schedulers)} schedulers, got {len(milestones)}"
            )
        self._schedulers = schedulers
        self.milestones = milestones
        self.optimizer = optimizer
        self.last_epoch = Parameter(f32(last_epoch + 1), name="last_epoch_SequentialLR")
        for group in optimizer.param_groups:
            ops.assign(group["lr"], group["initial_lr"])
        # Undo the step each scheduler took when made, then take the first one's again.
        for scheduler in schedulers:
            ops.assign_sub(scheduler.last_epoch, f32(1))
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self) -> None:
        """Moves to the next epoch with the scheduler whose turn it is."""
        ops.assign_add(self.last_epoch, f32(1))
        epoch = int(self.last_epoch.asnumpy())
        index = bisect_right(self.milestones, epoch)
        scheduler = self._schedulers[index]
        if index > 0 and self.milestones[index - 1] == epoch:
            scheduler.step(0)
        else:
            scheduler.step()

    def get_last_lr(self) -> list:
        """The rates the last step set, one Tensor per parameter group.

        Returns:
            list[Tensor], float32 scalars.
        """
        return [lr.value() for lr in self._last_lr]


@document_args(SCHEDULER_ARGS)
class ReduceLROnPlateau:
    """Multiplies the rates by ``factor`` (not below ``min_lr``) when the metric given to
    ``step`` has not improved for more than ``patience`` steps, then waits ``cooldown`` steps.

    Args:
        {optimizer}
        mode (str): ``'min'`` (lower is better) or ``'max'``. Default: ``'min'``.
        factor (float): The factor, below 1. Default: ``0.1``.
        patience (int): The steps without improvement tolerated. Default: ``10``.
        threshold (float): The least change that counts as improvement. Default: ``1e-4``.
        threshold_mode (str): ``'rel'`` (relative to the best) or ``'abs'``. Default: ``'rel'``.
        cooldown (int): The steps after a reduction before counting again. Default: ``0``.
        min_lr (float | list[float]): The lowest rate, or one per group. Default: ``0``.
        eps (float): Reductions smaller than this are skipped. Default: ``1e-8``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = ReduceLROnPlateau(opt, patience=0, factor=0.5)
        >>> [float(sched.step(m) and sched.get_last_lr()[0].asnumpy()) for m in (3, 4, 2)]
        [1.0, 0.5, 0.5]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        mode: str = "min",
        factor: float = 0.1,
        patience: int = 10,
        threshold: float = 1e-4,
        threshold_mode: str = "rel",
        cooldown: int = 0,
        min_lr: Any = 0,
        eps: float = 1e-8,
    ) -> None:
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau: factor must be below 1.0, got {factor}")
        if not isinstance(optimizer, Optimizer):
            raise TypeError(
                f"ReduceLROnPlateau: expected an Optimizer, got {type(optimizer).__name__}"
            )
        if mode not in {"min", "max"}:
            raise ValueError(f"ReduceLROnPlateau: mode must be 'min' or 'max', got {mode!r}")
        if threshold_mode not in {"rel", "abs"}:
            raise ValueError(
                f"ReduceLROnPlateau: threshold_mode must be 'rel' or 'abs', got {threshold_mode!r}"
            )
        self.optimizer = optimizer
        self.factor = factor
        self.min_lrs = [f32(lr) for lr in per_group(min_lr, optimizer, "min_lr")]
        self.mode, self.threshold_mode = mode, threshold_mode
        self.patience, self.threshold, self.cooldown, self.eps = patience, threshold, cooldown, eps
        self.last_epoch = Parameter(Tensor(np.int32(0)), name="last_epoch_ReduceLROnPlateau")
        worst = math.inf if mode == "min" else -math.inf
        self.best = Parameter(f32(worst), name="best")
        self.cooldown_counter = Parameter(f32(0), name="cooldown_counter")
        self.wait = Parameter(f32(0), name="wait")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def _is_improvement(self, current: Any, best: Any) -> Any:
        if self.threshold_mode == "rel":
            scale = 1.0 - self.threshold if self.mode == "min" else 1.0 + self.threshold
            benchmark = best * scale
        else:
            benchmark = best - self.threshold if self.mode == "min" else best + self.threshold
        return current < benchmark if self.mode == "min" else current > benchmark

    def step(self, metrics: Any) -> bool:
        """Counts one step with the metric ``metrics`` and reduces the rates when due.

        Args:
            metrics (int | float | Tensor): The metric of this step.

        Returns:
            bool, ``True``.
        """
        ops.assign_add(self.last_epoch, Tensor(np.int32(1)))
        current = ops.cast(Tensor(metrics), self.best.dtype)
        better = self._is_improvement(current, self.best.value())
        ops.assign(self.best, ops.where(better, current, self.best.value()))
        wait = ops.where(better, f32(0), self.wait.value() + 1)
        cooling = self.cooldown_counter.value() > 0
        ops.assign(
            self.cooldown_counter,
            ops.where(cooling, self.cooldown_counter.value() - 1, self.cooldown_counter.value()),
        )
        wait = ops.where(cooling, f32(0), wait)
        reduce = wait > self.patience
        for lr, low in zip(self._last_lr, self.min_lrs):
            old = lr.value()
            new = ops.maximum(old * self.factor, low)
            ops.assign(lr, ops.where(ops.logical_and(reduce, old > new + self.eps), new, old))
        ops.assign(
            self.cooldown_counter,
            ops.where(reduce, f32(self.cooldown), self.cooldown_counter.value()),
        )
        ops.assign(self.wait, ops.where(reduce, f32(0), wait))
        return True

    def in_cooldown(self) -> Tensor:
        """Whether the scheduler is cooling down after a reduction.

        Returns:
            Tensor, a bool scalar.
        """
        return self.cooldown_counter.value() > 0

    def get_last_lr(self) -> list:
        """The rates now, one Tensor per parameter group.

        Returns:
            list[Tensor], float32 scalars.
        """
        return [lr.value() for lr in self._last_lr]


@document_args(SCHEDULER_ARGS)
class CyclicLR(LRScheduler):
    """Cycles the rates between ``base_lr`` and ``max_lr``: up over ``step_size_up`` steps,
    down over ``step_size_down``, the swing scaled by ``mode`` or ``scale_fn``.

    Args:
        {optimizer}
        base_lr (float | list[float]): The low rate, or one per group.
        max_lr (float | list[float]): The high rate, or one per group.
        step_size_up (int): The steps of the rising half. Default: ``2000``.
        step_size_down (int, optional): The steps of the falling half; ``None`` means
            ``step_size_up``. Default: ``None``.
        mode (str): ``'triangular'``, ``'triangular2'`` (the swing halves each cycle) or
            ``'exp_range'`` (scaled by ``gamma ** step``). Default: ``'triangular'``.
        gamma (float): The base of ``'exp_range'``. Default: ``1.0``.
        scale_fn (Callable, optional): A custom scale of the swing. Default: ``None``.
        scale_mode (str): Whether ``scale_fn`` gets the cycle (``'cycle'``) or the step
            (``'iterations'``). Default: ``'cycle'``.
        last_epoch (int): The index of the last step. Default: ``-1``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = CyclicLR(opt, base_lr=0.0, max_lr=1.0, step_size_up=2)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(4)]
        [0.5, 1.0, 0.5, 0.0]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        base_lr: Any,
        max_lr: Any,
        step_size_up: int = 2000,
        step_size_down: int | None = None,
        mode: str = "triangular",
        gamma: float = 1.0,
        scale_fn: Callable | None = None,
        scale_mode: str = "cycle",
        last_epoch: int = -1,
    ) -> None:
        base_lrs = per_group(base_lr, optimizer, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                ops.assign(group["lr"], f32(lr))
        self.max_lrs = [f32(lr) for lr in per_group(max_lr, optimizer, "max_lr")]
        up = float(step_size_up)
        down = up if step_size_down is None else float(step_size_down)
        self.total_step_size = up + down
        self.step_up_ratio = up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError(f"CyclicLR: mode {mode!r} is unknown and no scale_fn is given")
        self.mode, self.gamma = mode, gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        if scale_fn is None:
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [f32(lr) for lr in base_lrs]

    def scale_fn(self, x: Any) -> Any:
        """The scale of the swing at cycle (or step) ``x``.

        Args:
            x (Tensor): The cycle number, or the step for ``'iterations'``.

        Returns:
            The scale (a number or Tensor).
        """
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return 1 / ops.pow(f32(2.0), x - 1)
        return ops.pow(f32(self.gamma), x)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        cycle = ops.floor(1 + e / self.total_step_size)
        x = 1.0 + e / self.total_step_size - cycle
        rising = x / self.step_up_ratio
        falling = (x - 1) / (self.step_up_ratio - 1)
        share = ops.where(x <= self.step_up_ratio, rising, falling)
        scale = self.scale_fn(cycle if self.scale_mode == "cycle" else e)
        return [
            base + (top - base) * share * scale for base, top in zip(self.base_lrs, self.max_lrs)
        ]


@document_args(SCHEDULER_ARGS)
class CosineAnnealingWarmRestarts(LRScheduler):
    """Anneals the rates along a cosine from the initial rate to ``eta_min`` over ``T_i``
    epochs, then restarts with ``T_i *= T_mult``; ``step(epoch)`` takes fractional epochs.

    Args:
        {optimizer}
        T_0 (int): The epochs of the first period, at least 1.
        T_mult (int): The growth of each later period, at least 1. Default: ``1``.
        eta_min (float): The lowest rate. Default: ``0``.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = CosineAnnealingWarmRestarts(opt, T_0=2)
        >>> [round(float(sched.step(e) or sched.get_last_lr()[0]), 4) for e in (1, 2, 2.5)]
        [0.5, 1.0, 0.8536]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        T_0: int,
        T_mult: int = 1,
        eta_min: Any = 0,
        last_epoch: int = -1,
    ) -> None:  # noqa: N803 (MindSpore's names)
        if not isinstance(T_0, int) or T_0 <= 0:
            raise ValueError(f"CosineAnnealingWarmRestarts: T_0 must be an int >= 1, got {T_0}")
        if not isinstance(T_mult, int) or T_mult < 1:
            raise ValueError(
                f"CosineAnnealingWarmRestarts: T_mult must be an int >= 1, got {T_mult}"
            )
        check_type(eta_min, (float, int), "eta_min", "CosineAnnealingWarmRestarts")
        self.T_0 = Parameter(f32(T_0), name="T_0")
        self.T_i = Parameter(f32(T_0), name="T_i")
        self.T_mult = T_mult
        self.eta_min = f32(eta_min)
        self.T_cur = Parameter(f32(last_epoch), name="T_cur")
        self._started = False
        super().__init__(optimizer, last_epoch)
        self._started = True

    def get_lr(self) -> list:
        cosine = 1 + ops.cos(math.pi * self.T_cur.value() / self.T_i.value())
        return [self.eta_min + (base - self.eta_min) * cosine / 2 for base in self.base_lrs]

    def step(self, epoch: Any = None) -> None:  # pyright: ignore[reportIncompatibleMethodOverride]
        """Moves to the next epoch, or to the (fractional) ``epoch``, and writes the rates.

        Args:
            epoch (int | float | Tensor, optional): The epoch to jump to. Default: ``None``.
        """
        if epoch is None and not self._started:
            epoch = 0  # the step made on construction starts the first period
        if epoch is None:
            epoch = self.last_epoch.value() + 1
            t_cur = self.T_cur.value() + 1
            restart = t_cur >= self.T_i.value()
            ops.assign(self.T_cur, ops.where(restart, t_cur - self.T_i.value(), t_cur))
            ops.assign(
                self.T_i, ops.where(restart, self.T_i.value() * self.T_mult, self.T_i.value())
            )
        else:
            if isinstance(epoch, (int, float)) and epoch < 0:
                raise ValueError(f"CosineAnnealingWarmRestarts: epoch must be >= 0, got {epoch}")
            epoch = ops.cast(Tensor(epoch), self.T_cur.dtype)
            t_0 = self.T_0.value()
            later = epoch >= t_0
            if self.T_mult == 1:
                t_cur, t_i = epoch % t_0, self.T_i.value()
            else:
                # The period ``epoch`` falls in: the n with T_0 (m^n - 1) / (m - 1) <= epoch.
                n = ops.floor(ops.log(epoch / t_0 * (self.T_mult - 1) + 1) / math.log(self.T_mult))
                grown = ops.pow(f32(self.T_mult), n)
                t_cur = epoch - t_0 * (grown - 1) / (self.T_mult - 1)
                t_i = t_0 * grown
            ops.assign(self.T_cur, ops.where(later, t_cur, epoch))
            ops.assign(self.T_i, ops.where(later, t_i, t_0))
        ops.assign(self.last_epoch, ops.floor(epoch))
        for lr, value in zip(self._last_lr, self.get_lr()):
            ops.assign(lr, ops.cast(value, lr.dtype))
