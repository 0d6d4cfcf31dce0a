"""Constructor argument checks of nn Cells and learning-rate helpers, with MindSpore's rules:
a wrong type is a TypeError (a bool is not a number, an int is not a float), a value out of
range a ValueError."""

import math
import numbers

__all__ = ["check_rate", "check_steps", "check_flag", "check_axes"]


def check_rate(who, name, value, *, allow_zero=False):
    """`value` as a float: a real float (no int, no bool) -> else TypeError; finite and > 0
    (>= 0 with `allow_zero`) -> else ValueError.

    Example:
        >>> check_rate("f", "learning_rate", 0.1)
        0.1
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or isinstance(value, numbers.Integral)
    ):
        raise TypeError(f"{who}: `{name}` must be a float, got {type(value).__name__} {value!r}")
    value = float(value)
    if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        bound = ">= 0" if allow_zero else "> 0"
        raise ValueError(f"{who}: `{name}` must be a finite float {bound}, got {value!r}")
    return value


def check_steps(who, name, value):
    """`value` as a positive int: an int (no bool) -> else TypeError; > 0 -> else ValueError.

    Example:
        >>> check_steps("f", "decay_steps", 4)
        4
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{who}: `{name}` must be an int, got {type(value).__name__} {value!r}")
    if value <= 0:
        raise ValueError(f"{who}: `{name}` must be a positive int, got {value!r}")
    return int(value)


def check_flag(who, name, value):
    """`value` must be a bool (1 or 'yes' -> TypeError).

    Example:
        >>> check_flag("f", "is_stair", True)
        True
    """
    if not isinstance(value, bool):
        raise TypeError(f"{who}: `{name}` must be a bool, got {type(value).__name__} {value!r}")
    return value


def check_axes(who, name, value, *, allow_none=False):
    """`value` as an axis spec: an int, or a tuple/list of ints (None with `allow_none`);
    anything else is a TypeError. Lists come back as tuples.

    Example:
        >>> check_axes("f", "axis", [0, 1])
        (0, 1)
    """
    if value is None and allow_none:
        return None
    if isinstance(value, (tuple, list)):
        items = tuple(value)
    else:
        items = (value,)
    for item in items:
        if isinstance(item, bool) or not isinstance(item, numbers.Integral):
            raise TypeError(f"{who}: `{name}` must be an int or a tuple of ints, got {value!r}")
    return tuple(int(a) for a in items) if isinstance(value, (tuple, list)) else int(value)
