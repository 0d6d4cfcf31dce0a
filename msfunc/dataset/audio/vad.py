"""Vad: trim a recording's leading silence with MindSpore's (SoX-style) activity detector."""

from __future__ import annotations

import math

import numpy as np

from ._checks import FLOAT32_BOUND, INT32_MAX, check_number

__all__ = ["Vad"]

_NON_NEGATIVE = (
    "trigger_time",
    "search_time",
    "allowed_gap",
    "pre_trigger_time",
    "boot_time",
    "noise_up_time",
    "noise_down_time",
    "noise_reduction_amount",
    "measure_smooth_time",
)
_POSITIVE = ("measure_freq", "hp_filter_freq", "lp_filter_freq", "hp_lifter_freq", "lp_lifter_freq")


class Vad:
    """Voice activity detection on a waveform <..., time>: the samples from the detected start.

    MindSpore 2.10's detector builds its cepstral measurement from the zero-filled head of its
    magnitude buffer, so every measurement is 0: activity is detected (at the first
    measurement) only when `trigger_level` is <= 0. msfunc reproduces that outcome, including
    the lengths MindSpore keeps when nothing is detected (its search buffer's length).

    Args:
        sample_rate (int): Sampling rate in Hz, positive.
        trigger_level (float): Measurement level that triggers detection. Default: ``7.0``.
        trigger_time (float): Time constant ignoring short bursts, >= 0. Default: ``0.25``.
        search_time (float): Audio searched before the trigger, >= 0. Default: ``1.0``.
        allowed_gap (float): Gap allowed between bursts, >= 0. Default: ``0.25``.
        pre_trigger_time (float): Audio kept before the trigger, >= 0. Default: ``0.0``.
        boot_time (float): Initial noise-estimate time, >= 0. Default: ``0.35``.
        noise_up_time (float): Rising noise time constant, >= `noise_down_time`.
            Default: ``0.1``.
        noise_down_time (float): Falling noise time constant, >= 0. Default: ``0.01``.
        noise_reduction_amount (float): Noise reduction, >= 0. Default: ``1.35``.
        measure_freq (float): Measurements per second, positive. Default: ``20.0``.
        measure_duration (float, optional): Measurement length; ``None`` means two periods.
        measure_smooth_time (float): Spectral smoothing time constant, >= 0. Default: ``0.4``.
        hp_filter_freq (float): High-pass filter frequency, positive. Default: ``50.0``.
        lp_filter_freq (float): Low-pass filter frequency, positive. Default: ``6000.0``.
        hp_lifter_freq (float): High-pass lifter frequency, positive. Default: ``150.0``.
        lp_lifter_freq (float): Low-pass lifter frequency, positive. Default: ``2000.0``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.
        RuntimeError: The filter or lifter band is empty at this sampling rate.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Vad(sample_rate=600)(np.ones(1000)).shape
        (660,)
    """

    def __init__(
        self,
        sample_rate,
        trigger_level=7.0,
        trigger_time=0.25,
        search_time=1.0,
        allowed_gap=0.25,
        pre_trigger_time=0.0,
        boot_time=0.35,
        noise_up_time=0.1,
        noise_down_time=0.01,
        noise_reduction_amount=1.35,
        measure_freq=20.0,
        measure_duration=None,
        measure_smooth_time=0.4,
        hp_filter_freq=50.0,
        lp_filter_freq=6000.0,
        hp_lifter_freq=150.0,
        lp_lifter_freq=2000.0,
    ):
        check_number(sample_rate, "sample_rate", 0, INT32_MAX, low_open=True, types=(int,))
        check_number(trigger_level, "trigger_level")
        values = dict(locals())
        for name in _NON_NEGATIVE:
            check_number(values[name], name, 0, FLOAT32_BOUND)
        if noise_up_time < noise_down_time:
            raise ValueError(
                f"`noise_up_time` must be at least `noise_down_time`, got {noise_up_time} "
                f"and {noise_down_time}"
            )
        for name in _POSITIVE:
            check_number(values[name], name, 0, FLOAT32_BOUND, low_open=True)
        if measure_duration:
            check_number(measure_duration, "measure_duration", 0, FLOAT32_BOUND)
        self.sample_rate, self.trigger_level = sample_rate, trigger_level
        self.search_time, self.pre_trigger_time = search_time, pre_trigger_time
        self.measure_freq = measure_freq
        self.measure_duration = measure_duration if measure_duration else 2.0 / measure_freq
        self.hp_filter_freq, self.lp_filter_freq = hp_filter_freq, lp_filter_freq
        self.hp_lifter_freq, self.lp_lifter_freq = hp_lifter_freq, lp_lifter_freq
        # Kept for inspection; they do not change MindSpore 2.10's result (see above).
        self.trigger_time, self.allowed_gap, self.boot_time = trigger_time, allowed_gap, boot_time
        self.noise_up_time, self.noise_down_time = noise_up_time, noise_down_time
        self.noise_reduction_amount = noise_reduction_amount
        self.measure_smooth_time = measure_smooth_time

    def _lengths(self, dtype):
        """(measure length, measure period, search length, kept-before-trigger length)."""
        f = dtype
        rate = f(self.sample_rate)
        measure_len = int(rate * f(self.measure_duration) + f(0.5))
        dft_len = 16
        while dft_len < measure_len:
            dft_len *= 2
        period = int(rate / f(self.measure_freq) + f(0.5))
        search = math.ceil(f(self.search_time) * f(self.measure_freq)) * period
        fixed = int(f(self.pre_trigger_time) * rate + f(0.5))
        spectrum_start = max(int(f(self.hp_filter_freq) / rate * dft_len + f(0.5)), 1)
        spectrum_end = min(int(f(self.lp_filter_freq) / rate * dft_len + f(0.5)), dft_len // 2)
        if spectrum_end <= spectrum_start:
            raise RuntimeError(
                "Vad: the filter band is empty: raise `lp_filter_freq` or lower `hp_filter_freq`"
            )
        cepstrum_start = math.ceil(rate * 0.5 / f(self.lp_lifter_freq))
        cepstrum_end = min(math.floor(rate * 0.5 / f(self.hp_lifter_freq)), dft_len // 4)
        if cepstrum_end <= cepstrum_start:
            raise RuntimeError(
                "Vad: the lifter band is empty: raise `lp_lifter_freq` or lower `hp_lifter_freq`"
            )
        return measure_len, period, search, fixed

    def __call__(self, waveform):
        array = np.asarray(waveform)
        if array.ndim < 1:
            raise RuntimeError("Vad: the input must have rank >= 1 (<..., time>)")
        if array.dtype.kind not in "biuf":
            raise RuntimeError(f"Vad: the input must be numeric, got {array.dtype}")
        dtype = np.float64 if array.dtype == np.float64 else np.float32
        array = array.astype(dtype)
        measure_len, period, search, fixed = self._lengths(dtype)
        buffer_len = fixed + search + measure_len
        length = array.shape[-1]
        # Measurements are all 0, so the first one triggers iff trigger_level <= 0.
        if self.trigger_level <= 0 and length >= measure_len:
            start = measure_len - buffer_len + search
        else:
            start = length - buffer_len
        if start < -length:
            start = 0
        elif start < 0:
            start += length
        return array[..., start:]
