"""Phaser: SoX's phaser, a modulated feedback delay line, sample by sample."""

from __future__ import annotations

import math

import numpy as np

from ._checks import INT32_MAX, INT32_MIN, check_number, check_type
from .amplitude import numeric_input
from .enums import Modulation
from .flanger import wave_table

__all__ = ["Phaser"]


class Phaser:
    """Apply a phaser effect to a waveform <..., time> (output clipped to [-1, 1]).

    Args:
        sample_rate (int): Sampling rate in Hz.
        gain_in (float): Input gain, in [0, 1]. Default: ``0.4``.
        gain_out (float): Output gain, in [0, 1e9]. Default: ``0.74``.
        delay_ms (float): Delay in ms, in [0, 5]. Default: ``3.0``.
        decay (float): Feedback decay, in [0, 0.99]. Default: ``0.4``.
        mod_speed (float): Modulation speed in Hz, in [0.1, 2]. Default: ``0.5``.
        sinusoidal (bool): Sinusoidal modulation, else triangular. Default: ``True``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Phaser(8000)(np.zeros((2, 5))).tolist()[0]
        [0.0, 0.0, 0.0, 0.0, 0.0]
    """

    def __init__(
        self,
        sample_rate,
        gain_in=0.4,
        gain_out=0.74,
        delay_ms=3.0,
        decay=0.4,
        mod_speed=0.5,
        sinusoidal=True,
    ):
        check_number(sample_rate, "sample_rate", INT32_MIN, INT32_MAX, types=(int,))
        check_number(gain_in, "gain_in", 0, 1)
        check_number(gain_out, "gain_out", 0, 1e9)
        check_number(delay_ms, "delay_ms", 0, 5.0)
        check_number(decay, "decay", 0, 0.99)
        check_number(mod_speed, "mod_speed", 0.1, 2)
        check_type(sinusoidal, (bool,), "sinusoidal")
        self.sample_rate, self.gain_in, self.gain_out = sample_rate, gain_in, gain_out
        self.delay_ms, self.decay, self.mod_speed = delay_ms, decay, mod_speed
        self.sinusoidal = sinusoidal

    def __call__(self, waveform):
        array = numeric_input(waveform, "Phaser")
        dtype = array.dtype.type
        f32 = np.float32
        x = (array * dtype(f32(self.gain_in))).reshape(-1, array.shape[-1])
        decay, gain_out = dtype(f32(self.decay)), dtype(f32(self.gain_out))
        buf_len = int(float(f32(self.delay_ms)) * 0.001 * self.sample_rate + 0.5)
        mod_len = int(float(f32(self.sample_rate) / f32(self.mod_speed)) + 0.5)
        modulation = Modulation.SINUSOIDAL if self.sinusoidal else Modulation.TRIANGULAR
        table = wave_table(modulation, mod_len, 1.0, float(buf_len), f32(math.pi / 2))
        # MindSpore asks for an integer table: values rounded half away from zero.
        mod = np.where(table < 0, table - f32(0.5), table + f32(0.5)).astype(np.int32)
        buf = np.zeros((x.shape[0], buf_len), dtype)
        out = np.empty_like(x)
        delay_pos = mod_pos = 0
        for i in range(x.shape[1]):
            idx = (delay_pos + int(mod[mod_pos])) % buf_len
            mod_pos = (mod_pos + 1) % mod_len
            delay_pos = (delay_pos + 1) % buf_len
            out[:, i] = x[:, i] + buf[:, idx]
            buf[:, delay_pos] = (x[:, i] + buf[:, idx]) * decay
        # The final clamp runs in float32 whatever the working precision.
        out = np.clip((out * gain_out).astype(f32), f32(-1), f32(1)).astype(dtype)
        return out.reshape(array.shape)
