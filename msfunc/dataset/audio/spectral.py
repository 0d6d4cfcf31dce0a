"""Spectrogram: a windowed short-time Fourier transform computed as MindSpore's direct DFT."""

from __future__ import annotations

import numpy as np
from scipy import special

from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .amplitude import numeric_input
from .enums import BorderType, WindowType

__all__ = ["Spectrogram", "window_function"]


def window_function(window, length):
    """The periodic `window` of `length` samples, float32 (a length-1 window is [1]).

    Example:
        >>> from msfunc.dataset.audio.enums import WindowType
        >>> window_function(WindowType.HANN, 4).tolist()
        [0.0, 0.5, 1.0, 0.5]
    """
    if length == 1:
        return np.ones(1, np.float32)
    f32 = np.float32
    phase = 2 * np.pi * np.arange(length) / length
    # MindSpore keeps the window constants, and 2i/len, in float32; the rest runs in float64.
    ratio = (f32(2) * np.arange(length, dtype=f32) / f32(length)).astype(np.float64) - 1.0
    if window == WindowType.BARTLETT:
        values = 1.0 - np.abs(ratio)
    elif window == WindowType.BLACKMAN:
        values = f32(0.42) - 0.5 * np.cos(phase) + f32(0.08) * np.cos(2 * phase)
    elif window == WindowType.HAMMING:
        values = f32(0.54) - f32(0.46) * np.cos(phase)
    elif window == WindowType.KAISER:
        # Kaiser window with beta = 12, periodic like the others.
        values = special.i0(12.0 * np.sqrt(1 - ratio**2)) / special.i0(12.0)
    else:
        values = 0.5 - 0.5 * np.cos(phase)
    return values.astype(np.float32)


def check_stft_args(n_fft, win_length, hop_length, pad, window):
    """Argument checks shared by the STFT-based transforms."""
    check_number(n_fft, "n_fft", 0, INT32_MAX, low_open=True, types=(int,))
    if win_length is not None:
        check_number(win_length, "win_length", 0, INT32_MAX, low_open=True, types=(int,))
        if win_length > n_fft:
            raise ValueError(f"`win_length` must not exceed `n_fft`, got {win_length} > {n_fft}")
    if hop_length is not None:
        check_number(hop_length, "hop_length", 0, INT32_MAX, low_open=True, types=(int,))
    check_number(pad, "pad", 0, INT32_MAX, types=(int,))
    check_type(window, (WindowType,), "window")


def stft_pairs(array, n_fft, win_length, hop_length, pad, window, normalized, center, pad_mode):
    """(real, imag) STFT of `array`'s last axis: shape (..., n_fft // 2 + 1, frames, 2)."""
    dtype = array.dtype.type
    win = np.zeros(n_fft, np.float32)
    left = (n_fft - win_length) // 2
    win[left : left + win_length] = window_function(window, win_length)
    signal = np.pad(array, [(0, 0)] * (array.ndim - 1) + [(pad, pad)])
    if center:
        mode = "constant" if pad_mode == BorderType.CONSTANT else pad_mode.value
        signal = np.pad(signal, [(0, 0)] * (array.ndim - 1) + [(n_fft // 2, n_fft // 2)], mode=mode)
    if n_fft > signal.shape[-1]:
        raise RuntimeError(
            f"Spectrogram: `n_fft` {n_fft} exceeds the padded length {signal.shape[-1]}"
        )
    frames = 1 + (signal.shape[-1] - n_fft) // hop_length
    starts = np.arange(frames) * hop_length
    windowed = signal[..., starts[:, None] + np.arange(n_fft)] * win.astype(dtype)
    # MindSpore sums the DFT directly with cos/sin tables in the working precision.
    angle = 2 * np.pi * np.outer(np.arange(n_fft // 2 + 1), np.arange(n_fft)) / n_fft
    real = windowed @ np.cos(angle).astype(dtype).T
    imag = -(windowed @ np.sin(angle).astype(dtype).T)
    spec = np.stack([real, imag], axis=-1).swapaxes(-3, -2)
    if normalized:
        spec = spec / dtype(np.sqrt(np.sum(win.astype(np.float64) ** 2)))
    return spec


class Spectrogram:
    """Spectrogram of a waveform <..., time>: shape <..., freq, frames> (or (real, imag) pairs).

    Args:
        n_fft (int): FFT size; ``n_fft // 2 + 1`` frequency bins. Default: ``400``.
        win_length (int, optional): Window size, at most `n_fft`; ``None`` means `n_fft`.
        hop_length (int, optional): Hop between frames; ``None`` means ``win_length // 2``.
        pad (int): Zeros added on both sides first. Default: ``0``.
        window (WindowType): Window function. Default: ``WindowType.HANN``.
        power (float): Exponent of the magnitude; 0 returns (real, imag) pairs in a trailing axis
            of 2. Default: ``2.0``.
        normalized (bool): Divide by the window's L2 norm. Default: ``False``.
        center (bool): Pad ``n_fft // 2`` on both sides by `pad_mode`. Default: ``True``.
        pad_mode (BorderType): Padding used by `center`. Default: ``BorderType.REFLECT``.
        onesided (bool): Keep only the non-negative frequencies; otherwise all `n_fft` bins (the
            upper half mirrored from the lower, as MindSpore does). Default: ``True``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Spectrogram(n_fft=4)(np.ones(8)).shape
        (3, 5)
    """

    def __init__(
        self,
        n_fft=400,
        win_length=None,
        hop_length=None,
        pad=0,
        window=WindowType.HANN,
        power=2.0,
        normalized=False,
        center=True,
        pad_mode=BorderType.REFLECT,
        onesided=True,
    ):
        check_stft_args(n_fft, win_length, hop_length, pad, window)
        check_number(power, "power", 0, FLOAT32_BOUND)
        for name, flag in (("normalized", normalized), ("center", center), ("onesided", onesided)):
            check_type(flag, (bool,), name)
        check_type(pad_mode, (BorderType,), "pad_mode")
        self.n_fft = n_fft
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2
        self.pad, self.window, self.power = pad, window, power
        self.normalized, self.center, self.pad_mode, self.onesided = (
            normalized,
            center,
            pad_mode,
            onesided,
        )

    def __call__(self, waveform):
        array = numeric_input(waveform, "Spectrogram")
        dtype = array.dtype.type
        if self.hop_length == 0:
            raise RuntimeError(
                "Spectrogram: the hop length is 0 (win_length // 2 with win_length 1)"
            )
        spec = stft_pairs(
            array,
            self.n_fft,
            self.win_length,
            self.hop_length,
            self.pad,
            self.window,
            self.normalized,
            self.center,
            self.pad_mode,
        )
        if not self.onesided:
            # The upper bins copy the lower ones unchanged (no conjugation), as MindSpore's do.
            upper = spec[
                ..., [self.n_fft - i for i in range(self.n_fft // 2 + 1, self.n_fft)], :, :
            ]
            spec = np.concatenate([spec, upper], axis=-3)
        if abs(self.power) <= np.finfo(np.float32).eps:
            return spec
        magnitude = np.sqrt(spec[..., 0] ** 2 + spec[..., 1] ** 2)
        return np.power(magnitude, dtype(np.float32(self.power)))
