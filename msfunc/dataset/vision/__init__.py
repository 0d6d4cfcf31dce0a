"""`msfunc.dataset.vision`: MindSpore's image transforms on numpy (H, W[, C]) arrays, eager or
in `Dataset.map`; `transforms` holds the classes, `utils` the enums and image helpers.

Resizing and rotation follow OpenCV's fixed-point arithmetic as MindSpore runs it, and the
random transforms draw MindSpore's numbers from a per-transform ``std::mt19937`` seeded with
the pipeline seed, so a seeded pipeline gives MindSpore's images.
"""

from __future__ import annotations

from . import py_transforms_util, transforms, utils
from .transforms import *  # noqa: F403 - the classes are this package's interface
from .transforms import __all__ as _transform_names
from .utils import (
    AutoAugmentPolicy,
    Border,
    ConvertMode,
    ImageBatchFormat,
    ImageReadMode,
    Inter,
    SliceMode,
    get_image_num_channels,
    get_image_size,
    read_video,
    read_video_timestamps,
)

__all__ = [
    *_transform_names,
    "Inter",
    "Border",
    "ConvertMode",
    "ImageBatchFormat",
    "ImageReadMode",
    "SliceMode",
    "AutoAugmentPolicy",
    "get_image_num_channels",
    "get_image_size",
    "read_video",
    "read_video_timestamps",
    "transforms",
    "utils",
    "py_transforms_util",
]
