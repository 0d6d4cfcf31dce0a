"""LFCC and SpectralCentroid: features of the linear-frequency spectrogram."""

from __future__ import annotations

import numpy as np

from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .amplitude import AmplitudeToDB, numeric_input
from .enums import BorderType, NormMode, WindowType
from .filter_banks import create_dct, linear_fbanks
from .spectral import Spectrogram, check_stft_args

__all__ = ["LFCC", "SpectralCentroid"]


def _project(spec, matrix):
    """<..., rows, time> -> <..., matrix columns, time>."""
    return np.swapaxes(np.swapaxes(spec, -1, -2) @ matrix, -1, -2)


class LFCC:
    """Linear-frequency cepstral coefficients of a waveform <..., time>: <..., n_lfcc, frames>.

    A Spectrogram is projected on `n_filter` linear triangular filters, turned into decibels
    (top 80 dB kept) or, with `log_lf`, into ``log(x + 1e-6)``, then onto the DCT-II (float32).

    Args:
        sample_rate (int): Sampling rate in Hz, >= 0. Default: ``16000``.
        n_filter (int): Number of linear filters, positive. Default: ``128``.
        n_lfcc (int): Number of coefficients kept, positive. Default: ``40``.
        f_min (float): Lowest filter frequency, >= 0. Default: ``0.0``.
        f_max (float, optional): Highest filter frequency; ``None`` means ``sample_rate // 2``.
        dct_type (int): DCT type; only 2. Default: ``2``.
        norm (NormMode): DCT normalisation. Default: ``NormMode.ORTHO``.
        log_lf (bool): Use log energies instead of decibels. Default: ``False``.
        speckwargs (dict, optional): Spectrogram arguments (n_fft, win_length, hop_length, pad,
            window, power, normalized, center, pad_mode, onesided); missing ones take defaults.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range or `dct_type` is not 2.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> lfcc = audio.LFCC(8000, n_filter=6, n_lfcc=3, speckwargs={"n_fft": 16})
        >>> lfcc(np.sin(np.arange(40.0))).shape
        (3, 6)
    """

    def __init__(
        self,
        sample_rate=16000,
        n_filter=128,
        n_lfcc=40,
        f_min=0.0,
        f_max=None,
        dct_type=2,
        norm=NormMode.ORTHO,
        log_lf=False,
        speckwargs=None,
    ):
        check_number(sample_rate, "sample_rate", 0, INT32_MAX, types=(int,))
        check_number(n_filter, "n_filter", 0, INT32_MAX, low_open=True, types=(int,))
        check_number(n_lfcc, "n_lfcc", 0, INT32_MAX, low_open=True, types=(int,))
        check_type(log_lf, (bool,), "log_lf")
        check_type(norm, (NormMode,), "norm")
        check_number(f_min, "f_min", 0, FLOAT32_BOUND)
        if f_max is not None:
            check_number(f_max, "f_max", 0, FLOAT32_BOUND)
            if f_min > f_max:
                raise ValueError(f"`f_max` must be at least `f_min`, got {f_max} and {f_min}")
        elif f_min >= sample_rate // 2:
            raise ValueError(
                f"`f_min` must be below sample_rate // 2 when `f_max` is None, got {f_min}"
            )
        if dct_type != 2:
            raise ValueError(f"`dct_type` must be 2, got {dct_type!r}")
        if speckwargs is not None:
            check_type(speckwargs, (dict,), "speckwargs")
        kwargs = dict(speckwargs or {})
        kwargs.setdefault("n_fft", 400)
        if kwargs["n_fft"] < n_lfcc:
            raise ValueError(f"`n_fft` ({kwargs['n_fft']}) must be at least `n_lfcc` ({n_lfcc})")
        self.spectrogram = Spectrogram(**kwargs)
        self.sample_rate, self.n_filter, self.n_lfcc = sample_rate, n_filter, n_lfcc
        self.f_min = f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.norm, self.log_lf = norm, log_lf

    def __call__(self, waveform):
        spec = self.spectrogram(numeric_input(waveform, "LFCC")).astype(np.float32)
        bank = linear_fbanks(
            self.spectrogram.n_fft // 2 + 1,
            float(self.f_min),
            float(self.f_max),
            self.n_filter,
            self.sample_rate,
        )
        energies = _project(spec, bank)
        if self.log_lf:
            energies = np.log(energies + np.float32(1e-6))
        else:
            energies = AmplitudeToDB()(energies)
        return _project(energies, create_dct(self.n_lfcc, self.n_filter, self.norm))


class SpectralCentroid:
    """The spectral centroid of each frame, <..., 1, frames>: the magnitude-weighted mean frequency.

    Args:
        sample_rate (int): Sampling rate in Hz, >= 0.
        n_fft (int): FFT size. Default: ``400``.
        win_length (int, optional): Window size; ``None`` means `n_fft`.
        hop_length (int, optional): Hop between frames; ``None`` means ``win_length // 2``.
        pad (int): Zeros added on both sides. Default: ``0``.
        window (WindowType): Window function. Default: ``WindowType.HANN``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> tone = np.cos(2 * np.pi * 1000 * np.arange(64) / 8000)
        >>> float(audio.SpectralCentroid(8000, n_fft=16)(tone)[0, 4].round())
        1000.0
    """

    def __init__(
        self,
        sample_rate,
        n_fft=400,
        win_length=None,
        hop_length=None,
        pad=0,
        window=WindowType.HANN,
    ):
        check_number(sample_rate, "sample_rate", 0, INT32_MAX, types=(int,))
        check_stft_args(n_fft, win_length, hop_length, pad, window)
        self.sample_rate = sample_rate
        self.spectrogram = Spectrogram(
            n_fft, win_length, hop_length, pad, window, power=1.0, pad_mode=BorderType.REFLECT
        )

    def __call__(self, waveform):
        spec = self.spectrogram(numeric_input(waveform, "SpectralCentroid"))
        dtype = spec.dtype.type
        n_bins = spec.shape[-2]
        step = dtype(self.sample_rate / 2) / dtype(n_bins - 1) if n_bins > 1 else dtype(0)
        freqs = (np.arange(n_bins) * step).astype(dtype).astype(np.float64)
        # MindSpore sums in float64 whatever the input precision.
        spec64 = spec.astype(np.float64)
        weighted = np.sum(freqs[:, None] * spec64, axis=-2, keepdims=True)
        return (weighted / np.sum(spec64, axis=-2, keepdims=True)).astype(dtype)
