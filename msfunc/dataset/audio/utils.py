"""`mindspore.dataset.audio.utils`: the option enums and the filter-bank/DCT matrix builders."""

from __future__ import annotations

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
from .filter_banks import create_dct, linear_fbanks, melscale_fbanks

__all__ = [
    "create_dct",
    "linear_fbanks",
    "melscale_fbanks",
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
