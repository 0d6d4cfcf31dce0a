"""`mindspore.dataset.vision.transforms`: every vision transform class, by family module."""

from __future__ import annotations

from ._checks import one_input
from .affine import Affine, RandomAffine
from .auto_augment import AutoAugment, RandAugment, TrivialAugmentWide
from .batch_mix import CutMixBatch, MixUp, MixUpBatch
from .bbox import (
    BoundingBoxAugment,
    RandomCropWithBBox,
    RandomHorizontalFlipWithBBox,
    RandomResizedCropWithBBox,
    RandomVerticalFlipWithBBox,
)
from .blur import GaussianBlur
from .color import AdjustGamma, CutOut, Invert, Posterize, RandomInvert, Solarize
from .color_adjust import (
    AdjustBrightness,
    AdjustContrast,
    AdjustHue,
    AdjustSaturation,
    RandomColorAdjust,
    UniformAugment,
)
from .convert import HWC2CHW, Decode, Normalize, NormalizePad, Rescale, ToPIL, ToTensor, ToType
from .erasing import RandomErasing
from .geometry import (
    CenterCrop,
    Crop,
    HorizontalFlip,
    Pad,
    RandomHorizontalFlip,
    RandomVerticalFlip,
    Resize,
    VerticalFlip,
)
from .hsv import HsvToRgb, RgbToHsv
from .patches import Erase, PadToSize, SlicePatches
from .perspective import Perspective, RandomPerspective
from .pil_crops import FiveCrop, TenCrop
from .pil_path import PIL_IMPLEMENTATIONS, with_pil_path
from .pixel_maps import ConvertColor, LinearTransformation, ToNumpy
from .random_color import (
    AdjustSharpness,
    RandomAdjustSharpness,
    RandomColor,
    RandomPosterize,
    RandomSharpness,
    RandomSolarize,
)
from .random_crops import RandomCrop, RandomResizedCrop
from .resize_crops import (
    RandomCropDecodeResize,
    RandomResize,
    RandomResizeWithBBox,
    ResizedCrop,
    ResizeWithBBox,
)
from .rotate import RandomRotation, Rotate
from .subpolicy import RandomSelectSubpolicy
from .tone import (
    AutoContrast,
    Equalize,
    Grayscale,
    RandomAutoContrast,
    RandomEqualize,
    RandomGrayscale,
    RandomLighting,
)
from .video import DecodeVideo

__all__ = [
    "Decode",
    "RgbToHsv",
    "HsvToRgb",
    "Rescale",
    "Normalize",
    "NormalizePad",
    "HWC2CHW",
    "ToTensor",
    "ToType",
    "Resize",
    "Crop",
    "CenterCrop",
    "Pad",
    "HorizontalFlip",
    "VerticalFlip",
    "RandomHorizontalFlip",
    "RandomVerticalFlip",
    "RandomCrop",
    "RandomResizedCrop",
    "Rotate",
    "RandomRotation",
    "Invert",
    "RandomInvert",
    "Solarize",
    "Posterize",
    "AdjustGamma",
    "CutOut",
    "Affine",
    "RandomAffine",
    "SlicePatches",
    "PadToSize",
    "Erase",
    "ToPIL",
    "DecodeVideo",
    "RandomSolarize",
    "RandomPosterize",
    "RandomColor",
    "RandomSharpness",
    "AdjustSharpness",
    "RandomAdjustSharpness",
    "AdjustBrightness",
    "AdjustContrast",
    "AdjustSaturation",
    "AdjustHue",
    "RandomColorAdjust",
    "UniformAugment",
    "CutMixBatch",
    "MixUpBatch",
    "FiveCrop",
    "TenCrop",
    "ResizedCrop",
    "RandomCropDecodeResize",
    "ResizeWithBBox",
    "GaussianBlur",
    "Perspective",
    "RandomPerspective",
    "AutoContrast",
    "RandomAutoContrast",
    "Equalize",
    "RandomEqualize",
    "RandomLighting",
    "Grayscale",
    "RandomGrayscale",
    "RandomHorizontalFlipWithBBox",
    "RandomVerticalFlipWithBBox",
    "RandomCropWithBBox",
    "RandomResizedCropWithBBox",
    "BoundingBoxAugment",
    "ConvertColor",
    "LinearTransformation",
    "ToNumpy",
    "AutoAugment",
    "RandAugment",
    "RandomResize",
    "RandomResizeWithBBox",
    "RandomErasing",
    "MixUp",
    "TrivialAugmentWide",
    "RandomSelectSubpolicy",
]

# the transforms of one image refuse several inputs, as MindSpore's one-to-one operations do
# (its random crops and flips take several, all given one draw)
_SEVERAL = (
    "RandomCrop",
    "RandomResizedCrop",
    "RandomHorizontalFlip",
    "RandomVerticalFlip",
    "RandomResize",
)
for _name in __all__:
    # (MindSpore's Python-only operations take one argument: several are a TypeError)
    python_only = ("LinearTransformation", "ToNumpy", "RandomErasing")
    # (a sub-policy hands every input of the row to its transforms)
    several = ("CutMixBatch", "MixUpBatch", "MixUp", "RandomSelectSubpolicy")
    skip = _name in (*several, *python_only, *_SEVERAL)
    if not skip and not _name.endswith(("BBox", "BoxAugment")):
        one_input(globals()[_name])
del _name
# one PIL image runs the PIL implementation (outermost: before the numpy path's checks)
for _name, _implementation in PIL_IMPLEMENTATIONS.items():
    with_pil_path(globals()[_name], _implementation)
del _name, _implementation
