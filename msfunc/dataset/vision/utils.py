"""`mindspore.dataset.vision.utils`: the vision enums (interpolation, padding, colour
conversion, batch layout, read and slice modes, augment policies) and image helpers."""

from __future__ import annotations

import enum
from typing import Any, cast

import numpy as np

# MindSpore's vision.utils loads PIL.Image, so a program that does `import PIL` and then uses
# `PIL.Image` after reaching the vision enums works; loading it here keeps that true
import PIL.Image  # noqa: F401

from ._checks import image_arg, is_pil
from .image_io import (
    ImageReadMode,
    encode_jpeg,
    encode_png,
    read_file,
    read_image,
    write_file,
    write_jpeg,
    write_png,
)
from .video import read_video, read_video_timestamps

__all__ = [
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
]


class Inter(enum.IntEnum):
    """Interpolation modes (MindSpore's values; ``LINEAR`` and ``CUBIC`` are aliases).

    Example:
        >>> from msfunc.dataset import vision
        >>> vision.Inter.BILINEAR is vision.Inter.LINEAR, int(vision.Inter.NEAREST)
        (True, 0)
    """

    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = 2
    LINEAR = 2
    BICUBIC = 3
    CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, enum.Enum):
    """Padding modes.

    Example:
        >>> from msfunc.dataset import vision
        >>> vision.Border.EDGE.value
        'edge'
    """

    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ConvertMode(enum.IntEnum):
    """Colour space conversions of `ConvertColor`.

    Example:
        >>> from msfunc.dataset import vision
        >>> int(vision.ConvertMode.COLOR_RGB2GRAY)
        7
    """

    COLOR_BGR2BGRA = 0
    COLOR_BGRA2BGR = 1
    COLOR_BGR2RGBA = 2
    COLOR_RGBA2BGR = 3
    COLOR_BGR2RGB = 4
    COLOR_BGRA2RGBA = 5
    COLOR_BGR2GRAY = 6
    COLOR_RGB2GRAY = 7
    COLOR_GRAY2BGR = 8
    COLOR_GRAY2BGRA = 9
    COLOR_BGRA2GRAY = 10
    COLOR_RGBA2GRAY = 11
    COLOR_RGB2BGR = 4  # (the same channel swap)
    COLOR_RGBA2BGRA = 5
    COLOR_GRAY2RGB = 8
    COLOR_GRAY2RGBA = 9
    COLOR_RGB2RGBA = 0
    COLOR_RGBA2RGB = 1
    COLOR_RGB2BGRA = 2
    COLOR_BGRA2RGB = 3


class ImageBatchFormat(enum.IntEnum):
    """Layout of an image batch (`CutMixBatch`).

    Example:
        >>> from msfunc.dataset import vision
        >>> vision.ImageBatchFormat.NCHW.name
        'NCHW'
    """

    NHWC = 0
    NCHW = 1


class SliceMode(enum.IntEnum):
    """What `SlicePatches` does with a remainder: pad it to a whole patch, or drop it.

    Example:
        >>> from msfunc.dataset import vision
        >>> vision.SliceMode.DROP.name
        'DROP'
    """

    PAD = 0
    DROP = 1


class AutoAugmentPolicy(str, enum.Enum):
    """The data set whose learned augment policy `AutoAugment` applies.

    Example:
        >>> from msfunc.dataset import vision
        >>> vision.AutoAugmentPolicy.CIFAR10.value
        'cifar10'
    """

    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


def _hwc(image, who):
    if not (isinstance(image, np.ndarray) or is_pil(image)):
        raise TypeError(f"{who}: `image` must be a numpy array or a PIL image, got {type(image)}")
    if is_pil(image):
        return None
    return image_arg(image, who, max_rank=None)


def get_image_num_channels(image: np.ndarray) -> int:
    """The number of channels of an (H, W[, C]) image: 1 for a 2-D array.

    Args:
        image (Union[numpy.ndarray, PIL.Image.Image]): The image.

    Returns:
        int, its channel count.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.get_image_num_channels(np.zeros((4, 5, 3)))
        3
    """
    img = _hwc(image, "get_image_num_channels")
    if img is None:
        return len(cast("Any", image).getbands())
    return 1 if img.ndim == 2 else int(img.shape[-1])


def get_image_size(image: np.ndarray) -> list:
    """The [height, width] of an (H, W[, C]) image.

    Args:
        image (Union[numpy.ndarray, PIL.Image.Image]): The image.

    Returns:
        list[int], [height, width].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.get_image_size(np.zeros((4, 5, 3)))
        [4, 5]
    """
    img = _hwc(image, "get_image_size")
    if img is None:
        width, height = cast("Any", image).size
        return [height, width]
    return [int(img.shape[0]), int(img.shape[1])] if img.ndim <= 3 else list(img.shape[-3:-1])
