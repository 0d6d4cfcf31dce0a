"""`msfunc.dataset.vision`: MindSpore's image transforms on numpy (H, W[, C]) arrays, eager or
in `Dataset.map`; `transforms` holds the classes, `utils` the enums and image helpers.

Resizing and rotation follow OpenCV's fixed-point arithmetic as MindSpore runs it, and the
random transforms draw MindSpore's numbers from a per-transform ``std::mt19937`` seeded with
the pipeline seed, so a seeded pipeline gives MindSpore's images.

The family modules load on first use (``import msfunc.dataset`` stays cheap): a transform
name loads `transforms`, an enum or helper `utils` only.
"""

from __future__ import annotations

import importlib

_SUBMODULES = ("transforms", "utils", "py_transforms_util")
_UTILS_NAMES = (
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
    "read_file",
    "write_file",
    "read_image",
    "encode_jpeg",
    "encode_png",
    "write_jpeg",
    "write_png",
)


def _public_names():
    transforms = importlib.import_module(".transforms", __name__)
    return [*transforms.__all__, *_UTILS_NAMES, *_SUBMODULES]


def __getattr__(name):
    if name == "__all__":
        return _public_names()
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _UTILS_NAMES:
        return getattr(importlib.import_module(".utils", __name__), name)
    transforms = importlib.import_module(".transforms", __name__)
    if name in transforms.__all__:
        return getattr(transforms, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_public_names()))
