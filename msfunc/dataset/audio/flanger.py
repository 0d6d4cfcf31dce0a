"""Flanger: SoX's flanger, a modulated delay line with feedback, sample by sample."""

from __future__ import annotations

import math

import numpy as np

from ._checks import INT32_MAX, INT32_MIN, check_number, check_type
from .enums import Interpolation, Modulation

__all__ = ["Flanger"]


def wave_table(modulation, size, low, high, phase):
    """One LFO period of `size` samples between `low` and `high`, started at `phase` (float32).

    Example:
        >>> wave_table(Modulation.TRIANGULAR, 4, 0.0, 1.0, 0.0).tolist()
        [0.5, 1.0, 0.5, 0.0]
    """
    offset = int(phase / math.pi / 2 * size + 0.5)
    point = (np.arange(size) + offset) % size
    if modulation == Modulation.SINUSOIDAL:
        table = ((np.sin(point * math.pi / size * 2) + 1) / 2).astype(np.float32)
    else:
        table = (point * 2.0 / size).astype(np.float32)
        quarter = 4 * point // size
        table = np.select(
            [quarter == 0, (quarter == 1) | (quarter == 2), quarter == 3],
            [table + np.float32(0.5), np.float32(1.5) - table, table - np.float32(1.5)],
            table,
        ).astype(np.float32)
    return table * (np.float32(high) - np.float32(low)) + np.float32(low)


class Flanger:
    """Apply a flanger effect to a waveform <..., channel, time> (output clipped to [-1, 1]).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        delay (float): Base delay in ms, in [0, 30]. Default: ``0.0``.
        depth (float): Added swept delay in ms, in [0, 10]. Default: ``2.0``.
        regen (float): Feedback gain in percent, in [-95, 95]. Default: ``0.0``.
        width (float): Delayed signal mixed in, in percent, in [0, 100]. Default: ``71.0``.
        speed (float): Sweeps per second, in [0.1, 10]. Default: ``0.5``.
        phase (float): Phase shift between channels in percent, in [0, 100]. Default: ``25.0``.
        modulation (Modulation): LFO shape. Default: ``Modulation.SINUSOIDAL``.
        interpolation (Interpolation): Delay-line interpolation. Default: ``Interpolation.LINEAR``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Flanger(8000)(np.zeros((1, 2, 5), np.float32)).shape
        (1, 2, 5)
    """

    def __init__(
        self,
        sample_rate,
        delay=0.0,
        depth=2.0,
        regen=0.0,
        width=71.0,
        speed=0.5,
        phase=25.0,
        modulation=Modulation.SINUSOIDAL,
        interpolation=Interpolation.LINEAR,
    ):
        check_number(sample_rate, "sample_rate", INT32_MIN, INT32_MAX, nonzero=True, types=(int,))
        check_number(delay, "delay", 0, 30)
        check_number(depth, "depth", 0, 10)
        check_number(regen, "regen", -95, 95)
        check_number(width, "width", 0, 100)
        check_number(speed, "speed", 0.1, 10)
        check_number(phase, "phase", 0, 100)
        check_type(modulation, (Modulation,), "modulation")
        check_type(interpolation, (Interpolation,), "interpolation")
        self.sample_rate = sample_rate
        self.delay, self.depth, self.regen = delay, depth, regen
        self.width, self.speed, self.phase = width, speed, phase
        self.modulation, self.interpolation = modulation, interpolation

    def __call__(self, waveform):
        original = np.asarray(waveform)
        if original.dtype.kind not in "biuf":
            raise RuntimeError(f"Flanger: the input must be numeric, got {original.dtype}")
        if original.ndim < 2:
            raise RuntimeError(
                f"Flanger: the input must be <..., channel, time>, got {original.shape}"
            )
        dtype = np.float64 if original.dtype == np.float64 else np.float32
        x: np.ndarray = original.astype(dtype).reshape((-1, *original.shape[-2:]))
        f32, rate = np.float32, self.sample_rate
        # The float arguments reach the kernel as float32 and are scaled in the working dtype.
        feedback = dtype(f32(self.regen)) / dtype(100)
        delay_gain = dtype(f32(self.width)) / dtype(100)
        channel_phase = dtype(f32(self.phase)) / dtype(100)
        delay_min = dtype(f32(self.delay)) / dtype(1000)
        delay_depth = dtype(f32(self.depth)) / dtype(1000)
        in_gain = dtype(1.0 / float(1 + delay_gain))
        delay_gain = delay_gain / (1 + delay_gain)
        delay_gain = delay_gain * (1 - abs(feedback))
        buf_len = int(float((delay_min + delay_depth) * dtype(rate)) + 0.5) + 2
        lfo_len = int(f32(rate) / f32(self.speed))
        table_min = math.floor(float(delay_min * dtype(rate)) + 0.5)
        lfo = wave_table(
            self.modulation, lfo_len, f32(table_min), f32(buf_len - 2.0), f32(3 * math.pi / 2)
        )

        batch, channels, time = x.shape
        phases = np.array(
            [int(float(dtype(j * lfo_len) * channel_phase) + 0.5) for j in range(channels)]
        )
        bufs = np.zeros((batch, channels, buf_len), dtype)
        last = np.zeros((batch, channels), dtype)
        out = np.empty_like(x)
        rows, cols = np.arange(batch)[:, None], np.arange(channels)[None, :]
        pos = lfo_pos = 0
        for i in range(time):
            pos = (pos + buf_len - 1) % buf_len
            delay = lfo[(lfo_pos + phases) % lfo_len].astype(dtype)
            frac = delay - delay.astype(np.int64).astype(dtype)
            whole = np.floor(delay).astype(np.int64)
            bufs[:, :, pos] = x[:, :, i] + last * feedback
            first = bufs[rows, cols, (pos + whole) % buf_len]
            second = bufs[rows, cols, (pos + whole + 1) % buf_len]
            if self.interpolation == Interpolation.LINEAR:
                delayed = first + (second - first) * frac
            else:
                third = bufs[rows, cols, (pos + whole + 2) % buf_len] - first
                second = second - first
                slope = third * dtype(0.5) - second
                value = second * dtype(2) - third * dtype(0.5)
                delayed = first + (slope * frac + value) * frac
            last = delayed
            out[:, :, i] = x[:, :, i] * in_gain + delayed * delay_gain
            lfo_pos = (lfo_pos + 1) % lfo_len
        out = np.clip(out, dtype(-1), dtype(1)).reshape(original.shape)
        return out.astype(original.dtype)
