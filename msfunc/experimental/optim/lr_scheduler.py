"""``mindspore.experimental.optim.lr_scheduler``: schedulers writing an Optimizer's rates."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from ... import ops as _ops
from ...common.arg_docs import document_args
from .lr_scheduler_base import SCHEDULER_ARGS, LRScheduler, check_type, f32, per_group
from .lr_scheduler_cyclic import (
    CosineAnnealingWarmRestarts,
    CyclicLR,
    ReduceLROnPlateau,
    SequentialLR,
)
from .optimizer import Optimizer

# The ops are called with Tensors and Parameters (their signatures name ArrayLike).
ops: Any = _ops

__all__ = [
    "ConstantLR",
    "CosineAnnealingLR",
    "CosineAnnealingWarmRestarts",
    "CyclicLR",
    "ExponentialLR",
    "LRScheduler",
    "LambdaLR",
    "LinearLR",
    "MultiStepLR",
    "MultiplicativeLR",
    "PolynomialLR",
    "ReduceLROnPlateau",
    "SequentialLR",
    "StepLR",
]


@document_args(SCHEDULER_ARGS)
class StepLR(LRScheduler):
    """Multiplies the rates by ``gamma`` every ``step_size`` epochs.

    Args:
        {optimizer}
        step_size (int): The period in epochs.
        gamma (float): The factor. Default: ``0.1``.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = StepLR(opt, step_size=2, gamma=0.5)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(4)]
        [1.0, 0.5, 0.5, 0.25]
    """

    def __init__(
        self, optimizer: Optimizer, step_size: int, gamma: float = 0.1, last_epoch: int = -1
    ) -> None:
        check_type(step_size, (int,), "step_size", "StepLR")
        check_type(gamma, (float,), "gamma", "StepLR")
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        keep = ops.logical_or(e == 0, e % self.step_size != 0)
        return self._scaled(ops.where(keep, f32(1.0), f32(self.gamma)))

    def _get_closed_form_lr(self) -> list:
        power = ops.floor(self.last_epoch.value() / self.step_size)
        return [base * ops.pow(f32(self.gamma), power) for base in self.base_lrs]


@document_args(SCHEDULER_ARGS)
class LinearLR(LRScheduler):
    """Moves the factor on the rates linearly from ``start_factor`` to ``end_factor`` over
    ``total_iters`` epochs, then keeps it.

    Args:
        {optimizer}
        start_factor (float): The first epoch's factor, in (0, 1]. Default: ``1/3``.
        end_factor (float): The last factor, in [0, 1]. Default: ``1.0``.
        total_iters (int): The epochs the change takes. Default: ``5``.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = LinearLR(opt, start_factor=0.5, total_iters=2)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(3)]
        [0.75, 1.0, 1.0]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        start_factor: float = 1.0 / 3,
        end_factor: float = 1.0,
        total_iters: int = 5,
        last_epoch: int = -1,
    ) -> None:
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError(f"LinearLR: start_factor must be in (0, 1], got {start_factor}")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError(f"LinearLR: end_factor must be in [0, 1], got {end_factor}")
        check_type(total_iters, (int,), "total_iters", "LinearLR")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        change = self.end_factor - self.start_factor
        # The ratio of this epoch's factor to the last one's.
        ratio = 1.0 + change / (self.total_iters * self.start_factor + (e - 1) * change)
        factor = ops.where(e > self.total_iters, f32(1.0), ratio)
        return self._scaled(ops.where(e == 0, f32(self.start_factor), factor))

    def _get_closed_form_lr(self) -> list:
        done = ops.minimum(f32(self.total_iters), self.last_epoch.value()) / self.total_iters
        factor = self.start_factor + (self.end_factor - self.start_factor) * done
        return [base * factor for base in self.base_lrs]


@document_args(SCHEDULER_ARGS)
class ExponentialLR(LRScheduler):
    """Multiplies the rates by ``gamma`` every epoch.

    Args:
        {optimizer}
        gamma (float): The factor.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = ExponentialLR(opt, gamma=0.5)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(2)]
        [0.5, 0.25]
    """

    def __init__(self, optimizer: Optimizer, gamma: float, last_epoch: int = -1) -> None:
        check_type(gamma, (float,), "gamma", "ExponentialLR")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        first = self.last_epoch.value() == 0
        return self._scaled(ops.where(first, f32(1.0), f32(self.gamma)))

    def _get_closed_form_lr(self) -> list:
        return [base * ops.pow(f32(self.gamma), self.last_epoch.value()) for base in self.base_lrs]


@document_args(SCHEDULER_ARGS)
class PolynomialLR(LRScheduler):
    """Decays the rates to 0 over ``total_iters`` epochs as ``(1 - epoch / total_iters) ** power``.

    Args:
        {optimizer}
        total_iters (int): The epochs of the decay. Default: ``5``.
        power (float): The power of the polynomial. Default: ``1.0``.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = PolynomialLR(opt, total_iters=2)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(3)]
        [0.5, 0.0, 0.0]
    """

    def __init__(
        self, optimizer: Optimizer, total_iters: int = 5, power: float = 1.0, last_epoch: int = -1
    ) -> None:
        check_type(power, (float,), "power", "PolynomialLR")
        if power < 0:
            raise ValueError(f"PolynomialLR: power must be >= 0, got {power}")
        check_type(total_iters, (int,), "total_iters", "PolynomialLR")
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        n = self.total_iters
        ratio = ops.pow((1.0 - e / n) / (1.0 - (e - 1) / n), self.power)
        keep = ops.logical_or(e == 0, e > n)
        return self._scaled(ops.where(keep, f32(1.0), ratio))

    def _get_closed_form_lr(self) -> list:
        left = 1.0 - ops.minimum(f32(self.total_iters), self.last_epoch.value()) / self.total_iters
        return [base * ops.pow(left, self.power) for base in self.base_lrs]


@document_args(SCHEDULER_ARGS)
class LambdaLR(LRScheduler):
    """Sets each group's rate to its initial rate times ``lr_lambda(epoch)``.

    Args:
        {optimizer}
        {lr_lambda}
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = LambdaLR(opt, lambda epoch: 0.5**epoch)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(2)]
        [0.5, 0.25]
    """

    def __init__(
        self, optimizer: Optimizer, lr_lambda: Callable | list, last_epoch: int = -1
    ) -> None:
        self.lr_lambdas = per_group(lr_lambda, optimizer, "lr_lambda")
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        return [base * fn(e) for fn, base in zip(self.lr_lambdas, self.base_lrs)]


@document_args(SCHEDULER_ARGS)
class MultiplicativeLR(LRScheduler):
    """Multiplies each group's rate by ``lr_lambda(epoch)`` every epoch after the first.

    Args:
        {optimizer}
        {lr_lambda}
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = MultiplicativeLR(opt, lambda epoch: 0.5)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(2)]
        [0.5, 0.25]
    """

    def __init__(
        self, optimizer: Optimizer, lr_lambda: Callable | list, last_epoch: int = -1
    ) -> None:
        self.lr_lambdas = per_group(lr_lambda, optimizer, "lr_lambda")
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        return [
            ops.where(e > 0, lr.value() * fn(e), lr.value())
            for fn, lr in zip(self.lr_lambdas, self._last_lr)
        ]


@document_args(SCHEDULER_ARGS)
class MultiStepLR(LRScheduler):
    """Multiplies the rates by ``gamma`` at each milestone epoch (``gamma ** k`` where a
    milestone is listed ``k`` times).

    Args:
        {optimizer}
        milestones (list[int]): The epochs at which the rates drop.
        gamma (float): The factor. Default: ``0.1``.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = MultiStepLR(opt, milestones=[1, 3], gamma=0.5)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(3)]
        [0.5, 0.5, 0.25]
    """

    def __init__(
        self, optimizer: Optimizer, milestones: list, gamma: float = 0.1, last_epoch: int = -1
    ) -> None:
        check_type(milestones, (list,), "milestones", "MultiStepLR")
        for milestone in milestones:
            check_type(milestone, (int,), "each milestone", "MultiStepLR")
        check_type(gamma, (float, int), "gamma", "MultiStepLR")
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        factor = f32(1.0)
        for milestone, count in self.milestones.items():
            factor = ops.where(e == milestone, f32(self.gamma**count), factor)
        return self._scaled(factor)

    def _get_closed_form_lr(self) -> list:
        e = self.last_epoch.value()
        passed = sum(ops.cast(e >= m, e.dtype) * c for m, c in self.milestones.items())
        return [base * ops.pow(f32(self.gamma), passed) for base in self.base_lrs]


@document_args(SCHEDULER_ARGS)
class ConstantLR(LRScheduler):
    """Multiplies the rates by ``factor`` until epoch ``total_iters``, then restores them.

    Args:
        {optimizer}
        factor (float): The factor, in [0, 1]. Default: ``1/3``.
        total_iters (int): The epoch the rates are restored at. Default: ``5``.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = ConstantLR(opt, factor=0.5, total_iters=2)
        >>> [float(sched.step() and sched.get_last_lr()[0].asnumpy()) for _ in range(2)]
        [0.5, 1.0]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        factor: float = 1.0 / 3,
        total_iters: int = 5,
        last_epoch: int = -1,
    ) -> None:
        if factor > 1.0 or factor < 0:
            raise ValueError(f"ConstantLR: factor must be in [0, 1], got {factor}")
        check_type(total_iters, (int,), "total_iters", "ConstantLR")
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        factor = ops.where(e == self.total_iters, f32(1.0 / self.factor), f32(1.0))
        return self._scaled(ops.where(e == 0, f32(self.factor), factor))

    def _get_closed_form_lr(self) -> list:
        reached = ops.cast(self.last_epoch.value() >= self.total_iters, self.last_epoch.dtype)
        return [base * (self.factor + reached * (1 - self.factor)) for base in self.base_lrs]


@document_args(SCHEDULER_ARGS)
class CosineAnnealingLR(LRScheduler):
    """Anneals the rates along a cosine from the initial rate to ``eta_min`` over ``T_max``
    epochs (and back up over the next ``T_max``).

    Args:
        {optimizer}
        T_max (int): The epochs of half a period.
        eta_min (float): The lowest rate. Default: ``0.0``.
        {last_epoch}

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=1.0)
        >>> sched = CosineAnnealingLR(opt, T_max=2)
        >>> [round(float(sched.step() and sched.get_last_lr()[0].asnumpy()), 4) for _ in range(3)]
        [0.5, 0.0, 0.5]
    """

    def __init__(
        self, optimizer: Optimizer, T_max: int, eta_min: float = 0.0, last_epoch: int = -1
    ) -> None:  # noqa: N803 (MindSpore's name)
        check_type(eta_min, (float, int), "eta_min", "CosineAnnealingLR")
        check_type(T_max, (int,), "T_max", "CosineAnnealingLR")
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self.last_epoch.value()
        t, low = self.T_max, self.eta_min
        # At the trough of each period the recursive ratio is 0/0: step up by the half-swing.
        trough = (e - 1 - t) % (2 * t) == 0
        half_swing = (1 - math.cos(math.pi / t)) / 2
        ratio = (1 + ops.cos(math.pi * e / t)) / (1 + ops.cos(math.pi * (e - 1) / t))
        out = []
        for base, lr in zip(self.base_lrs, self._last_lr):
            lr = lr.value()
            value = ops.where(trough, lr + (base - low) * half_swing, ratio * (lr - low) + low)
            out.append(ops.where(e == 0, lr, value))
        return out

    def _get_closed_form_lr(self) -> list:
        cosine = 1 + ops.cos(math.pi * self.last_epoch.value() / self.T_max)
        return [self.eta_min + (base - self.eta_min) * cosine / 2 for base in self.base_lrs]
