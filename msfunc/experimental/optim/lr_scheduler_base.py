"""The base of msfunc's learning-rate schedulers: the epoch Parameter and the rate writes."""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import ops as _ops
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from .optimizer import Optimizer

# The ops are called with Tensors and Parameters (their signatures name ArrayLike).
ops: Any = _ops


# The Args entries the schedulers share.
SCHEDULER_ARGS = """
optimizer (Optimizer): The optimizer whose rates change.
last_epoch (int): The index of the last epoch; ``-1`` starts afresh. Default: ``-1``.
lr_lambda (Callable | list[Callable]): The factor of an epoch (a Tensor), or one function
    per parameter group.
"""


def f32(value: Any) -> Any:
    """``value`` as a float32 scalar Tensor (typed Any: it meets numbers in arithmetic)."""
    return Tensor(np.float32(value))


def check_type(value: Any, types: tuple, name: str, who: str) -> None:
    """TypeError unless ``value`` is one of ``types`` (a bool is not an int here)."""
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        names = " or ".join(t.__name__ for t in types)
        raise TypeError(f"{who}: {name} must be {names}, got {type(value).__name__}")


def per_group(value: Any, optimizer: Optimizer, name: str) -> list:
    """``value`` for each parameter group (a list or tuple must have one per group)."""
    count = len(optimizer.param_groups)
    if isinstance(value, (list, tuple)):
        if len(value) != count:
            raise ValueError(f"expected {count} values of {name}, one per group, got {len(value)}")
        return list(value)
    return [value] * count


class LRScheduler:
    """The base of the epoch schedulers: ``step()`` advances ``last_epoch`` and assigns
    ``get_lr()`` into the optimizer's rate Parameters; ``step(epoch)`` jumps to ``epoch``
    (through the closed form where the scheduler has one).

    Args:
        optimizer (Optimizer): A ``mindspore.experimental.optim`` optimizer.
        last_epoch (int): The index of the last epoch; ``-1`` starts afresh. Default: ``-1``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor([1.0]), name="w")], lr=0.1)
        >>> class Halve(LRScheduler):
        ...     def get_lr(self):
        ...         return [lr * 0.5 for lr in self._last_lr]
        >>> sched = Halve(opt)  # the first step (epoch 0) halves too
        >>> _ = sched.step()
        >>> round(float(sched.get_last_lr()[0].asnumpy()), 4)
        0.025
    """

    def __init__(self, optimizer: Optimizer, last_epoch: int = -1) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        check_type(last_epoch, (int,), "last_epoch", type(self).__name__)
        if last_epoch < -1:
            raise ValueError(f"{type(self).__name__}: last_epoch must be >= -1, got {last_epoch}")
        for i, group in enumerate(optimizer.param_groups):
            if last_epoch == -1:
                group.setdefault("initial_lr", group["lr"].value())
            elif "initial_lr" not in group:
                raise KeyError(f"param_groups[{i}] has no 'initial_lr' to resume from")
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(f32(last_epoch), name=f"last_epoch_{type(self).__name__}")
        self.step()

    def get_lr(self) -> list:
        """The rates of the epoch ``last_epoch`` now holds (subclasses compute them)."""
        raise NotImplementedError

    def get_last_lr(self) -> list:
        """The rates the last step set, one Tensor per parameter group.

        Returns:
            list[Tensor], float32 scalars.
        """
        return [lr.value() for lr in self._last_lr]

    def step(self, epoch: Any = None) -> bool:
        """Moves to the next epoch, or to ``epoch``, and writes the rates.

        Args:
            epoch (int | float | Tensor, optional): The epoch to jump to. Default: ``None``.

        Returns:
            bool, ``True``.
        """
        if epoch is None:
            ops.assign_add(self.last_epoch, f32(1))
            values = self.get_lr()
        else:
            ops.assign(self.last_epoch, ops.cast(Tensor(epoch), self.last_epoch.dtype))
            closed = getattr(self, "_get_closed_form_lr", None)
            values = closed() if closed is not None else self.get_lr()
        for lr, value in zip(self._last_lr, values):
            ops.assign(lr, ops.cast(value, lr.dtype))
        return True

    def _scaled(self, factor: Any) -> list:
        """Each current rate times ``factor``."""
        return [lr.value() * factor for lr in self._last_lr]
