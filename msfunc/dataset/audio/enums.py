"""The option enums of `mindspore.dataset.audio` (string-valued, as MindSpore's)."""

from __future__ import annotations

from enum import Enum

__all__ = [
    "BorderType",
    "DensityFunction",
    "FadeShape",
    "GainType",
    "Interpolation",
    "MelType",
    "Modulation",
    "NormMode",
    "NormType",
    "ResampleMethod",
    "ScaleType",
    "WindowType",
]


class BorderType(str, Enum):
    """How a transform pads beyond the signal's edge.

    Example:
        >>> BorderType.EDGE.value
        'edge'
    """

    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(str, Enum):
    """Dither noise distributions (triangular, rectangular, Gaussian)."""

    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(str, Enum):
    """Fade curves."""

    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(str, Enum):
    """How `Vol` reads its gain: an amplitude ratio, a power ratio or decibels."""

    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(str, Enum):
    """Interpolation orders."""

    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(str, Enum):
    """Mel scale formulas."""

    HTK = "htk"
    SLANEY = "slaney"


class Modulation(str, Enum):
    """Modulation waveforms."""

    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(str, Enum):
    """DCT normalisation."""

    ORTHO = "ortho"
    NONE = "none"


class NormType(str, Enum):
    """Filter bank normalisation."""

    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(str, Enum):
    """Resampling kernels."""

    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(str, Enum):
    """Whether a spectrogram holds power or magnitude."""

    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(str, Enum):
    """STFT windows."""

    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"
