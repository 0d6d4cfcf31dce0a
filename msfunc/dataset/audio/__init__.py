"""`msfunc.dataset.audio`: MindSpore's audio transforms in numpy, eager or in `Dataset.map`."""

from __future__ import annotations

from ...errors import UnsupportedError
from . import utils
from .amplitude import (
    AmplitudeToDB,
    Contrast,
    DBToAmplitude,
    DCShift,
    Gain,
    MuLawDecoding,
    MuLawEncoding,
    Vol,
)
from .complex_parts import Angle, ComplexNorm, Magphase
from .deltas import ComputeDeltas
from .enums import (
    BorderType,
    DensityFunction,
    FadeShape,
    GainType,
    Interpolation,
    MelType,
    Modulation,
    NormMode,
    NormType,
    ResampleMethod,
    ScaleType,
    WindowType,
)
from .fade import Fade
from .filter_banks import create_dct, linear_fbanks, melscale_fbanks
from .filters import (
    AllpassBiquad,
    BandBiquad,
    BandpassBiquad,
    BandrejectBiquad,
    BassBiquad,
    Biquad,
    DeemphBiquad,
    EqualizerBiquad,
    HighpassBiquad,
    LFilter,
    LowpassBiquad,
    RiaaBiquad,
    TrebleBiquad,
)
from .filtfilt import Filtfilt
from .flanger import Flanger
from .linear_spectral import LFCC, SpectralCentroid
from .masking import FrequencyMasking, MaskAlongAxis, MaskAlongAxisIID, TimeMasking
from .mel import MFCC, MelScale, MelSpectrogram
from .overdrive import Overdrive
from .phaser import Phaser
from .resample import Resample
from .sliding_cmn import SlidingWindowCmn
from .spectral import Spectrogram

__all__ = [
    "Resample",
    "Filtfilt",
    "SlidingWindowCmn",
    "Phaser",
    "Flanger",
    "Overdrive",
    "LFCC",
    "SpectralCentroid",
    "MaskAlongAxisIID",
    "TimeMasking",
    "FrequencyMasking",
    "MaskAlongAxis",
    "MelScale",
    "MelSpectrogram",
    "MFCC",
    "Spectrogram",
    "ComputeDeltas",
    "Fade",
    "utils",
    "AmplitudeToDB",
    "Contrast",
    "DBToAmplitude",
    "DCShift",
    "Gain",
    "MuLawDecoding",
    "MuLawEncoding",
    "Vol",
    "Angle",
    "ComplexNorm",
    "Magphase",
    "AllpassBiquad",
    "BandBiquad",
    "BandpassBiquad",
    "BandrejectBiquad",
    "BassBiquad",
    "Biquad",
    "DeemphBiquad",
    "EqualizerBiquad",
    "HighpassBiquad",
    "LFilter",
    "LowpassBiquad",
    "RiaaBiquad",
    "TrebleBiquad",
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
    "create_dct",
    "linear_fbanks",
    "melscale_fbanks",
]

# MindSpore 2.10 audio names msfunc does not compute yet: asking for one says so plainly.
_NOT_PROVIDED = frozenset(
    {
        "DetectPitchFrequency",
        "Dither",
        "GriffinLim",
        "InverseMelScale",
        "InverseSpectrogram",
        "PhaseVocoder",
        "PitchShift",
        "TimeStretch",
        "Vad",
    }
)


def __getattr__(name):
    if name in _NOT_PROVIDED:
        raise UnsupportedError(
            f"msfunc.dataset.audio.{name} is not supported yet: compute it with numpy "
            "(or scipy.signal) inside a Python function passed to Dataset.map"
        )
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
