"""`msfunc.dataset.audio`: MindSpore's audio transforms in numpy, eager or in `Dataset.map`."""

from __future__ import annotations

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
from .dither import Dither
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
from .inverse_mel import InverseMelScale
from .inverse_spectral import GriffinLim, InverseSpectrogram
from .linear_spectral import LFCC, SpectralCentroid
from .masking import FrequencyMasking, MaskAlongAxis, MaskAlongAxisIID, TimeMasking
from .mel import MFCC, MelScale, MelSpectrogram
from .overdrive import Overdrive
from .phase_vocoder import PhaseVocoder, TimeStretch
from .phaser import Phaser
from .pitch_detection import DetectPitchFrequency
from .pitch_shift import PitchShift
from .resample import Resample
from .sliding_cmn import SlidingWindowCmn
from .spectral import Spectrogram
from .vad import Vad

__all__ = [
    "DetectPitchFrequency",
    "Dither",
    "GriffinLim",
    "InverseMelScale",
    "InverseSpectrogram",
    "PhaseVocoder",
    "PitchShift",
    "TimeStretch",
    "Vad",
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
