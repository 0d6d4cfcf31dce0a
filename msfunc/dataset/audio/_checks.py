"""Argument checks shared by the `msfunc.dataset.audio` transforms (MindSpore's ranges)."""

from __future__ import annotations

import numpy as np

# MindSpore bounds its scalar arguments by what float32 holds exactly and by int32.
FLOAT32_BOUND = 16777216
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def check_type(value, types, name):
    """Raise TypeError unless `value` is one of `types` (bool never counts as a number)."""
    is_bool = isinstance(value, bool)
    if not isinstance(value, types) or (is_bool and bool not in types):
        wanted = " or ".join(t.__name__ for t in types)
        raise TypeError(f"`{name}` must be {wanted}, got {type(value).__name__} {value!r}")


def check_number(
    value,
    name,
    low: float = -FLOAT32_BOUND,
    high: float = FLOAT32_BOUND,
    *,
    low_open=False,
    high_open=False,
    nonzero=False,
    types=(int, float),
):
    """Type-check a scalar and require it in [low, high] (ends may be open, 0 may be barred)."""
    check_type(value, types, name)
    below = value <= low if low_open else value < low
    above = value >= high if high_open else value > high
    if below or above or (nonzero and value == 0):
        left, right = "(" if low_open else "[", ")" if high_open else "]"
        extra = ", not 0" if nonzero else ""
        raise ValueError(f"`{name}` must lie in {left}{low}, {high}{right}{extra}, got {value!r}")


def check_sample_rate(sample_rate):
    """A biquad's sample rate: a nonzero int32."""
    check_number(sample_rate, "sample_rate", INT32_MIN, INT32_MAX, nonzero=True, types=(int,))


def check_q(q):
    """A biquad's quality factor, in (0, 1]."""
    check_number(q, "Q", 0, 1, low_open=True)


def float_waveform(waveform, op_name):
    """The waveform as a float array of rank >= 1 (MindSpore's filters take floats only)."""
    array = np.asarray(waveform)
    if array.ndim < 1:
        raise RuntimeError(f"{op_name}: the input must have rank >= 1 (<..., time>), got a scalar")
    if not np.issubdtype(array.dtype, np.floating):
        raise RuntimeError(
            f"{op_name}: the input must be float16, float32 or float64, got {array.dtype}"
        )
    return array


def real_waveform(waveform, op_name):
    """The waveform as a numeric array (ints become float32, as MindSpore computes them)."""
    array = np.asarray(waveform)
    if not (np.issubdtype(array.dtype, np.number) and not np.iscomplexobj(array)):
        raise RuntimeError(f"{op_name}: the input must be numeric, got {array.dtype}")
    if not np.issubdtype(array.dtype, np.floating):
        array = array.astype(np.float32)
    return array
