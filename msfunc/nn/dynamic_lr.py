"""Learning-rate lists, one value per step (``exponential_decay_lr`` ...), to pass as an
optimizer's `learning_rate`."""

import math

__all__ = ["piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr",
           "inverse_decay_lr", "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr"]


def _positive_int(who, **values):
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise ValueError(f"{who}: `{name}` must be a positive int, got {value!r}")


def _non_negative(who, **values):
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise ValueError(f"{who}: `{name}` must be a float >= 0, got {value!r}")


def piecewise_constant_lr(milestone, learning_rates):
    """``learning_rates[i]`` for the steps before ``milestone[i]``.

    Example:
        >>> piecewise_constant_lr([2, 3], [0.1, 0.01])
        [0.1, 0.1, 0.01]
    """
    if not isinstance(milestone, (list, tuple)) or not isinstance(learning_rates, (list, tuple)):
        raise TypeError("piecewise_constant_lr: `milestone` and `learning_rates` must be lists")
    if len(milestone) != len(learning_rates):
        raise ValueError(f"piecewise_constant_lr: `milestone` and `learning_rates` must have "
                         f"the same length, got {len(milestone)} and {len(learning_rates)}")
    if any(b <= a for a, b in zip(milestone, milestone[1:])) or milestone[0] <= 0:
        raise ValueError(f"piecewise_constant_lr: `milestone` must be increasing positive "
                         f"ints, got {milestone}")
    out, last = [], 0
    for m, lr in zip(milestone, learning_rates):
        out += [lr] * (m - last)
        last = m
    return out


def _decay(who, learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair,
           fn):
    _non_negative(who, learning_rate=learning_rate, decay_rate=decay_rate)
    _positive_int(who, total_step=total_step, step_per_epoch=step_per_epoch,
                  decay_epoch=decay_epoch)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        p = math.floor(epoch / decay_epoch) if is_stair else epoch / decay_epoch
        out.append(fn(p))
    return out


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False):
    """``lr * decay_rate ** (epoch / decay_epoch)`` per step.

    Example:
        >>> [round(x, 4) for x in exponential_decay_lr(0.1, 0.5, 4, 1, 1)]
        [0.1, 0.05, 0.025, 0.0125]
    """
    return _decay("exponential_decay_lr", learning_rate, decay_rate, total_step, step_per_epoch,
                  decay_epoch, is_stair, lambda p: learning_rate * decay_rate ** p)


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False):
    """``lr * exp(-decay_rate * p)`` per step (p the epoch ratio, floored times decay_epoch
    when `is_stair`).

    Example:
        >>> [round(x, 4) for x in natural_exp_decay_lr(0.1, 0.5, 3, 1, 1)]
        [0.1, 0.0607, 0.0368]
    """
    _non_negative("natural_exp_decay_lr", learning_rate=learning_rate, decay_rate=decay_rate)
    _positive_int("natural_exp_decay_lr", total_step=total_step, step_per_epoch=step_per_epoch,
                  decay_epoch=decay_epoch)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        p = math.floor(epoch / decay_epoch) * decay_epoch if is_stair else epoch
        out.append(learning_rate * math.e ** (-decay_rate * p))
    return out


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                     is_stair=False):
    """``lr / (1 + decay_rate * epoch / decay_epoch)`` per step.

    Example:
        >>> [round(x, 4) for x in inverse_decay_lr(0.1, 1.0, 3, 1, 1)]
        [0.1, 0.05, 0.0333]
    """
    return _decay("inverse_decay_lr", learning_rate, decay_rate, total_step, step_per_epoch,
                  decay_epoch, is_stair, lambda p: learning_rate / (1 + decay_rate * p))


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    """Cosine from `max_lr` to `min_lr` over `decay_epoch` epochs, per step.

    Example:
        >>> [round(x, 4) for x in cosine_decay_lr(0.0, 0.1, 3, 1, 2)]
        [0.1, 0.05, 0.0]
    """
    _non_negative("cosine_decay_lr", min_lr=min_lr, max_lr=max_lr)
    _positive_int("cosine_decay_lr", total_step=total_step, step_per_epoch=step_per_epoch,
                  decay_epoch=decay_epoch)
    out = []
    for i in range(total_step):
        epoch = min(math.floor(i / step_per_epoch), decay_epoch)
        out.append(min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * epoch
                                                                      / decay_epoch)))
    return out


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch,
                        decay_epoch, power, update_decay_epoch=False):
    """``(lr - end_lr) * (1 - epoch / decay_epoch) ** power + end_lr`` per step.

    Example:
        >>> [round(x, 4) for x in polynomial_decay_lr(0.1, 0.0, 3, 1, 2, 1.0)]
        [0.1, 0.05, 0.0]
    """
    _non_negative("polynomial_decay_lr", learning_rate=learning_rate,
                  end_learning_rate=end_learning_rate, power=power)
    _positive_int("polynomial_decay_lr", total_step=total_step, step_per_epoch=step_per_epoch,
                  decay_epoch=decay_epoch)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        horizon = decay_epoch
        if update_decay_epoch:
            horizon = decay_epoch * max(math.ceil(epoch / decay_epoch), 1)
        else:
            epoch = min(epoch, decay_epoch)
        out.append((learning_rate - end_learning_rate) * (1 - epoch / horizon) ** power
                   + end_learning_rate)
    return out


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    """``lr * min(epoch, warmup_epoch) / warmup_epoch`` per step.

    Example:
        >>> [round(x, 4) for x in warmup_lr(0.1, 3, 1, 2)]
        [0.0, 0.05, 0.1]
    """
    _non_negative("warmup_lr", learning_rate=learning_rate)
    _positive_int("warmup_lr", total_step=total_step, step_per_epoch=step_per_epoch,
                  warmup_epoch=warmup_epoch)
    return [learning_rate * min(math.floor(i / step_per_epoch), warmup_epoch) / warmup_epoch
            for i in range(total_step)]
