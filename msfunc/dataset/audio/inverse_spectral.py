"""Waveforms back from spectrograms: the inverse STFT, InverseSpectrogram and GriffinLim."""

from __future__ import annotations

import math

import numpy as np

from ...common.stdlib_random import canonical_double
from .._random import op_engine
from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .enums import BorderType, WindowType
from .spectral import stft_pairs, window_function

__all__ = ["InverseSpectrogram", "GriffinLim", "istft"]


def _padded_window(window, win_length, n_fft):
    """The float32 window of `win_length` samples centred in `n_fft` zeros."""
    win = window_function(window, win_length)
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        win = np.pad(win, (left, n_fft - win_length - left))
    return win


def istft(spec, n_fft, hop_length, win_length, window, center, length, dtype):
    """Inverse STFT of complex `spec` <..., n_fft // 2 + 1, frames> as MindSpore computes it.

    Frames are inverted in double precision, windowed, overlap-added and divided by the
    float32 sum of squared windows. `length` 0 keeps the whole signal (less the centring
    pad); otherwise the result is cut or zero-padded to `length` samples of `dtype`.
    """
    freq, frames = spec.shape[-2:]
    if n_fft != (freq - 1) * 2:
        raise RuntimeError(
            f"the spectrogram has {freq} frequency bins; n_fft {n_fft} needs {n_fft // 2 + 1}"
        )
    win = _padded_window(window, win_length, n_fft)
    if length and hop_length:
        padded = length + n_fft if center else length
        frames = min(frames, math.ceil(np.float32(padded) / np.float32(hop_length)))
    total = n_fft + hop_length * (frames - 1)
    blocks = np.fft.irfft(spec[..., :frames], n=n_fft, axis=-2) * win.astype(np.float64)[:, None]
    signal = np.zeros(spec.shape[:-2] + (total,))
    squares = np.zeros(total, np.float32)
    for frame in range(frames):
        start = frame * hop_length
        signal[..., start : start + n_fft] += blocks[..., frame]
        squares[start : start + n_fft] += win * win
    filled = squares > np.finfo(np.float32).tiny
    signal[..., filled] /= squares[filled]
    half = n_fft // 2
    if length == 0 and center:
        return signal[..., half : total - half].astype(dtype)
    signal = signal[..., half if center else 0 :]
    if signal.shape[-1] < length:
        signal = np.pad(signal, [(0, 0)] * (signal.ndim - 1) + [(0, length - signal.shape[-1])])
    return signal[..., :length].astype(dtype)


def _check_stft_lengths(n_fft, win_length, hop_length):
    check_number(n_fft, "n_fft", 0, INT32_MAX, low_open=True, types=(int,))
    if win_length is not None:
        check_number(win_length, "win_length", 0, INT32_MAX, low_open=True, types=(int,))
        if win_length > n_fft:
            raise ValueError(f"`win_length` must not exceed `n_fft`, got {win_length} > {n_fft}")
    if hop_length is not None:
        check_number(hop_length, "hop_length", 0, INT32_MAX, low_open=True, types=(int,))


class InverseSpectrogram:
    """Recover a waveform <..., time> from a complex spectrogram <..., freq, frames, 2>.

    Args:
        length (int, optional): Output length before `pad` is removed; ``None`` keeps
            ``(frames - 1) * hop_length`` samples.
        n_fft (int): FFT size. Default: ``400``.
        win_length (int, optional): Window size, at most `n_fft`; ``None`` means `n_fft`.
        hop_length (int, optional): Hop between frames; ``None`` means ``win_length // 2``.
        pad (int): Samples the forward transform padded on both sides. Default: ``0``.
        window (WindowType): Window function. Default: ``WindowType.HANN``.
        normalized (bool): Whether the spectrogram was normalised by the window. Default:
            ``False``.
        center (bool): Whether the forward transform centred its frames. Default: ``True``.
        pad_mode (BorderType): Padding of the forward transform. Default:
            ``BorderType.REFLECT``.
        onesided (bool): Whether the spectrogram holds only the non-negative frequencies.
            Default: ``True``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.
        RuntimeError: The input is not <..., freq, frames, 2>.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> spec = np.zeros((5, 3, 2))
        >>> audio.InverseSpectrogram(n_fft=8, hop_length=2)(spec).shape
        (4,)
    """

    def __init__(
        self,
        length=None,
        n_fft=400,
        win_length=None,
        hop_length=None,
        pad=0,
        window=WindowType.HANN,
        normalized=False,
        center=True,
        pad_mode=BorderType.REFLECT,
        onesided=True,
    ):
        if length is not None:
            check_number(length, "length", 0, INT32_MAX, types=(int,))
        _check_stft_lengths(n_fft, win_length, hop_length)
        check_type(window, (WindowType,), "window")
        for name, flag in (("normalized", normalized), ("center", center), ("onesided", onesided)):
            check_type(flag, (bool,), name)
        check_type(pad_mode, (BorderType,), "pad_mode")
        check_number(pad, "pad", 0, INT32_MAX, types=(int,))
        self.length = length if length is not None else 0
        self.n_fft = n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 2
        self.pad, self.window, self.normalized = pad, window, normalized
        self.center, self.pad_mode, self.onesided = center, pad_mode, onesided

    def __call__(self, spectrogram):
        array = np.asarray(spectrogram)
        if array.ndim < 3 or array.shape[-1] != 2:
            raise RuntimeError(
                "InverseSpectrogram: the input must have shape <..., freq, time, 2>, "
                f"got {array.shape}"
            )
        if array.dtype.kind not in "biuf":
            raise RuntimeError(f"InverseSpectrogram: the input must be numeric, got {array.dtype}")
        dtype = np.float64 if array.dtype == np.float64 else np.float32
        array = array.astype(dtype)
        if self.normalized:
            win = _padded_window(self.window, self.win_length, self.n_fft)
            array = array * dtype(np.sqrt(np.sum(win * win, dtype=np.float32)))
        frames = array.shape[-2]
        if self.length == 0:
            out_length = (frames - 1) * self.hop_length
        else:
            out_length = self.length + 2 * self.pad
        rows = self.n_fft // 2 + 1
        spec = array[..., :rows, :, 0] + 1j * array[..., :rows, :, 1].astype(np.float64)
        waveform = istft(
            spec,
            self.n_fft,
            self.hop_length,
            self.win_length,
            self.window,
            self.center,
            out_length,
            dtype,
        )
        if self.pad > 0:
            if self.length == 0:
                raise RuntimeError(
                    "InverseSpectrogram: `pad` can only be removed when `length` is given"
                )
            # MindSpore copies the trimmed samples through a float32 buffer.
            waveform = waveform[..., self.pad : waveform.shape[-1] - self.pad].astype(np.float32)
        return waveform


class GriffinLim:
    """Estimate a waveform <..., time> from a magnitude spectrogram <..., freq, frames>.

    Fast Griffin-Lim: `n_iter` rounds of inverse STFT and STFT with `momentum`. A random
    initial phase draws from the transform's ``mt19937`` (``ds.config.set_seed`` fixes it).

    Args:
        n_fft (int): FFT size. Default: ``400``.
        n_iter (int): Phase-recovery iterations, positive. Default: ``32``.
        win_length (int, optional): Window size, at most `n_fft`; ``None`` means `n_fft`.
        hop_length (int, optional): Hop between frames; ``None`` means ``win_length // 2``.
        window_type (WindowType): Window function. Default: ``WindowType.HANN``.
        power (float): Exponent of the magnitude spectrogram, positive. Default: ``2.0``.
        momentum (float): Momentum of fast Griffin-Lim, >= 0 (1 or more fails when applied).
            Default: ``0.99``.
        length (int, optional): Output length; ``None`` keeps ``(frames - 1) * hop_length``.
        rand_init (bool): Random initial phase, else zero phase. Default: ``True``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.
        RuntimeError: `momentum` is 1 or more, or the input is not <..., n_fft // 2 + 1, time>.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.GriffinLim(n_fft=8, n_iter=2, rand_init=False)(np.ones((5, 4))).shape
        (12,)
    """

    def __init__(
        self,
        n_fft=400,
        n_iter=32,
        win_length=None,
        hop_length=None,
        window_type=WindowType.HANN,
        power=2.0,
        momentum=0.99,
        length=None,
        rand_init=True,
    ):
        check_number(n_fft, "n_fft", 0, INT32_MAX, low_open=True, types=(int,))
        check_number(n_iter, "n_iter", 0, INT32_MAX, low_open=True, types=(int,))
        if win_length is not None:
            check_number(win_length, "win_length", 0, INT32_MAX, types=(int,))
            if win_length > n_fft:
                raise ValueError(
                    f"`win_length` must not exceed `n_fft`, got {win_length} > {n_fft}"
                )
        if hop_length is not None:
            check_number(hop_length, "hop_length", 0, INT32_MAX, types=(int,))
        check_type(window_type, (WindowType,), "window_type")
        check_number(power, "power", 0, FLOAT32_BOUND, low_open=True)
        check_number(momentum, "momentum", 0, FLOAT32_BOUND)
        if length is not None:
            check_number(length, "length", 0, INT32_MAX, types=(int,))
        check_type(rand_init, (bool,), "rand_init")
        self.n_fft, self.n_iter = n_fft, n_iter
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2
        self.window_type, self.power, self.momentum = window_type, power, momentum
        self.length = length if length else 0
        self.rand_init = rand_init

    def _initial_phase(self, freq, frames):
        if not self.rand_init:
            return np.ones((freq, frames), np.complex128)
        engine = op_engine(self)
        # Two uniforms per bin, frequency fastest (column-major order); the imaginary part is
        # drawn first (the compiler evaluates the complex constructor's arguments right to left).
        values = np.array([canonical_double(engine) for _ in range(2 * freq * frames)])
        pairs = values.reshape(frames, freq, 2).transpose(1, 0, 2)
        return pairs[..., 1] + 1j * pairs[..., 0]

    def __call__(self, spectrogram):
        array = np.asarray(spectrogram)
        if array.ndim < 2:
            raise RuntimeError(
                f"GriffinLim: the input must be <..., freq, time>, got {array.shape}"
            )
        if array.dtype.kind not in "biuf":
            raise RuntimeError(f"GriffinLim: the input must be numeric, got {array.dtype}")
        if self.momentum >= 1:
            raise RuntimeError(f"GriffinLim: `momentum` {self.momentum} >= 1 is unstable")
        dtype = np.float64 if array.dtype == np.float64 else np.float32
        freq, frames = array.shape[-2:]
        if self.n_fft != (freq - 1) * 2:
            raise RuntimeError(
                f"GriffinLim: the input has {freq} frequency bins, n_fft {self.n_fft} "
                f"needs {self.n_fft // 2 + 1}"
            )
        magnitude = np.power(array.astype(dtype), dtype(1 / np.float32(self.power)))
        outputs = []
        for rows in magnitude.reshape(-1, freq, frames):
            outputs.append(self._recover(rows.astype(np.float64), dtype))
        waveform = np.stack(outputs)
        return waveform.reshape(array.shape[:-2] + waveform.shape[-1:])

    def _recover(self, magnitude, dtype):
        angles = self._initial_phase(*magnitude.shape)
        previous = np.zeros_like(angles)
        # MindSpore damps the momentum twice: the previous estimate is weighed by
        # m' / (1 + m') with m' = m / (1 + m), both in float32.
        f32 = np.float32
        once = f32(f32(self.momentum) / (f32(1) + f32(self.momentum)))
        momentum = float(f32(once / (f32(1) + once)))
        for _ in range(self.n_iter):
            waveform = self._inverse(angles * magnitude, dtype)
            pairs = stft_pairs(
                waveform,
                self.n_fft,
                self.win_length,
                self.hop_length,
                0,
                self.window_type,
                False,
                True,
                BorderType.REFLECT,
            )
            rebuilt = pairs[..., 0].astype(np.float64) + 1j * pairs[..., 1]
            angles = rebuilt
            if momentum != 0:
                angles = angles - previous * momentum
            angles = angles / (np.abs(angles) + float(np.float32(1e-16)))
            previous = rebuilt
        return self._inverse(angles * magnitude, dtype)

    def _inverse(self, spec, dtype):
        return istft(
            spec,
            self.n_fft,
            self.hop_length,
            self.win_length,
            self.window_type,
            True,
            self.length,
            dtype,
        )
