"""Learning-rate schedule Cells (``ExponentialDecayLR`` ...): called with the global step, they
return the learning rate; an optimizer given one evaluates it every step (also inside jit)."""

from __future__ import annotations

import math

import jax.numpy as jnp

from ..common.arg_docs import document_args
from ..common.tensor import unwrap
from ._arg_checks import check_flag, check_rate, check_steps
from .cell import Cell

__all__ = [
    "LearningRateSchedule",
    "ExponentialDecayLR",
    "NaturalExpDecayLR",
    "InverseDecayLR",
    "CosineDecayLR",
    "PolynomialDecayLR",
    "WarmUpLR",
]


def _step(global_step):
    # elementwise, as MindSpore's schedules: the optimizer's (1,)-shaped step gives a (1,) rate
    return jnp.asarray(unwrap(global_step)).astype(jnp.float32)


class LearningRateSchedule(Cell):
    """Base class: subclasses define ``construct(global_step) -> learning rate``.

    Inputs:
        global_step (Tensor): The current step (a scalar, or the optimizer's shape-(1,) step).

    Outputs:
        Tensor, the learning rate.

    Example:
        >>> import msfunc as ms
        >>> class Halving(ms.nn.LearningRateSchedule):
        ...     def construct(self, global_step):
        ...         return 0.1 * 0.5 ** global_step
        >>> [round(float(Halving()(ms.Tensor(step))), 4) for step in (0, 1, 2)]
        [0.1, 0.05, 0.025]
    """

    def __init__(self):
        super().__init__()


# The Args of the three decays, which share _DecayLR's constructor.
_DECAY_ARGS = """
learning_rate (float): The initial rate.
decay_rate (float): The decay factor.
decay_steps (int): The steps one decay period spans.
is_stair (bool): Decay in whole periods (a staircase) rather than smoothly. Default:
    ``False``.
"""


class _DecayLR(LearningRateSchedule):
    def __init__(
        self, learning_rate: float, decay_rate: float, decay_steps: int, is_stair: bool = False
    ):
        super().__init__()
        who = type(self).__name__
        self.learning_rate = check_rate(who, "learning_rate", learning_rate)
        self.decay_rate = check_rate(who, "decay_rate", decay_rate)
        self.decay_steps = check_steps(who, "decay_steps", decay_steps)
        self.is_stair = check_flag(who, "is_stair", is_stair)

    def _progress(self, global_step):
        p = _step(global_step) / self.decay_steps
        return jnp.floor(p) if self.is_stair else p


@document_args(_DECAY_ARGS)
class ExponentialDecayLR(_DecayLR):
    """``lr * decay_rate ** (step / decay_steps)`` (floored ratio when `is_stair`).

    Args:
        {args}

    Inputs:
        global_step (Tensor): The current step (a scalar, or the optimizer's shape-(1,) step).

    Outputs:
        Tensor, float32, of `global_step`'s shape: the learning rate.

    Example:
        >>> import msfunc as ms
        >>> round(float(ms.nn.ExponentialDecayLR(0.1, 0.9, 4)(ms.Tensor(4))), 4)
        0.09
    """

    def construct(self, global_step):
        return self.learning_rate * self.decay_rate ** self._progress(global_step)


@document_args(_DECAY_ARGS)
class NaturalExpDecayLR(_DecayLR):
    """``lr * exp(-decay_rate * p)`` with p the step (MindSpore does not divide by
    `decay_steps` here); with `is_stair`, p is ``floor(step / decay_steps) * decay_steps``.

    Args:
        {args}

    Inputs:
        global_step (Tensor): The current step (a scalar, or the optimizer's shape-(1,) step).

    Outputs:
        Tensor, float32, of `global_step`'s shape: the learning rate.

    Example:
        >>> import msfunc as ms
        >>> round(float(ms.nn.NaturalExpDecayLR(0.1, 0.5, 2)(ms.Tensor(1))), 4)
        0.0607
    """

    def construct(self, global_step):
        step = _step(global_step)
        p = jnp.floor(step / self.decay_steps) * self.decay_steps if self.is_stair else step
        return self.learning_rate * jnp.exp(-self.decay_rate * p)


@document_args(_DECAY_ARGS)
class InverseDecayLR(_DecayLR):
    """``lr / (1 + decay_rate * p)``.

    Args:
        {args}

    Inputs:
        global_step (Tensor): The current step (a scalar, or the optimizer's shape-(1,) step).

    Outputs:
        Tensor, float32, of `global_step`'s shape: the learning rate.

    Example:
        >>> import msfunc as ms
        >>> round(float(ms.nn.InverseDecayLR(0.1, 0.5, 2)(ms.Tensor(2))), 4)
        0.0667
    """

    def construct(self, global_step):
        return self.learning_rate / (1 + self.decay_rate * self._progress(global_step))


class CosineDecayLR(LearningRateSchedule):
    """``min_lr + (max_lr - min_lr) * (1 + cos(pi * min(step, decay_steps) / decay_steps)) / 2``.

    Args:
        min_lr (float): The final rate.
        max_lr (float): The initial rate, above `min_lr`.
        decay_steps (int): The steps the decay spans; the rate stays at `min_lr` after.

    Inputs:
        global_step (Tensor): The current step (a scalar, or the optimizer's shape-(1,) step).

    Outputs:
        Tensor, float32, of `global_step`'s shape: the learning rate.

    Example:
        >>> import msfunc as ms
        >>> round(float(ms.nn.CosineDecayLR(0.0, 0.1, 4)(ms.Tensor(2))), 4)
        0.05
    """

    def __init__(self, min_lr: float, max_lr: float, decay_steps: int):
        super().__init__()
        min_lr = check_rate("CosineDecayLR", "min_lr", min_lr, allow_zero=True)
        max_lr = check_rate("CosineDecayLR", "max_lr", max_lr)
        decay_steps = check_steps("CosineDecayLR", "decay_steps", decay_steps)
        if min_lr >= max_lr:
            raise ValueError(f"CosineDecayLR: `max_lr` must be > `min_lr`, got {max_lr}, {min_lr}")
        self.min_lr, self.max_lr, self.decay_steps = min_lr, max_lr, decay_steps

    def construct(self, global_step):
        p = jnp.minimum(_step(global_step), self.decay_steps) / self.decay_steps
        return self.min_lr + 0.5 * (self.max_lr - self.min_lr) * (1 + jnp.cos(math.pi * p))


class PolynomialDecayLR(LearningRateSchedule):
    """``(lr - end_lr) * (1 - step / decay_steps) ** power + end_lr``; with
    `update_decay_steps` the horizon grows to the next multiple of `decay_steps`.

    Args:
        learning_rate (float): The initial rate.
        end_learning_rate (float): The final rate.
        decay_steps (int): The steps the decay spans.
        power (float): The polynomial's exponent, above 0.
        update_decay_steps (bool): Grow the horizon by whole `decay_steps` periods instead of
            holding the final rate. Default: ``False``.

    Inputs:
        global_step (Tensor): The current step (a scalar, or the optimizer's shape-(1,) step).

    Outputs:
        Tensor, float32, of `global_step`'s shape: the learning rate.

    Example:
        >>> import msfunc as ms
        >>> round(float(ms.nn.PolynomialDecayLR(0.1, 0.0, 4, 1.0)(ms.Tensor(2))), 4)
        0.05
    """

    def __init__(
        self,
        learning_rate: float,
        end_learning_rate: float,
        decay_steps: int,
        power: float,
        update_decay_steps: bool = False,
    ):
        super().__init__()
        who = "PolynomialDecayLR"
        self.learning_rate = check_rate(who, "learning_rate", learning_rate)
        self.end_learning_rate = check_rate(
            who, "end_learning_rate", end_learning_rate, allow_zero=True
        )
        self.decay_steps = check_steps(who, "decay_steps", decay_steps)
        self.power = check_rate(who, "power", power)
        self.update_decay_steps = check_flag(who, "update_decay_steps", update_decay_steps)

    def construct(self, global_step):
        step = _step(global_step)
        if self.update_decay_steps:
            horizon = self.decay_steps * jnp.maximum(jnp.ceil(step / self.decay_steps), 1.0)
        else:
            horizon = float(self.decay_steps)
            step = jnp.minimum(step, horizon)
        frac = (1 - step / horizon) ** self.power
        return (self.learning_rate - self.end_learning_rate) * frac + self.end_learning_rate


class WarmUpLR(LearningRateSchedule):
    """``lr * min(step, warmup_steps) / warmup_steps``.

    Args:
        learning_rate (float): The rate reached after the warm-up.
        warmup_steps (int): The steps the linear warm-up spans.

    Inputs:
        global_step (Tensor): The current step (a scalar, or the optimizer's shape-(1,) step).

    Outputs:
        Tensor, float32, of `global_step`'s shape: the learning rate.

    Example:
        >>> import msfunc as ms
        >>> round(float(ms.nn.WarmUpLR(0.1, 4)(ms.Tensor(2))), 4)
        0.05
    """

    def __init__(self, learning_rate: float, warmup_steps: int):
        super().__init__()
        self.learning_rate = check_rate("WarmUpLR", "learning_rate", learning_rate, allow_zero=True)
        self.warmup_steps = check_steps("WarmUpLR", "warmup_steps", warmup_steps)

    def construct(self, global_step):
        return (
            self.learning_rate
            * jnp.minimum(_step(global_step), self.warmup_steps)
            / self.warmup_steps
        )
