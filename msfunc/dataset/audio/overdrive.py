"""Overdrive: SoX's soft-clipping distortion followed by a DC-blocking filter."""

from __future__ import annotations

import math

import numpy as np
from scipy import signal

from ._checks import check_number
from .amplitude import numeric_input

__all__ = ["Overdrive"]


class Overdrive:
    """Distort the waveform: a cubic soft clip of ``x * 10**(gain/20) + color/200``, DC-blocked
    (``y[n] = c[n] - c[n-1] + 0.995 y[n-1]``), mixed as ``0.5 x + 0.75 y`` and clipped to [-1, 1].

    Args:
        gain (float): Drive in dB, in [0, 100]. Default: ``20.0``.
        color (float): Even-harmonic amount, in [0, 100]. Default: ``20.0``.

    Raises:
        TypeError: An argument is not a number.
        ValueError: An argument lies outside [0, 100].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Overdrive(0.0, 0.0)(np.array([0.0, 0.0])).tolist()
        [0.0, 0.0]
    """

    def __init__(self, gain=20.0, color=20.0):
        check_number(gain, "gain", 0, 100)
        check_number(color, "color", 0, 100)
        self.gain, self.color = gain, color

    def __call__(self, waveform):
        array = numeric_input(waveform, "Overdrive")
        dtype = array.dtype.type
        f32 = np.float32
        drive = f32(math.exp(f32(self.gain) * math.log(10) / 20.0))
        offset = f32(self.color) / f32(200)
        pushed = array * dtype(drive) + dtype(offset)
        cubic = pushed - pushed * pushed * pushed / dtype(3.0)
        clipped = np.where(
            pushed < -1, dtype(-2.0 / 3.0), np.where(pushed > 1, dtype(2.0 / 3.0), cubic)
        )
        # The DC blocker's recursion, run in float64 and stored in the working precision.
        blocked = np.asarray(
            signal.lfilter([1.0, -1.0], [1.0, -0.995], clipped.astype(np.float64), axis=-1)
        )
        mixed = array * dtype(0.5) + blocked.astype(dtype) * dtype(0.75)
        return np.clip(mixed, dtype(-1), dtype(1))
