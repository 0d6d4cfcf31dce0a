"""Mel transforms: MelScale, MelSpectrogram and MFCC, built on the filter banks and the STFT."""

from __future__ import annotations

import numpy as np

from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .amplitude import AmplitudeToDB, numeric_input
from .enums import BorderType, MelType, NormMode, NormType, WindowType
from .filter_banks import create_dct, mel_bank, melscale_fbanks
from .spectral import Spectrogram

__all__ = ["MelScale", "MelSpectrogram", "MFCC"]


def check_mel_scale(n_mels, sample_rate, f_min, f_max, n_stft, norm, mel_type):
    """The checks MelScale and InverseMelScale share (TypeError / ValueError)."""
    check_number(n_mels, "n_mels", 0, INT32_MAX, low_open=True, types=(int,))
    check_number(sample_rate, "sample_rate", 0, INT32_MAX, low_open=True, types=(int,))
    check_mel_freqs(f_min, f_max, sample_rate)
    check_number(n_stft, "n_stft", 0, INT32_MAX, low_open=True, types=(int,))
    check_type(norm, (NormType,), "norm")
    check_type(mel_type, (MelType,), "mel_type")


def check_mel_freqs(f_min, f_max, sample_rate):
    check_number(f_min, "f_min")
    if f_max is not None:
        check_number(f_max, "f_max", 0, FLOAT32_BOUND, low_open=True)
        if f_min >= f_max:
            raise ValueError(f"`f_max` must exceed `f_min`, got {f_max} and {f_min}")
    elif f_min >= sample_rate // 2:
        raise ValueError(
            f"`f_min` must be below sample_rate // 2 when `f_max` is None, got {f_min}"
        )


def _apply_bank(spec, bank):
    """Project <..., freq, time> onto the bank's columns: <..., n_filters, time>."""
    return np.swapaxes(np.swapaxes(spec, -1, -2) @ bank, -1, -2)


class MelScale:
    """Turn a spectrogram <..., n_stft, time> into a mel spectrogram <..., n_mels, time>.

    Args:
        n_mels (int): Number of mel filters, positive. Default: ``128``.
        sample_rate (int): Sampling rate in Hz, positive. Default: ``16000``.
        f_min (float): Lowest frequency in Hz. Default: ``0.0``.
        f_max (float, optional): Highest frequency; ``None`` means ``sample_rate // 2``.
        n_stft (int): Number of STFT bins of the input, positive. Default: ``201``.
        norm (NormType): Filter normalisation. Default: ``NormType.NONE``.
        mel_type (MelType): Mel formula. Default: ``MelType.HTK``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.MelScale(n_mels=4, sample_rate=8000, n_stft=5)(np.ones((5, 3))).shape
        (4, 3)
    """

    def __init__(
        self,
        n_mels=128,
        sample_rate=16000,
        f_min=0.0,
        f_max=None,
        n_stft=201,
        norm=NormType.NONE,
        mel_type=MelType.HTK,
    ):
        check_mel_scale(n_mels, sample_rate, f_min, f_max, n_stft, norm, mel_type)
        self.n_mels, self.sample_rate, self.f_min, self.n_stft = n_mels, sample_rate, f_min, n_stft
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.norm, self.mel_type = norm, mel_type

    def __call__(self, spectrogram):
        array = numeric_input(spectrogram, "MelScale", min_rank=2)
        if array.shape[-2] != self.n_stft:
            raise RuntimeError(
                f"MelScale: the input has {array.shape[-2]} frequency bins, "
                f"`n_stft` is {self.n_stft}"
            )
        bank = mel_bank(
            self.n_stft,
            self.f_min,
            self.f_max,
            self.n_mels,
            self.sample_rate,
            self.norm,
            self.mel_type,
            array.dtype.type,
        )
        return _apply_bank(array, bank)


class MelSpectrogram:
    """Mel spectrogram of a waveform <..., time>: a Spectrogram followed by a MelScale (float32).

    Args:
        sample_rate (int): Sampling rate in Hz. Default: ``16000``.
        n_fft (int): FFT size. Default: ``400``.
        win_length (int, optional): Window size; ``None`` means `n_fft`.
        hop_length (int, optional): Hop between frames; ``None`` means ``win_length // 2``.
        f_min (float): Lowest frequency in Hz. Default: ``0.0``.
        f_max (float, optional): Highest frequency; ``None`` means ``sample_rate // 2``.
        pad (int): Zeros added on both sides. Default: ``0``.
        n_mels (int): Number of mel filters. Default: ``128``.
        window (WindowType): Window function. Default: ``WindowType.HANN``.
        power (float): Exponent of the magnitude, positive. Default: ``2.0``.
        normalized (bool): Divide by the window's L2 norm. Default: ``False``.
        center (bool): Pad ``n_fft // 2`` on both sides by `pad_mode`. Default: ``True``.
        pad_mode (BorderType): Padding used by `center`. Default: ``BorderType.REFLECT``.
        onesided (bool): Keep only the non-negative frequencies. Default: ``True``.
        norm (NormType): Filter normalisation. Default: ``NormType.NONE``.
        mel_scale (MelType): Mel formula. Default: ``MelType.HTK``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.MelSpectrogram(8000, n_fft=16, n_mels=4)(np.ones(32)).shape
        (4, 5)
    """

    def __init__(
        self,
        sample_rate=16000,
        n_fft=400,
        win_length=None,
        hop_length=None,
        f_min=0.0,
        f_max=None,
        pad=0,
        n_mels=128,
        window=WindowType.HANN,
        power=2.0,
        normalized=False,
        center=True,
        pad_mode=BorderType.REFLECT,
        onesided=True,
        norm=NormType.NONE,
        mel_scale=MelType.HTK,
    ):
        check_number(sample_rate, "sample_rate", 0, INT32_MAX, types=(int,))
        check_number(n_mels, "n_mels", 0, INT32_MAX, types=(int,))
        check_type(f_min, (float,), "f_min")
        if f_max is not None:
            check_number(f_max, "f_max", 0, FLOAT32_BOUND)
            if f_min > f_max:
                raise ValueError(f"`f_max` must be at least `f_min`, got {f_max} and {f_min}")
        elif f_min >= sample_rate // 2:
            raise ValueError(
                f"`f_min` must be below sample_rate // 2 when `f_max` is None, got {f_min}"
            )
        check_type(norm, (NormType,), "norm")
        check_type(mel_scale, (MelType,), "mel_scale")
        check_number(power, "power", 0, FLOAT32_BOUND, low_open=True)
        self.spectrogram = Spectrogram(
            n_fft,
            win_length,
            hop_length,
            pad,
            window,
            power,
            normalized,
            center,
            pad_mode,
            onesided,
        )
        self.n_fft, self.sample_rate, self.n_mels = n_fft, sample_rate, n_mels
        self.f_min = f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.norm, self.mel_scale = norm, mel_scale

    def __call__(self, waveform):
        array = numeric_input(waveform, "MelSpectrogram")
        if self.n_fft >= 2 * array.shape[-1]:
            raise RuntimeError(
                f"MelSpectrogram: `n_fft` {self.n_fft} must be below twice the "
                f"waveform length {array.shape[-1]}"
            )
        spec = self.spectrogram(array).astype(np.float32)
        bank = melscale_fbanks(
            self.n_fft // 2 + 1,
            float(self.f_min),
            float(self.f_max),
            self.n_mels,
            self.sample_rate,
            self.norm,
            self.mel_scale,
        )
        return _apply_bank(spec, bank)


class MFCC:
    """Mel-frequency cepstral coefficients of a waveform <..., time>: <..., n_mfcc, frames>.

    The mel spectrogram is turned into decibels (top 80 dB kept) or, with `log_mels`, into
    ``log(x + 1e-6)``, then projected on the DCT-II.

    Args:
        sample_rate (int): Sampling rate in Hz. Default: ``16000``.
        n_mfcc (int): Number of coefficients kept. Default: ``40``.
        dct_type (int): DCT type; only 2. Default: ``2``.
        norm (NormMode): DCT normalisation. Default: ``NormMode.ORTHO``.
        log_mels (bool): Use log mel energies instead of decibels. Default: ``False``.
        melkwargs (dict, optional): MelSpectrogram arguments (n_fft, win_length, hop_length, f_min,
            f_max, pad, n_mels, window, power, normalized, center, pad_mode, onesided, norm,
            mel_scale); missing ones take MelSpectrogram's defaults.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range or `dct_type` is not 2.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> mfcc = audio.MFCC(8000, n_mfcc=3, melkwargs={"n_fft": 16, "n_mels": 6})
        >>> mfcc(np.sin(np.arange(40.0))).shape
        (3, 6)
    """

    def __init__(
        self,
        sample_rate=16000,
        n_mfcc=40,
        dct_type=2,
        norm=NormMode.ORTHO,
        log_mels=False,
        melkwargs=None,
    ):
        check_number(sample_rate, "sample_rate", 0, INT32_MAX, types=(int,))
        check_type(log_mels, (bool,), "log_mels")
        check_type(norm, (NormMode,), "norm")
        check_number(n_mfcc, "n_mfcc", 0, INT32_MAX, types=(int,))
        if dct_type != 2:
            raise ValueError(f"`dct_type` must be 2, got {dct_type!r}")
        kwargs = dict(melkwargs or {})
        if melkwargs is not None:
            check_type(melkwargs, (dict,), "melkwargs")
        kwargs.setdefault("n_fft", 400)
        kwargs.setdefault("n_mels", 128)
        kwargs.setdefault("f_max", sample_rate // 2)
        if kwargs["n_mels"] < n_mfcc:
            raise ValueError(f"`n_mels` ({kwargs['n_mels']}) must be at least `n_mfcc` ({n_mfcc})")
        self.mel = MelSpectrogram(sample_rate, **kwargs)
        self.n_mfcc, self.norm, self.log_mels = n_mfcc, norm, log_mels

    def __call__(self, waveform):
        mels = self.mel(waveform)
        if self.log_mels:
            mels = np.log(mels + np.float32(1e-6))
        else:
            mels = AmplitudeToDB()(mels)
        dct = create_dct(self.n_mfcc, self.mel.n_mels, self.norm)
        return np.swapaxes(np.swapaxes(mels, -1, -2) @ dct, -1, -2)
