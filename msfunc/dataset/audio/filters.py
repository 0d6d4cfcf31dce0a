"""The biquad filter family and LFilter: coefficients per filter, one shared IIR core."""

from __future__ import annotations

import math

import numpy as np

from ._checks import check_number, check_q, check_sample_rate, check_type, float_waveform
from .iir import difference_equation

__all__ = [
    "LFilter",
    "Biquad",
    "AllpassBiquad",
    "BandBiquad",
    "BandpassBiquad",
    "BandrejectBiquad",
    "BassBiquad",
    "TrebleBiquad",
    "EqualizerBiquad",
    "HighpassBiquad",
    "LowpassBiquad",
    "DeemphBiquad",
    "RiaaBiquad",
]


def apply_filter(waveform, b_coeffs, a_coeffs, *, clamp=True, op_name="LFilter"):
    """Filter the last axis of `waveform` by the difference equation with coefficients `b`, `a`.

    The output keeps the input's float dtype and, with `clamp`, is clipped to [-1, 1]
    (only the output: the recursion runs on unclipped values, as MindSpore's does).

    Example:
        >>> import numpy as np
        >>> apply_filter(np.array([0.5, 0.5, 0.5]), [1.0, 0.0], [1.0, -0.5]).tolist()
        [0.5, 0.75, 0.875]
    """
    array = float_waveform(waveform, op_name)
    if a_coeffs[0] == 0:
        raise RuntimeError(f"{op_name}: the first denominator coefficient must not be 0")
    # MindSpore's float16 path is emulated in float32.
    work = np.float32 if array.dtype == np.float16 else array.dtype
    rows = array.astype(work, copy=False).reshape(-1, array.shape[-1])
    out = difference_equation(rows, b_coeffs, a_coeffs, work).reshape(array.shape)
    if clamp:
        out = np.clip(out, -1, 1)
    return out.astype(array.dtype, copy=False)


class _BiquadFilter:
    """A second-order filter; `_coefficients()` gives (b0, b1, b2, a0, a1, a2)."""

    # MindSpore derives a few filters' coefficients in float32 rather than float64.
    _float32_design = False
    # ... and divides a few by a0 in float64 before its kernel sees them (in the input's
    # precision, the kernel's own division by a0 = 1 changes nothing).
    _prenormalized = False

    def _coefficients(self):
        raise NotImplementedError

    def __call__(self, waveform):
        coeffs = self._coefficients()
        if self._float32_design:
            coeffs = [_as_float32(c) for c in coeffs]
        if self._prenormalized:
            a0 = coeffs[3]
            coeffs = [c / a0 for c in coeffs[:3]] + [1.0] + [c / a0 for c in coeffs[4:]]
        b0, b1, b2, a0, a1, a2 = coeffs
        return apply_filter(waveform, [b0, b1, b2], [a0, a1, a2], op_name=type(self).__name__)


def _as_float32(value):
    """MindSpore hands a transform's float arguments to its kernel as float32."""
    return float(np.float32(value))


def _freq(value, name):
    check_number(value, name)
    return _as_float32(value)


class LFilter:
    """IIR filter by its difference-equation coefficients, along the last axis.

    Args:
        a_coeffs (Sequence[float]): Denominator coefficients, ``a_coeffs[0]`` nonzero.
        b_coeffs (Sequence[float]): Numerator coefficients, as many as `a_coeffs`.
        clamp (bool): Clip the output to [-1, 1]. Default: ``True``.

    Raises:
        TypeError: A coefficient is not a number, or `clamp` is not a bool.
        ValueError: The lists differ in length or hold values beyond float32's exact range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.LFilter([1.0, -0.5], [1.0, 0.0])(np.array([0.5, 0.5, 0.5])).tolist()
        [0.5, 0.75, 0.875]
    """

    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        check_type(a_coeffs, (list, tuple), "a_coeffs")
        check_type(b_coeffs, (list, tuple), "b_coeffs")
        for name, coeffs in (("a_coeffs", a_coeffs), ("b_coeffs", b_coeffs)):
            for i, value in enumerate(coeffs):
                check_number(value, f"{name}[{i}]")
        if len(a_coeffs) != len(b_coeffs):
            raise ValueError(
                f"`a_coeffs` and `b_coeffs` must have the same length, got {len(a_coeffs)} "
                f"and {len(b_coeffs)}"
            )
        check_type(clamp, (bool,), "clamp")
        self.a_coeffs = [_as_float32(v) for v in a_coeffs]
        self.b_coeffs = [_as_float32(v) for v in b_coeffs]
        self.clamp = clamp

    def __call__(self, waveform):
        return apply_filter(waveform, self.b_coeffs, self.a_coeffs, clamp=self.clamp)


class Biquad(_BiquadFilter):
    """Second-order IIR filter from its six coefficients (output clipped to [-1, 1]).

    Args:
        b0, b1, b2 (float): Numerator coefficients.
        a0, a1, a2 (float): Denominator coefficients, `a0` nonzero.

    Raises:
        TypeError: A coefficient is not a number.
        ValueError: A coefficient lies beyond float32's exact range, or `a0` is 0.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Biquad(0.5, 0.0, 0.0, 1.0, 0.0, 0.0)(np.array([0.2, 0.4])).tolist()
        [0.1, 0.2]
    """

    def __init__(self, b0, b1, b2, a0, a1, a2):
        for name, value in (("b0", b0), ("b1", b1), ("b2", b2), ("a1", a1), ("a2", a2)):
            check_number(value, name)
        check_number(a0, "a0", nonzero=True)
        self.coeffs = tuple(_as_float32(v) for v in (b0, b1, b2, a0, a1, a2))

    def _coefficients(self):
        return self.coeffs


class _CentralBiquad(_BiquadFilter):
    """Common arguments of the filters tuned by (sample_rate, central_freq, Q)."""

    def __init__(self, sample_rate, central_freq, Q=0.707):  # noqa: N803 (MindSpore's argument name)
        check_sample_rate(sample_rate)
        self.sample_rate = sample_rate
        self.central_freq = _freq(central_freq, "central_freq")
        check_q(Q)
        self.Q = _as_float32(Q)

    def _w0_alpha(self, freq=None):
        w0 = 2 * math.pi * (self.central_freq if freq is None else freq) / self.sample_rate
        return w0, math.sin(w0) / 2 / self.Q


class AllpassBiquad(_CentralBiquad):
    """Two-pole all-pass filter (the Audio EQ Cookbook's), centred on `central_freq`.

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        central_freq (float): Central frequency in Hz.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> out = audio.AllpassBiquad(44100, 200.0)(np.array([[0.1, 0.2, 0.3]]))
        >>> out.shape, out.dtype
        ((1, 3), dtype('float64'))
    """

    def _coefficients(self):
        w0, alpha = self._w0_alpha()
        return 1 - alpha, -2 * math.cos(w0), 1 + alpha, 1 + alpha, -2 * math.cos(w0), 1 - alpha


class BandBiquad(_CentralBiquad):
    """Two-pole band filter centred on `central_freq` (SoX's ``band``; `noise` for unpitched audio).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        central_freq (float): Central frequency in Hz.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.
        noise (bool): Tune for noise-like audio rather than tones. Default: ``False``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.BandBiquad(44100, 200.0)(np.zeros((2, 4), np.float32)).tolist()[0]
        [0.0, 0.0, 0.0, 0.0]
    """

    def __init__(self, sample_rate, central_freq, Q=0.707, noise=False):  # noqa: N803
        super().__init__(sample_rate, central_freq, Q)
        check_type(noise, (bool,), "noise")
        self.noise = noise

    def _coefficients(self):
        w0 = 2 * math.pi * self.central_freq / self.sample_rate
        bandwidth = _as_float32(self.central_freq / self.Q)  # a float32 division in MindSpore
        a2 = math.exp(-2 * math.pi * bandwidth / self.sample_rate)
        a1 = -4 * a2 / (1 + a2) * math.cos(w0)
        b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
        if self.noise:
            b0 *= math.sqrt(((1 + a2) ** 2 - a1 * a1) * (1 - a2) / (1 + a2)) / b0
        return b0, 0.0, 0.0, 1.0, a1, a2


class BandpassBiquad(_CentralBiquad):
    """Two-pole band-pass filter (the Audio EQ Cookbook's).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        central_freq (float): Central frequency in Hz.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.
        const_skirt_gain (bool): Constant skirt gain (peak gain Q) instead of 0 dB peak gain.
            Default: ``False``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.BandpassBiquad(44100, 200.0)(np.zeros(3)).tolist()
        [0.0, 0.0, 0.0]
    """

    _float32_design = True

    def __init__(self, sample_rate, central_freq, Q=0.707, const_skirt_gain=False):  # noqa: N803
        super().__init__(sample_rate, central_freq, Q)
        check_type(const_skirt_gain, (bool,), "const_skirt_gain")
        self.const_skirt_gain = const_skirt_gain

    def _coefficients(self):
        f32 = np.float32
        w0 = f32(2 * math.pi * self.central_freq / self.sample_rate)
        alpha = np.sin(w0) / f32(2) / f32(self.Q)
        gain = np.sin(w0) / f32(2) if self.const_skirt_gain else alpha
        return gain, f32(0), -gain, 1 + alpha, f32(-2) * np.cos(w0), 1 - alpha


class BandrejectBiquad(_CentralBiquad):
    """Two-pole band-reject (notch) filter (the Audio EQ Cookbook's).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        central_freq (float): Central frequency in Hz.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.BandrejectBiquad(44100, 200.0)(np.zeros(2)).tolist()
        [0.0, 0.0]
    """

    def _coefficients(self):
        w0, alpha = self._w0_alpha()
        return 1.0, -2 * math.cos(w0), 1.0, 1 + alpha, -2 * math.cos(w0), 1 - alpha


def _shelf(w0, alpha, amp, *, low):
    """Cookbook shelving-filter coefficients: a low shelf (bass) or a high shelf (treble).

    The arithmetic runs in the precision of `w0`, `alpha` and `amp` (float or np.float32).
    """
    root = 2 * np.sqrt(amp) * alpha
    sign = -1 if low else 1
    minus_cos = (amp - 1) * np.cos(w0) * sign
    plus_cos = (amp + 1) * np.cos(w0)
    b0 = amp * ((amp + 1) + minus_cos + root)
    b1 = -2 * sign * amp * ((amp - 1) + sign * plus_cos)
    b2 = amp * ((amp + 1) + minus_cos - root)
    a0 = (amp + 1) - minus_cos + root
    a1 = 2 * sign * ((amp - 1) - sign * plus_cos)
    a2 = (amp + 1) - minus_cos - root
    return b0, b1, b2, a0, a1, a2


class _ShelfBiquad(_CentralBiquad):
    """Common arguments of the shelving filters: (sample_rate, gain, central_freq, Q)."""

    def __init__(self, sample_rate, gain, central_freq, Q):  # noqa: N803
        check_sample_rate(sample_rate)
        check_number(gain, "gain")
        self.gain = _as_float32(gain)
        super().__init__(sample_rate, central_freq, Q)


class BassBiquad(_ShelfBiquad):
    """Low-shelf filter boosting or cutting the bass by `gain` dB (SoX's ``bass``).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        gain (float): Gain at 0 Hz, in dB.
        central_freq (float): Shelf midpoint in Hz. Default: ``100.0``.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.BassBiquad(44100, 0.0)(np.array([0.25, 0.5])).round(6).tolist()
        [0.25, 0.5]
    """

    _prenormalized = True

    def __init__(self, sample_rate, gain, central_freq=100.0, Q=0.707):  # noqa: N803
        super().__init__(sample_rate, gain, central_freq, Q)

    def _coefficients(self):
        w0, alpha = self._w0_alpha()
        # MindSpore divides the float32 gain by 40 in float32, the rest in float64.
        amp = math.exp(_as_float32(self.gain / 40) * math.log(10))
        return _shelf(w0, alpha, amp, low=True)


class TrebleBiquad(_ShelfBiquad):
    """High-shelf filter boosting or cutting the treble by `gain` dB (SoX's ``treble``).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        gain (float): Gain at the Nyquist frequency, in dB.
        central_freq (float): Shelf midpoint in Hz. Default: ``3000``.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.TrebleBiquad(44100, 0.0)(np.array([0.25, 0.5])).round(6).tolist()
        [0.25, 0.5]
    """

    _float32_design = True

    def __init__(self, sample_rate, gain, central_freq=3000, Q=0.707):  # noqa: N803
        super().__init__(sample_rate, gain, central_freq, Q)

    def _coefficients(self):
        f32 = np.float32
        w0 = f32(2 * math.pi * self.central_freq / self.sample_rate)
        alpha = np.sin(w0) / f32(2) / f32(self.Q)
        amp = f32(math.exp(_as_float32(self.gain / 40) * math.log(10)))
        return _shelf(w0, alpha, amp, low=False)


class EqualizerBiquad(_CentralBiquad):
    """Peaking equalizer: `gain` dB around `center_freq` (the Audio EQ Cookbook's peakingEQ).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        center_freq (float): Central frequency in Hz.
        gain (float): Gain at the centre, in dB.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.EqualizerBiquad(44100, 1500, 0.0)(np.array([0.25, 0.5])).round(6).tolist()
        [0.25, 0.5]
    """

    def __init__(self, sample_rate, center_freq, gain, Q=0.707):  # noqa: N803
        check_sample_rate(sample_rate)
        _freq(center_freq, "center_freq")
        check_number(gain, "gain")
        super().__init__(sample_rate, center_freq, Q)
        self.gain = _as_float32(gain)

    def _coefficients(self):
        w0, alpha = self._w0_alpha()
        amp = 10 ** (self.gain / 40)
        cos2 = -2 * math.cos(w0)
        return 1 + alpha * amp, cos2, 1 - alpha * amp, 1 + alpha / amp, cos2, 1 - alpha / amp


class _CutoffBiquad(_BiquadFilter):
    def __init__(self, sample_rate, cutoff_freq, Q=0.707):  # noqa: N803
        check_sample_rate(sample_rate)
        self.sample_rate = sample_rate
        self.cutoff_freq = _freq(cutoff_freq, "cutoff_freq")
        check_q(Q)
        self.Q = _as_float32(Q)

    def _terms(self):
        w0 = 2 * math.pi * self.cutoff_freq / self.sample_rate
        return math.cos(w0), math.sin(w0) / 2 / self.Q


class HighpassBiquad(_CutoffBiquad):
    """Two-pole high-pass filter (the Audio EQ Cookbook's).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        cutoff_freq (float): Cutoff frequency in Hz.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.HighpassBiquad(44100, 3000.0)(np.zeros(2)).tolist()
        [0.0, 0.0]
    """

    def _coefficients(self):
        cos_w0, alpha = self._terms()
        return (1 + cos_w0) / 2, -1 - cos_w0, (1 + cos_w0) / 2, 1 + alpha, -2 * cos_w0, 1 - alpha


class LowpassBiquad(_CutoffBiquad):
    """Two-pole low-pass filter (the Audio EQ Cookbook's).

    Args:
        sample_rate (int): Sampling rate in Hz, nonzero.
        cutoff_freq (float): Cutoff frequency in Hz.
        Q (float): Quality factor in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.LowpassBiquad(44100, 3000.0)(np.zeros(2)).tolist()
        [0.0, 0.0]
    """

    def _coefficients(self):
        cos_w0, alpha = self._terms()
        return (1 - cos_w0) / 2, 1 - cos_w0, (1 - cos_w0) / 2, 1 + alpha, -2 * cos_w0, 1 - alpha


# SoX's CD de-emphasis: a high shelf (central frequency Hz, slope, gain dB) per supported rate.
_DEEMPH_SHELF = {44100: (5283, 0.4845, -9.477), 48000: (5356, 0.479, -9.62)}


class DeemphBiquad(_BiquadFilter):
    """ISO 908 CD de-emphasis (SoX's ``deemph``), a treble shelf for 44.1 or 48 kHz audio.

    Args:
        sample_rate (int): Sampling rate in Hz: 44100 or 48000.

    Raises:
        TypeError: `sample_rate` is not an int.
        ValueError: `sample_rate` is neither 44100 nor 48000.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.DeemphBiquad(44100)(np.zeros(2)).tolist()
        [0.0, 0.0]
    """

    def __init__(self, sample_rate):
        check_type(sample_rate, (int,), "sample_rate")
        if sample_rate not in _DEEMPH_SHELF:
            raise ValueError(f"`sample_rate` must be 44100 or 48000, got {sample_rate}")
        self.sample_rate = sample_rate

    def _coefficients(self):
        freq, slope, gain_db = _DEEMPH_SHELF[self.sample_rate]
        w0 = 2 * math.pi * freq / self.sample_rate
        amp = 10 ** (gain_db / 40)
        # The cookbook's shelf slope S gives alpha = sin(w0)/2 * sqrt((A + 1/A)(1/S - 1) + 2).
        alpha = math.sin(w0) / 2 * math.sqrt((amp + 1 / amp) * (1 / slope - 1) + 2)
        return _shelf(w0, alpha, amp, low=False)


# RIAA playback equalisation: (zeros, poles) of the analogue curve mapped to each supported rate.
_RIAA_ROOTS = {
    44100: ((-0.2014898, 0.9233820), (0.7083149, 0.9924091)),
    48000: ((-0.1766069, 0.9321590), (0.7396325, 0.9931330)),
    88200: ((-0.1168735, 0.9648312), (0.8590646, 0.9964002)),
    96000: ((-0.1141486, 0.9676817), (0.8699137, 0.9966946)),
}


class RiaaBiquad(_BiquadFilter):
    """RIAA vinyl playback equalisation (SoX's ``riaa``), normalised to 0 dB at 1 kHz.

    Args:
        sample_rate (int): Sampling rate in Hz: 44100, 48000, 88200 or 96000.

    Raises:
        TypeError: `sample_rate` is not an int.
        ValueError: `sample_rate` is not a supported rate.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.RiaaBiquad(44100)(np.zeros(2)).tolist()
        [0.0, 0.0]
    """

    _float32_design = True

    def __init__(self, sample_rate):
        check_type(sample_rate, (int,), "sample_rate")
        if sample_rate not in _RIAA_ROOTS:
            raise ValueError(
                f"`sample_rate` must be one of {sorted(_RIAA_ROOTS)}, got {sample_rate}"
            )
        self.sample_rate = sample_rate

    def _coefficients(self):
        f32 = np.float32
        zeros, poles = (np.asarray(r, dtype=f32) for r in _RIAA_ROOTS[self.sample_rate])
        b = np.array([1, -(zeros[0] + zeros[1]), zeros[0] * zeros[1]], dtype=f32)
        a = np.array([1, -(poles[0] + poles[1]), poles[0] * poles[1]], dtype=f32)
        # Scale the numerator so that the response magnitude at 1 kHz is 1 (float32, as MindSpore).
        w0 = f32(2 * math.pi * 1000 / self.sample_rate)
        phase = np.array([0, -w0, f32(-2) * w0], dtype=f32)

        def power(c):
            return (c @ np.cos(phase)) ** 2 + (c @ np.sin(phase)) ** 2

        b = b * (f32(1) / np.sqrt(power(b) / power(a)))
        return b[0], b[1], b[2], a[0], a[1], a[2]
