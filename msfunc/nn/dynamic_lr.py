"""Learning-rate lists, one value per step (``exponential_decay_lr`` ...), to pass as an
optimizer's `learning_rate`."""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING

from ..common.arg_docs import document_args
from ._arg_checks import check_flag, check_rate, check_steps

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "piecewise_constant_lr",
    "exponential_decay_lr",
    "natural_exp_decay_lr",
    "inverse_decay_lr",
    "cosine_decay_lr",
    "polynomial_decay_lr",
    "warmup_lr",
]


def _rates(who, allow_zero=(), **values):
    return [
        check_rate(who, name, value, allow_zero=name in allow_zero)
        for name, value in values.items()
    ]


def _steps(who, **values):
    return [check_steps(who, name, value) for name, value in values.items()]


def piecewise_constant_lr(milestone: Sequence[int], learning_rates: Sequence[float]) -> list[float]:
    """``learning_rates[i]`` for the steps before ``milestone[i]``.

    Args:
        milestone (Sequence[int]): The step each rate ends at, increasing; the last is the
            list's length.
        learning_rates (Sequence[float]): One rate per milestone.

    Returns:
        list[float], one learning rate per step.

    Example:
        >>> piecewise_constant_lr([2, 3], [0.1, 0.01])
        [0.1, 0.1, 0.01]
    """
    who = "piecewise_constant_lr"
    if not isinstance(milestone, (list, tuple)) or not isinstance(learning_rates, (list, tuple)):
        raise TypeError(
            f"{who}: `milestone` and `learning_rates` must be lists or tuples, got "
            f"{type(milestone).__name__} and {type(learning_rates).__name__}"
        )
    if len(milestone) != len(learning_rates):
        raise ValueError(
            f"{who}: `milestone` and `learning_rates` must have the same length, "
            f"got {len(milestone)} and {len(learning_rates)}"
        )
    milestone = [check_steps(who, f"milestone[{i}]", m) for i, m in enumerate(milestone)]
    if any(b < a for a, b in zip(milestone, milestone[1:])):
        raise ValueError(f"{who}: `milestone` must not decrease, got {milestone}")
    for i, lr in enumerate(learning_rates):
        if isinstance(lr, (bool, numbers.Integral)) or not isinstance(lr, numbers.Real):
            raise TypeError(
                f"{who}: `learning_rates[{i}]` must be a float, got {type(lr).__name__} {lr!r}"
            )
    out, last = [], 0
    for m, lr in zip(milestone, learning_rates):
        out += [lr] * (m - last)
        last = m
    return out


# The Args of the three decays, which take the same arguments.
_DECAY_ARGS = """
learning_rate (float): The initial rate.
decay_rate (float): The decay factor.
total_step (int): The number of steps, the list's length.
step_per_epoch (int): The steps in one epoch.
decay_epoch (int): The epochs one decay period spans.
is_stair (bool): Decay in whole periods (a staircase) rather than smoothly. Default:
    ``False``.
"""


def _decay(who, learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair, fn):
    """`fn(epoch)` for each step after the three decays' shared checks; with `is_stair` the
    epoch is floored to the first of its decay period, so each period keeps one rate."""
    _rates(who, learning_rate=learning_rate, decay_rate=decay_rate)
    _steps(who, total_step=total_step, step_per_epoch=step_per_epoch, decay_epoch=decay_epoch)
    check_flag(who, "is_stair", is_stair)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        if is_stair:
            epoch = math.floor(epoch / decay_epoch) * decay_epoch
        out.append(fn(epoch))
    return out


@document_args(_DECAY_ARGS)
def exponential_decay_lr(
    learning_rate: float,
    decay_rate: float,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    is_stair: bool = False,
) -> list[float]:
    """``lr * decay_rate ** (epoch / decay_epoch)`` per step.

    Args:
        {args}

    Returns:
        list[float], one learning rate per step.

    Example:
        >>> [round(x, 4) for x in exponential_decay_lr(0.1, 0.5, 4, 1, 1)]
        [0.1, 0.05, 0.025, 0.0125]
    """
    return _decay(
        "exponential_decay_lr",
        learning_rate,
        decay_rate,
        total_step,
        step_per_epoch,
        decay_epoch,
        is_stair,
        lambda epoch: learning_rate * decay_rate ** (epoch / decay_epoch),
    )


@document_args(_DECAY_ARGS)
def natural_exp_decay_lr(
    learning_rate: float,
    decay_rate: float,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    is_stair: bool = False,
) -> list[float]:
    """``lr * exp(-decay_rate * p)`` per step (p the epoch ratio, floored times decay_epoch
    when `is_stair`).

    Args:
        {args}

    Returns:
        list[float], one learning rate per step.

    Example:
        >>> [round(x, 4) for x in natural_exp_decay_lr(0.1, 0.5, 3, 1, 1)]
        [0.1, 0.0607, 0.0368]
    """
    return _decay(
        "natural_exp_decay_lr",
        learning_rate,
        decay_rate,
        total_step,
        step_per_epoch,
        decay_epoch,
        is_stair,
        lambda epoch: learning_rate * math.e ** (-decay_rate * epoch),
    )


@document_args(_DECAY_ARGS)
def inverse_decay_lr(
    learning_rate: float,
    decay_rate: float,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    is_stair: bool = False,
) -> list[float]:
    """``lr / (1 + decay_rate * epoch / decay_epoch)`` per step.

    Args:
        {args}

    Returns:
        list[float], one learning rate per step.

    Example:
        >>> [round(x, 4) for x in inverse_decay_lr(0.1, 1.0, 3, 1, 1)]
        [0.1, 0.05, 0.0333]
    """
    return _decay(
        "inverse_decay_lr",
        learning_rate,
        decay_rate,
        total_step,
        step_per_epoch,
        decay_epoch,
        is_stair,
        lambda epoch: learning_rate / (1 + decay_rate * (epoch / decay_epoch)),
    )


def cosine_decay_lr(
    min_lr: float, max_lr: float, total_step: int, step_per_epoch: int, decay_epoch: int
) -> list[float]:
    """Cosine from `max_lr` to `min_lr` over `decay_epoch` epochs, per step.

    Args:
        min_lr (float): The final rate.
        max_lr (float): The initial rate, above `min_lr`.
        total_step (int): The number of steps, the list's length.
        step_per_epoch (int): The steps in one epoch.
        decay_epoch (int): The epochs the decay spans; the rate stays at `min_lr` after.

    Returns:
        list[float], one learning rate per step.

    Example:
        >>> [round(x, 4) for x in cosine_decay_lr(0.0, 0.1, 3, 1, 2)]
        [0.1, 0.05, 0.0]
    """
    who = "cosine_decay_lr"
    _rates(who, ("min_lr",), min_lr=min_lr, max_lr=max_lr)
    if max_lr <= min_lr:
        raise ValueError(f"{who}: `max_lr` must be > `min_lr`, got {max_lr} and {min_lr}")
    _steps(who, total_step=total_step, step_per_epoch=step_per_epoch, decay_epoch=decay_epoch)
    out = []
    for i in range(total_step):
        epoch = min(math.floor(i / step_per_epoch), decay_epoch)
        out.append(min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * epoch / decay_epoch)))
    return out


def polynomial_decay_lr(
    learning_rate: float,
    end_learning_rate: float,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    power: float,
    update_decay_epoch: bool = False,
) -> list[float]:
    """``(lr - end_lr) * (1 - epoch / decay_epoch) ** power + end_lr`` per step.

    Args:
        learning_rate (float): The initial rate.
        end_learning_rate (float): The final rate.
        total_step (int): The number of steps, the list's length.
        step_per_epoch (int): The steps in one epoch.
        decay_epoch (int): The epochs the decay spans.
        power (float): The polynomial's exponent, above 0.
        update_decay_epoch (bool): Extend the horizon by whole `decay_epoch` periods instead of
            holding the final rate. Default: ``False``.

    Returns:
        list[float], one learning rate per step.

    Example:
        >>> [round(x, 4) for x in polynomial_decay_lr(0.1, 0.0, 3, 1, 2, 1.0)]
        [0.1, 0.05, 0.0]
    """
    who = "polynomial_decay_lr"
    _rates(
        who,
        ("end_learning_rate",),
        learning_rate=learning_rate,
        end_learning_rate=end_learning_rate,
        power=power,
    )
    _steps(who, total_step=total_step, step_per_epoch=step_per_epoch, decay_epoch=decay_epoch)
    check_flag(who, "update_decay_epoch", update_decay_epoch)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        horizon = decay_epoch
        if update_decay_epoch:
            horizon = decay_epoch * max(math.ceil(epoch / decay_epoch), 1)
        else:
            epoch = min(epoch, decay_epoch)
        out.append(
            (learning_rate - end_learning_rate) * (1 - epoch / horizon) ** power + end_learning_rate
        )
    return out


def warmup_lr(
    learning_rate: float, total_step: int, step_per_epoch: int, warmup_epoch: int
) -> list[float]:
    """``lr * min(epoch, warmup_epoch) / warmup_epoch`` per step.

    Args:
        learning_rate (float): The rate reached after the warm-up.
        total_step (int): The number of steps, the list's length.
        step_per_epoch (int): The steps in one epoch.
        warmup_epoch (int): The epochs the linear warm-up spans.

    Returns:
        list[float], one learning rate per step.

    Example:
        >>> [round(x, 4) for x in warmup_lr(0.1, 3, 1, 2)]
        [0.0, 0.05, 0.1]
    """
    _rates("warmup_lr", ("learning_rate",), learning_rate=learning_rate)
    _steps(
        "warmup_lr", total_step=total_step, step_per_epoch=step_per_epoch, warmup_epoch=warmup_epoch
    )
    return [
        learning_rate * min(math.floor(i / step_per_epoch), warmup_epoch) / warmup_epoch
        for i in range(total_step)
    ]
