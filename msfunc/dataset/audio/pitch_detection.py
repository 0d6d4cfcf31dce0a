"""DetectPitchFrequency: pitch per frame from the normalised cross-correlation, median-smoothed."""

from __future__ import annotations

import math

import numpy as np

from ._checks import FLOAT32_BOUND, INT32_MAX, INT32_MIN, check_number

__all__ = ["DetectPitchFrequency"]


def _nccf(rows, sample_rate, frame_time, freq_low):
    """Normalised cross-correlation <rows, frames, lags> of consecutive frames with lagged ones."""
    length = rows.shape[-1]
    lags = math.ceil(np.float32(sample_rate) / np.float32(freq_low))
    frame_size = math.ceil(np.float32(sample_rate) * np.float32(frame_time))
    frames = math.ceil(np.float32(length) / np.float32(frame_size))
    extra = lags + frames * frame_size - length
    signal = np.pad(rows, [(0, 0), (0, extra)])
    base = (np.arange(frames) * frame_size)[:, None] + np.arange(frame_size)
    first = signal[:, base]  # (rows, frames, frame_size)
    out = np.empty(rows.shape[:1] + (frames, lags), rows.dtype)
    for lag in range(1, lags + 1):
        second = signal[:, base + lag]
        numerator = np.sum(first * second, axis=-1)
        first_norm = np.sum(first * first, axis=-1)
        second_norm = np.sum(second * second, axis=-1)
        valid = (first_norm != 0) & (second_norm != 0)
        # The squared norms divide (no square root), as MindSpore's kernel does.
        ratio = numerator / np.where(valid, first_norm, 1) / np.where(valid, second_norm, 1)
        out[..., lag - 1] = np.where(valid, ratio, 0)
    return out


def _best_lags(nccf, sample_rate, freq_high):
    """Per frame, the lag of the highest correlation past the shortest lag (a first-half
    peak within 1 % of the best wins), plus one."""
    lags = nccf.shape[-1]
    lag_min = math.ceil(np.float32(sample_rate) / np.float32(freq_high))
    half = lags // 2
    rows, frames = nccf.shape[:2]
    out = np.empty((rows, frames), np.int64)
    for r in range(rows):
        for f in range(frames):
            values = nccf[r, f]
            best = half_best = values[lag_min]
            best_at = half_at = lag_min
            for lag in range(lag_min + 1, lags):
                if values[lag] > best:
                    best, best_at = values[lag], lag
                    if lag < half:
                        half_best, half_at = values[lag], lag
            chosen = half_at if half_best > best * values.dtype.type(0.99) else best_at
            out[r, f] = chosen + 1
    return out


def _median_smooth(indices, win_length):
    """Running lower median over `win_length` frames, the first frame repeated in front."""
    pad = (win_length - 1) // 2
    padded = np.concatenate([np.repeat(indices[:, :1], pad, axis=1), indices], axis=1)
    count = indices.shape[1] + pad - win_length + 1
    windows = padded[:, np.arange(count)[:, None] + np.arange(win_length)]
    return np.sort(windows, axis=-1)[..., pad]


class DetectPitchFrequency:
    """Pitch (Hz) of each frame of a waveform <..., time>: output <..., frames>, float32.

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        frame_time (float): Frame duration in seconds, positive. Default: ``0.01``.
        win_length (int): Median-smoothing window in frames, positive. Default: ``30``.
        freq_low (int): Lowest detectable frequency in Hz, positive. Default: ``85``.
        freq_high (int): Highest detectable frequency in Hz, positive. Default: ``3400``.

    Raises:
        TypeError: An argument has the wrong type (a float `freq_low` or `freq_high` passes
            the checks, as in MindSpore, but fails when the transform is applied).
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> wave = np.sin(2 * np.pi * 100 * np.arange(800) / 8000)
        >>> audio.DetectPitchFrequency(8000, win_length=3)(wave).round(1).tolist()
        [100.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0]
    """

    def __init__(self, sample_rate, frame_time=0.01, win_length=30, freq_low=85, freq_high=3400):
        check_number(sample_rate, "sample_rate", INT32_MIN, INT32_MAX, nonzero=True, types=(int,))
        check_number(frame_time, "frame_time", 0, FLOAT32_BOUND, low_open=True)
        check_number(win_length, "win_length", 0, INT32_MAX, low_open=True, types=(int,))
        check_number(freq_low, "freq_low", 0, FLOAT32_BOUND, low_open=True)
        check_number(freq_high, "freq_high", 0, FLOAT32_BOUND, low_open=True)
        self.sample_rate, self.frame_time, self.win_length = sample_rate, frame_time, win_length
        self.freq_low, self.freq_high = freq_low, freq_high

    def __call__(self, waveform):
        array = np.asarray(waveform)
        if array.ndim < 1:
            raise RuntimeError("DetectPitchFrequency: the input must have rank >= 1 (<..., time>)")
        if array.dtype.kind != "f":
            raise RuntimeError(
                f"DetectPitchFrequency: the input must be float16, float32 or float64, "
                f"got {array.dtype}"
            )
        # MindSpore validates float bounds but its kernel takes whole Hz only: a float fails
        # when the transform runs.
        for name in ("freq_low", "freq_high"):
            if not isinstance(getattr(self, name), int):
                raise TypeError(f"DetectPitchFrequency: `{name}` must be an int when applied")
        rows = array.reshape(-1, array.shape[-1])
        nccf = _nccf(rows, self.sample_rate, self.frame_time, self.freq_low)
        lags = _best_lags(nccf, self.sample_rate, self.freq_high)
        smooth = _median_smooth(lags, self.win_length)
        pitch = (self.sample_rate / (1e-9 + smooth)).astype(np.float32)
        return pitch.reshape(array.shape[:-1] + (smooth.shape[-1],))
