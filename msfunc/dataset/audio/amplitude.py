"""Loudness transforms: decibel conversions, gains, DC shift, contrast and mu-law companding."""

from __future__ import annotations

import numpy as np

from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .enums import GainType, ScaleType

__all__ = [
    "AmplitudeToDB",
    "DBToAmplitude",
    "Gain",
    "Vol",
    "DCShift",
    "Contrast",
    "MuLawEncoding",
    "MuLawDecoding",
]


def numeric_input(waveform, op_name, min_rank=1):
    """`waveform` as float64 if it is float64, else float32 (MindSpore's working precision)."""
    array = np.asarray(waveform)
    if array.dtype.kind not in "biuf":
        raise RuntimeError(f"{op_name}: the input must be numeric, got {array.dtype}")
    if array.ndim < min_rank:
        raise RuntimeError(
            f"{op_name}: the input must have rank >= {min_rank}, got shape {array.shape}"
        )
    return array if array.dtype == np.float64 else array.astype(np.float32)


class AmplitudeToDB:
    """Turn a power or magnitude spectrogram into decibels, floored `top_db` below its peak.

    Args:
        stype (ScaleType): Whether the input holds power (10·log10) or magnitude (20·log10).
            Default: ``ScaleType.POWER``.
        ref_value (float): Reference that maps to 0 dB, positive. Default: ``1.0``.
        amin (float): Floor of the reference, positive. Default: ``1e-10``.
        top_db (float): Dynamic range kept below the peak of each <channel, freq, time> block,
            positive. Default: ``80.0``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.AmplitudeToDB()(np.array([[1.0, 10.0], [100.0, 0.0]])).tolist()
        [[0.0, 10.0], [20.0, -60.0]]
    """

    def __init__(self, stype=ScaleType.POWER, ref_value=1.0, amin=1e-10, top_db=80.0):
        check_type(stype, (ScaleType,), "stype")
        for name, value in (("ref_value", ref_value), ("amin", amin), ("top_db", top_db)):
            check_number(value, name, 0, FLOAT32_BOUND, low_open=True)
        self.stype, self.ref_value, self.amin, self.top_db = stype, ref_value, amin, top_db

    def __call__(self, spectrogram):
        array = numeric_input(spectrogram, "AmplitudeToDB", min_rank=2)
        dtype = array.dtype.type
        multiplier = dtype(10.0 if self.stype == ScaleType.POWER else 20.0)
        offset = dtype(np.log10(np.float32(max(self.amin, self.ref_value))))
        # MindSpore floors the input at a fixed 1e-10 (its `amin` only bounds the reference).
        floor = dtype(1e-10)
        db = np.log10(np.maximum(array, floor)) * multiplier - multiplier * offset
        # The peak is taken over each trailing <channel, freq, time> block (all of a 2-D input).
        blocks = db.reshape((-1,) + db.shape[-3:]) if db.ndim > 2 else db.reshape((1,) + db.shape)
        peaks = blocks.max(axis=tuple(range(1, blocks.ndim)), keepdims=True)
        blocks = np.maximum(blocks, peaks - dtype(self.top_db))
        return blocks.reshape(array.shape).astype(array.dtype, copy=False)


class DBToAmplitude:
    """Turn decibels back into amplitude or power: ``ref * (10 ** (x / 10)) ** power``.

    Args:
        ref (float): Output scale.
        power (float): Exponent: 1 gives power, 0.5 amplitude.

    Raises:
        TypeError: `ref` or `power` is not a number.
        ValueError: `ref` or `power` lies beyond float32's exact range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.DBToAmplitude(1.0, 1.0)(np.array([0.0, 10.0, 20.0])).tolist()
        [1.0, 10.0, 100.0]
    """

    def __init__(self, ref, power):
        check_number(ref, "ref")
        check_number(power, "power")
        self.ref, self.power = ref, power

    def __call__(self, waveform):
        array = numeric_input(waveform, "DBToAmplitude")
        dtype = array.dtype.type
        # The arguments reach MindSpore's kernel as float32.
        ref, power = dtype(np.float32(self.ref)), dtype(np.float32(self.power))
        return ref * np.power(np.power(dtype(10), array * dtype(0.1)), power)


class Gain:
    """Amplify (or attenuate) the waveform by `gain_db` decibels.

    Args:
        gain_db (float): Gain in dB. Default: ``1.0``.

    Raises:
        TypeError: `gain_db` is not a number.
        ValueError: `gain_db` lies beyond float32's exact range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Gain(20.0)(np.array([0.25, 0.5])).tolist()
        [2.5, 5.0]
    """

    def __init__(self, gain_db=1.0):
        check_number(gain_db, "gain_db")
        self.gain_db = gain_db

    def __call__(self, waveform):
        array = numeric_input(waveform, "Gain")
        dtype = array.dtype.type
        if self.gain_db == 0:
            return array
        return array * np.power(dtype(10), dtype(np.float32(self.gain_db)) / dtype(20))


class Vol:
    """Scale the waveform's volume and clip it to [-1, 1].

    Args:
        gain (float): The gain, read by `gain_type`: an amplitude ratio (>= 0), a power ratio (> 0)
            or decibels.
        gain_type (GainType): How `gain` is read. Default: ``GainType.AMPLITUDE``.

    Raises:
        TypeError: `gain` is not a number or `gain_type` not a GainType.
        ValueError: `gain` is out of range for `gain_type`.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Vol(2.0)(np.array([0.25, 0.75])).tolist()
        [0.5, 1.0]
    """

    def __init__(self, gain, gain_type=GainType.AMPLITUDE):
        check_type(gain, (int, float), "gain")
        check_type(gain_type, (GainType,), "gain_type")
        if gain_type == GainType.AMPLITUDE:
            check_number(gain, "gain", 0, FLOAT32_BOUND)
        elif gain_type == GainType.POWER:
            check_number(gain, "gain", 0, FLOAT32_BOUND, low_open=True)
        else:
            check_number(gain, "gain")
        self.gain, self.gain_type = gain, gain_type

    def __call__(self, waveform):
        array = numeric_input(waveform, "Vol")
        dtype = array.dtype.type
        gain = dtype(np.float32(self.gain))
        if self.gain_type == GainType.DB:
            gain = np.power(dtype(10), gain / dtype(20)) if gain != 0 else gain
        elif self.gain_type == GainType.POWER:
            gain = np.power(dtype(10), dtype(10) * np.log10(gain) / dtype(20))
        # A 0 dB gain leaves the samples alone; an amplitude gain of 0 silences them.
        if gain != 0 or self.gain_type == GainType.AMPLITUDE:
            array = array * gain
        return np.clip(array, dtype(-1), dtype(1))


class DCShift:
    """Shift the waveform by a DC offset, limiting the peaks that would clip.

    Args:
        shift (float): Offset in [-2, 2].
        limiter_gain (float, optional): Gain applied to the peaks beyond the limiter threshold;
            ``None`` (or 0) means `shift`. Default: ``None``.

    Raises:
        TypeError: An argument is not a number.
        ValueError: `shift` lies outside [-2, 2].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.DCShift(0.5)(np.array([0.0, 0.25, 0.75])).tolist()
        [0.5, 0.75, 1.0]
    """

    def __init__(self, shift, limiter_gain=None):
        check_number(shift, "shift", -2.0, 2.0)
        if limiter_gain is not None:
            check_type(limiter_gain, (int, float), "limiter_gain")
        self.shift = shift
        self.limiter_gain = limiter_gain if limiter_gain else shift

    def __call__(self, waveform):
        array = numeric_input(waveform, "DCShift")
        dtype = array.dtype.type
        shift, gain = np.float32(self.shift), np.float32(self.limiter_gain)
        eps = np.finfo(np.float32).eps
        plain = np.clip(array + dtype(shift), dtype(-1), dtype(1))
        if abs(shift - gain) <= eps or abs(shift) <= eps:
            return plain
        threshold = np.float32(1.0) - (abs(shift) - gain)
        limit, t_cast = dtype(threshold), dtype(threshold)
        if shift > 0:
            peaks = array > limit
            limited = (array - t_cast) * dtype(gain) / dtype(1 - threshold) + t_cast + dtype(shift)
            limited = np.minimum(limited, t_cast)
        else:
            peaks = array < -limit
            limited = (array + t_cast) * dtype(gain) / dtype(1 - threshold) + t_cast + dtype(shift)
            limited = np.maximum(limited, -t_cast)
        return np.where(peaks, limited, plain).astype(array.dtype, copy=False)


class Contrast:
    """SoX's ``contrast`` effect: a sine-shaped compression that makes audio sound louder.

    Args:
        enhancement_amount (float): Amount in [0, 100] (0 still shapes). Default: ``75.0``.

    Raises:
        TypeError: `enhancement_amount` is not a number.
        ValueError: `enhancement_amount` lies outside [0, 100].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Contrast(0.0)(np.array([0.0, 1.0])).tolist()
        [0.0, 1.0]
    """

    def __init__(self, enhancement_amount=75.0):
        check_number(enhancement_amount, "enhancement_amount", 0, 100)
        self.enhancement_amount = enhancement_amount

    def __call__(self, waveform):
        array = numeric_input(waveform, "Contrast")
        dtype = array.dtype.type
        amount = dtype(self.enhancement_amount) / dtype(750.0)
        quarter = array * dtype(np.pi / 2)
        return np.sin(quarter + amount * np.sin(quarter * dtype(4)))


def _mu(quantization_channels, dtype):
    return dtype(quantization_channels) - dtype(1)


def _check_channels(quantization_channels):
    check_number(quantization_channels, "quantization_channels", 1, INT32_MAX, types=(int,))


class MuLawEncoding:
    """Mu-law compand a waveform in [-1, 1] into integer codes in [0, quantization_channels).

    Args:
        quantization_channels (int): Number of codes, positive. Default: ``256``.

    Raises:
        TypeError: `quantization_channels` is not an int.
        ValueError: `quantization_channels` is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.MuLawEncoding(256)(np.array([-1.0, 0.0, 1.0])).tolist()
        [0, 128, 255]
    """

    def __init__(self, quantization_channels=256):
        _check_channels(quantization_channels)
        self.quantization_channels = quantization_channels

    def __call__(self, waveform):
        array = numeric_input(waveform, "MuLawEncoding")
        dtype = array.dtype.type
        mu = _mu(self.quantization_channels, dtype)
        companded = np.sign(array) * np.log1p(mu * np.abs(array)) / np.log1p(mu)
        # The final +0.5 is done in double before truncation, as MindSpore's kernel does.
        codes = ((companded + dtype(1)) / dtype(2) * mu).astype(np.float64) + 0.5
        return np.trunc(codes).astype(np.int32)


class MuLawDecoding:
    """Expand mu-law codes in [0, quantization_channels) back to a waveform in [-1, 1].

    Args:
        quantization_channels (int): Number of codes, positive. Default: ``256``.

    Raises:
        TypeError: `quantization_channels` is not an int.
        ValueError: `quantization_channels` is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.MuLawDecoding(256)(np.array([0.0, 255.0])).round(6).tolist()
        [-1.0, 1.0]
    """

    def __init__(self, quantization_channels=256):
        _check_channels(quantization_channels)
        self.quantization_channels = quantization_channels

    def __call__(self, codes):
        array = numeric_input(codes, "MuLawDecoding")
        dtype = array.dtype.type
        mu = _mu(self.quantization_channels, dtype)
        # (x / mu) * 2 is float arithmetic; the "- 1.0" is done in double, then stored back.
        scaled = ((array / mu) * dtype(2)).astype(np.float64) - 1.0
        scaled = scaled.astype(array.dtype)
        return np.sign(scaled) * np.expm1(np.abs(scaled) * np.log1p(mu)) / mu
