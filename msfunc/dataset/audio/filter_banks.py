"""Matrix builders of `mindspore.dataset.audio.utils`: the DCT and the triangular filter banks."""

from __future__ import annotations

import math

import numpy as np

from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .enums import MelType, NormMode, NormType

__all__ = ["create_dct", "linear_fbanks", "melscale_fbanks"]

_F32 = np.float32


def _linspace(start, end, count, dtype=_F32):
    """MindSpore's linspace: ``start + i * step`` with the step computed once in `dtype`."""
    start, end = dtype(start), dtype(end)
    step = dtype(0) if count == 1 else (end - start) / dtype(count - 1)
    return start + np.arange(count, dtype=dtype) * step


def _triangles(all_freqs, f_pts):
    """Overlapping triangles with corners at `f_pts`, sampled at `all_freqs`: (freqs, points-2)."""
    widths = np.diff(f_pts)
    slopes = f_pts[None, :] - all_freqs[:, None]
    down = -slopes[:, :-2] / widths[:-1]
    up = slopes[:, 2:] / widths[1:]
    tri = np.minimum(down, up)
    return np.where(tri > 0, tri, tri.dtype.type(0))


def _check_bank_args(n_freqs, f_min, f_max, count, count_name, sample_rate):
    check_number(n_freqs, "n_freqs", 0, INT32_MAX, types=(int,))
    check_number(f_min, "f_min", 0, FLOAT32_BOUND)
    check_number(f_max, "f_max", 0, FLOAT32_BOUND, low_open=True)
    if f_min > f_max:
        raise ValueError(f"`f_min` must not exceed `f_max`, got {f_min} and {f_max}")
    check_number(count, count_name, 0, INT32_MAX, low_open=True, types=(int,))
    check_number(sample_rate, "sample_rate", 0, INT32_MAX, low_open=True, types=(int,))


def create_dct(n_mfcc, n_mels, norm=NormMode.NONE):
    """The DCT-II matrix of shape (n_mels, n_mfcc), float32, to right-multiply mel rows by.

    Args:
        n_mfcc (int): Number of coefficients kept, positive.
        n_mels (int): Number of mel bands, positive.
        norm (NormMode): ``NormMode.ORTHO`` for the orthonormal DCT, ``NormMode.NONE`` for
            the unnormalised one (scaled by 2). Default: ``NormMode.NONE``.

    Raises:
        TypeError: `n_mfcc` or `n_mels` is not an int, or `norm` not a NormMode.
        ValueError: `n_mfcc` or `n_mels` is not positive.

    Example:
        >>> from msfunc.dataset.audio import utils
        >>> utils.create_dct(2, 2, utils.NormMode.ORTHO).astype(float).round(4).tolist()
        [[0.7071, 0.7071], [0.7071, -0.7071]]
    """
    check_type(n_mfcc, (int,), "n_mfcc")
    check_type(n_mels, (int,), "n_mels")
    check_type(norm, (NormMode,), "norm")
    if n_mfcc <= 0 or n_mels <= 0:
        raise ValueError(f"`n_mfcc` and `n_mels` must be positive, got {n_mfcc} and {n_mels}")
    mel = np.arange(n_mels, dtype=np.float64)[:, None] + 0.5
    coefficient = np.arange(n_mfcc, dtype=np.float64)[None, :]
    # The angle is rounded to float32 before its cosine, as MindSpore computes it.
    dct = np.cos((math.pi / n_mels * mel * coefficient).astype(_F32))
    if norm == NormMode.ORTHO:
        dct[:, 0] *= _F32(1 / math.sqrt(2.0))
        return dct * _F32(math.sqrt(2.0 / n_mels))
    return dct * _F32(2)


def _hz_to_mel(freq, mel_type):
    if mel_type == MelType.HTK:
        return 2595.0 * math.log10(1.0 + freq / 700.0)
    # Slaney's scale: linear below 1 kHz, logarithmic above.
    if freq >= 1000.0:
        return 15.0 + math.log(freq / 1000.0) / (math.log(6.4) / 27.0)
    return freq / (200.0 / 3)


def _mel_to_hz(mels, mel_type):
    if mel_type == MelType.HTK:
        return (700.0 * (np.power(10.0, mels / 2595.0) - 1.0)).astype(mels.dtype)
    hz = (200.0 / 3) * mels.astype(np.float64)
    log_part = 1000.0 * np.exp(math.log(6.4) / 27.0 * (mels - 15.0))
    return np.where(mels >= 15.0, log_part, hz).astype(mels.dtype)


def mel_bank(
    n_freqs, f_min, f_max, n_mels, sample_rate, norm, mel_type, dtype: type[np.floating] = _F32
):
    """The mel filter bank computed in `dtype` (MindSpore's MelScale builds it in its input's)."""
    all_freqs = _linspace(0, sample_rate / 2, n_freqs, dtype)
    # The frequency bounds reach the kernel as float32.
    f_min, f_max = float(_F32(f_min)), float(_F32(f_max))
    m_pts = _linspace(_hz_to_mel(f_min, mel_type), _hz_to_mel(f_max, mel_type), n_mels + 2, dtype)
    f_pts = _mel_to_hz(m_pts, mel_type)
    bank = _triangles(all_freqs, f_pts)
    if norm == NormType.SLANEY:
        bank = bank * (dtype(2) / (f_pts[2:] - f_pts[:-2]))
    return bank


def melscale_fbanks(
    n_freqs, f_min, f_max, n_mels, sample_rate, norm=NormType.NONE, mel_type=MelType.HTK
):
    """Mel triangular filter bank of shape (n_freqs, n_mels), float32.

    Args:
        n_freqs (int): Number of STFT frequencies, >= 0.
        f_min (float): Lowest frequency in Hz, >= 0.
        f_max (float): Highest frequency in Hz, positive and >= `f_min`.
        n_mels (int): Number of mel filters, positive.
        sample_rate (int): Sampling rate in Hz, positive.
        norm (NormType): ``NormType.SLANEY`` divides each triangle by its width (equal area).
            Default: ``NormType.NONE``.
        mel_type (MelType): The mel formula, HTK or Slaney. Default: ``MelType.HTK``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> from msfunc.dataset.audio import utils
        >>> utils.melscale_fbanks(3, 0.0, 8000.0, 1, 16000).astype(float).round(4).tolist()
        [[0.0], [0.6418], [0.0]]
    """
    _check_bank_args(n_freqs, f_min, f_max, n_mels, "n_mels", sample_rate)
    check_type(norm, (NormType,), "norm")
    check_type(mel_type, (MelType,), "mel_type")
    return mel_bank(n_freqs, f_min, f_max, n_mels, sample_rate, norm, mel_type)


def linear_fbanks(n_freqs, f_min, f_max, n_filter, sample_rate):
    """Linear triangular filter bank of shape (n_freqs, n_filter), float32.

    Args:
        n_freqs (int): Number of STFT frequencies, >= 0.
        f_min (float): Lowest frequency in Hz, >= 0.
        f_max (float): Highest frequency in Hz, positive and >= `f_min`.
        n_filter (int): Number of filters, positive.
        sample_rate (int): Sampling rate in Hz, positive.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> from msfunc.dataset.audio import utils
        >>> utils.linear_fbanks(3, 0.0, 8000.0, 1, 16000).round(4).tolist()
        [[0.0], [1.0], [0.0]]
    """
    _check_bank_args(n_freqs, f_min, f_max, n_filter, "n_filter", sample_rate)
    all_freqs = _linspace(0, sample_rate / 2, n_freqs)
    return _triangles(all_freqs, _linspace(f_min, f_max, n_filter + 2))
