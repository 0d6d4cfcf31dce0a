"""PitchShift: a phase-vocoder stretch, an inverse STFT and a resampling back to length."""

from __future__ import annotations

import numpy as np

from ._checks import INT32_MAX, INT32_MIN, check_number, check_type
from .enums import BorderType, ResampleMethod, WindowType
from .inverse_spectral import istft
from .phase_vocoder import linspace_phase_advance, stretch_pairs
from .resample import resample_last_axis
from .spectral import stft_pairs

__all__ = ["PitchShift"]

_KAISER_BETA = 14.769656459379492


class PitchShift:
    """Shift the pitch of a waveform <..., time> by `n_steps` steps, keeping its length.

    Args:
        sample_rate (int): Sampling rate in Hz, >= 0.
        n_steps (int): Steps to shift by (negative lowers the pitch).
        bins_per_octave (int): Steps per octave, nonzero. Default: ``12``.
        n_fft (int): FFT size. Default: ``512``.
        win_length (int, optional): Window size, at most `n_fft`; ``None`` means `n_fft`.
        hop_length (int, optional): Hop between frames; ``None`` means ``win_length // 4``.
        window (WindowType): Window function. Default: ``WindowType.HANN``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.PitchShift(16000, 2, n_fft=16)(np.sin(np.arange(40.0))).shape
        (40,)
    """

    def __init__(
        self,
        sample_rate,
        n_steps,
        bins_per_octave=12,
        n_fft=512,
        win_length=None,
        hop_length=None,
        window=WindowType.HANN,
    ):
        check_number(sample_rate, "sample_rate", 0, INT32_MAX, types=(int,))
        check_number(n_steps, "n_steps", INT32_MIN, INT32_MAX, types=(int,))
        check_number(
            bins_per_octave, "bins_per_octave", INT32_MIN, INT32_MAX, nonzero=True, types=(int,)
        )
        check_number(n_fft, "n_fft", 0, INT32_MAX, low_open=True, types=(int,))
        check_type(window, (WindowType,), "window")
        if win_length is not None:
            check_number(win_length, "win_length", 0, INT32_MAX, low_open=True, types=(int,))
            if win_length > n_fft:
                raise ValueError(
                    f"`win_length` must not exceed `n_fft`, got {win_length} > {n_fft}"
                )
        if hop_length is not None:
            check_number(hop_length, "hop_length", 0, INT32_MAX, low_open=True, types=(int,))
        self.sample_rate, self.n_steps, self.bins_per_octave = sample_rate, n_steps, bins_per_octave
        self.n_fft = n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 4
        self.window = window

    def __call__(self, waveform):
        array = np.asarray(waveform)
        if array.ndim < 1:
            raise RuntimeError("PitchShift: the input must have rank >= 1 (<..., time>)")
        if array.dtype.kind not in "biuf":
            raise RuntimeError(f"PitchShift: the input must be numeric, got {array.dtype}")
        dtype = np.float64 if array.dtype == np.float64 else np.float32
        length = array.shape[-1]
        rows = array.astype(dtype).reshape(-1, length)
        pairs = stft_pairs(
            rows,
            self.n_fft,
            self.win_length,
            self.hop_length,
            0,
            self.window,
            False,
            True,
            BorderType.REFLECT,
        )
        advance = linspace_phase_advance(self.hop_length, pairs.shape[-3], dtype)
        # MindSpore keeps the exponent and the rate in float32.
        rate = np.float32(
            2.0 ** float(np.float32(-self.n_steps) / np.float32(self.bins_per_octave))
        )
        stretched = stretch_pairs(pairs, rate, advance)
        stretched_length = int(np.floor(np.float32(length) / rate + np.float32(0.5)))
        spec = stretched[..., 0].astype(np.float64) + 1j * stretched[..., 1]
        restored = istft(
            spec,
            self.n_fft,
            self.hop_length,
            self.win_length,
            self.window,
            True,
            stretched_length,
            dtype,
        )
        new_rate = int(np.float32(self.sample_rate) / rate)
        shifted = resample_last_axis(
            restored,
            new_rate,
            self.sample_rate,
            ResampleMethod.SINC_INTERPOLATION,
            6,
            0.99,
            _KAISER_BETA,
        )
        if shifted.shape[-1] > length:
            shifted = shifted[..., :length]
        else:
            shifted = np.pad(shifted, [(0, 0), (0, length - shifted.shape[-1])])
        return shifted.reshape(array.shape)
