"""Phase-vocoder transforms: TimeStretch and PhaseVocoder on (real, imag) spectrograms."""

from __future__ import annotations

import math

import numpy as np

from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type

__all__ = ["TimeStretch", "PhaseVocoder", "stretch_pairs", "linspace_phase_advance"]


def _round_half_away(x):
    """C's round(): halves go away from zero (numpy rounds them to even)."""
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


def linspace_phase_advance(hop_length, n_freq, dtype):
    """``linspace(0, pi * hop_length, n_freq)`` in `dtype`, stepped as MindSpore steps it."""
    end = dtype(math.pi * float(np.float32(hop_length)))
    step = dtype(0) if n_freq == 1 else end / dtype(n_freq - 1)
    return np.arange(n_freq).astype(dtype) * step


def stretch_pairs(array, rate, phase_advance):
    """Phase-vocoder stretch of `array` <..., freq, time, 2> in its own float precision.

    `phase_advance` holds one value per row of the packed <batch * freq> spectrogram,
    taken cyclically (MindSpore walks it that way when its length differs from freq).
    """
    dtype = array.dtype.type
    freq, time = array.shape[-3], array.shape[-2]
    packed = array.reshape((-1, freq, time, 2))
    if abs(np.float32(rate) - 1.0) <= np.finfo(np.float32).eps:
        return packed  # MindSpore hands back the packed input unchanged
    steps = []
    index = 0
    while True:
        value = dtype(np.float32(index) * np.float32(rate))
        if value >= time:
            break
        steps.append(value)
        index += 1
    steps = np.array(steps, dtype)
    first = steps.astype(np.int64)
    alphas = np.fmod(steps, dtype(1))
    phase0 = np.arctan2(packed[:, :, 0, 1], packed[:, :, 0, 0])
    padded = np.concatenate([packed, np.zeros(packed.shape[:2] + (2, 2), dtype)], axis=2)
    spec0, spec1 = padded[:, :, first], padded[:, :, first + 1]
    angle0 = np.arctan2(spec0[..., 1], spec0[..., 0])
    angle1 = np.arctan2(spec1[..., 1], spec1[..., 0])
    norm0 = np.sqrt(spec0[..., 0].astype(np.float64) ** 2 + spec0[..., 1] ** 2).astype(dtype)
    norm1 = np.sqrt(spec1[..., 0].astype(np.float64) ** 2 + spec1[..., 1] ** 2).astype(dtype)
    rows = packed.shape[0] * freq
    advance = np.asarray(phase_advance, dtype).reshape(-1)
    advance = advance[np.arange(rows) % advance.size].reshape(packed.shape[0], freq, 1)
    delta = angle1 - angle0 - advance
    wrapped = delta.astype(np.float64)
    wrapped = wrapped - 2 * math.pi * _round_half_away(wrapped / (2 * math.pi)) + advance
    phase = np.concatenate([phase0[..., None], wrapped.astype(dtype)[..., :-1]], axis=-1)
    phase = np.cumsum(phase, axis=-1, dtype=dtype)
    mag = alphas * norm1 + (dtype(1) - alphas) * norm0
    out = np.stack([np.cos(phase) * mag, np.sin(phase) * mag], axis=-1).astype(dtype)
    return out.reshape(array.shape[:-2] + (len(steps), 2))


def _complex_spectrogram(spectrogram, op_name):
    array = np.asarray(spectrogram)
    if array.ndim < 3 or array.shape[-1] != 2:
        raise RuntimeError(
            f"{op_name}: the input must have shape <..., freq, time, 2>, got {array.shape}"
        )
    if array.dtype.kind not in "biuf":
        raise RuntimeError(f"{op_name}: the input must be numeric, got {array.dtype}")
    return array


class TimeStretch:
    """Stretch a complex spectrogram <..., freq, time, 2> in time without changing its pitch.

    Args:
        hop_length (int, optional): Hop between STFT frames; ``None`` means ``n_freq - 1``.
        n_freq (int): Number of frequency bins of the STFT. Default: ``201``.
        fixed_rate (float, optional): Speed-up factor; ``None`` means 1 (unchanged).

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.TimeStretch(n_freq=4, fixed_rate=2.0)(np.ones((4, 6, 2))).shape
        (4, 3, 2)
    """

    def __init__(self, hop_length=None, n_freq=201, fixed_rate=None):
        if hop_length is not None:
            check_number(hop_length, "hop_length", 0, INT32_MAX, low_open=True, types=(int,))
        check_number(n_freq, "n_freq", 0, INT32_MAX, low_open=True, types=(int,))
        if fixed_rate is not None:
            check_number(fixed_rate, "fixed_rate", 0, FLOAT32_BOUND, low_open=True)
        self.n_freq = n_freq
        self.hop_length = hop_length if hop_length is not None else n_freq - 1
        self.fixed_rate = fixed_rate if fixed_rate is not None else 1

    def __call__(self, spectrogram):
        array = _complex_spectrogram(spectrogram, "TimeStretch")
        array = array if array.dtype == np.float64 else array.astype(np.float32)
        advance = linspace_phase_advance(self.hop_length, self.n_freq, array.dtype.type)
        return stretch_pairs(array, self.fixed_rate, advance)


class PhaseVocoder:
    """Speed a complex spectrogram <..., freq, time, 2> up by `rate` keeping its pitch.

    Args:
        rate (float): Speed-up factor, positive.
        phase_advance (numpy.ndarray): Expected phase advance of each bin, shape (freq, 1), of
            the input's dtype.

    Raises:
        TypeError: `rate` is not a number or `phase_advance` not an ndarray.
        ValueError: `rate` is not positive.
        RuntimeError: The input or `phase_advance` has the wrong shape or dtype.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> advance = np.zeros((3, 1), np.float32)
        >>> audio.PhaseVocoder(2.0, advance)(np.ones((3, 5, 2), np.float32)).shape
        (3, 3, 2)
    """

    def __init__(self, rate, phase_advance):
        check_number(rate, "rate", 0, FLOAT32_BOUND, low_open=True)
        check_type(phase_advance, (np.ndarray,), "phase_advance")
        self.rate = rate
        self.phase_advance = np.array(phase_advance)

    def __call__(self, spectrogram):
        advance = self.phase_advance
        if advance.ndim != 2 or advance.shape[1] != 1:
            raise RuntimeError(
                f"PhaseVocoder: `phase_advance` must have shape <freq, 1>, got {advance.shape}"
            )
        array = _complex_spectrogram(spectrogram, "PhaseVocoder")
        if advance.shape[0] != array.shape[-3]:
            raise RuntimeError(
                f"PhaseVocoder: `phase_advance` has {advance.shape[0]} rows, the input "
                f"{array.shape[-3]} frequency bins"
            )
        if advance.dtype != array.dtype:
            raise RuntimeError(
                f"PhaseVocoder: `phase_advance` is {advance.dtype}, the input {array.dtype}: "
                "they must match"
            )
        array = array if array.dtype == np.float64 else array.astype(np.float32)
        return stretch_pairs(array, self.rate, advance.astype(array.dtype))
