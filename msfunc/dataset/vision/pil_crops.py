"""`FiveCrop` and `TenCrop`: MindSpore's crops of PIL images into the four corners and the
centre (and, for `TenCrop`, the same of the flipped image)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._checks import is_pil

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["FiveCrop", "TenCrop"]

_FLOAT_MAX = 16777216


def _crop_size(size, who):
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool):
        values = (size, size)
    elif isinstance(size, (tuple, list)) and len(size) == 2:
        values = size
        if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values):
            raise TypeError(f"{who}: `size` values must be ints, got {size!r}")
    else:
        raise TypeError(f"{who}: `size` must be an int or a pair (height, width), got {size!r}")
    if not all(1 <= v <= _FLOAT_MAX for v in values):
        raise ValueError(f"{who}: `size` values must be in [1, 2**24], got {size!r}")
    return int(values[0]), int(values[1])


def _five(img, size, who):
    if not is_pil(img):
        raise TypeError(f"{who}: the image must be a PIL image, got {type(img)}")
    width, height = img.size
    crop_h, crop_w = size
    if crop_h > height or crop_w > width:
        raise ValueError(f"{who}: the crop {size} is larger than the image ({height}, {width})")
    top, left = round((height - crop_h) / 2.0), round((width - crop_w) / 2.0)
    return (
        img.crop((0, 0, crop_w, crop_h)),
        img.crop((width - crop_w, 0, width, crop_h)),
        img.crop((0, height - crop_h, crop_w, height)),
        img.crop((width - crop_w, height - crop_h, width, height)),
        img.crop((left, top, left + crop_w, top + crop_h)),
    )


class FiveCrop:
    """The four corner crops and the central crop of a PIL image, each of `size`, in the
    order top left, top right, bottom left, bottom right, centre.

    Args:
        size (Union[int, Sequence[int]]): (height, width) of the crops, or one side for both.

    Raises:
        TypeError: `size` is not an int or a pair of ints.
        ValueError: `size` is not positive.

    Example:
        >>> from PIL import Image
        >>> from msfunc.dataset import vision
        >>> [c.size for c in vision.FiveCrop(2)(Image.new("L", (4, 3)))][:2]
        [(2, 2), (2, 2)]
    """

    def __init__(self, size: int | Sequence[int]) -> None:
        self.size = _crop_size(size, "FiveCrop")

    def __call__(self, img):
        return _five(img, self.size, "FiveCrop")


class TenCrop:
    """`FiveCrop` of the image, then of its left-right (or, with `use_vertical_flip`,
    top-bottom) flip.

    Args:
        size (Union[int, Sequence[int]]): (height, width) of the crops, or one side for both.
        use_vertical_flip (bool): Flip top-bottom instead. Default: ``False``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: `size` is not positive.

    Example:
        >>> from PIL import Image
        >>> from msfunc.dataset import vision
        >>> len(vision.TenCrop(2)(Image.new("L", (4, 3))))
        10
    """

    def __init__(self, size: int | Sequence[int], use_vertical_flip: bool = False) -> None:
        self.size = _crop_size(size, "TenCrop")
        if not isinstance(use_vertical_flip, bool):
            raise TypeError(
                f"TenCrop: `use_vertical_flip` must be a bool, got {use_vertical_flip!r}"
            )
        self.use_vertical_flip = use_vertical_flip

    def __call__(self, img):
        first = _five(img, self.size, "TenCrop")
        from PIL import Image

        flip = (
            Image.Transpose.FLIP_TOP_BOTTOM
            if self.use_vertical_flip
            else Image.Transpose.FLIP_LEFT_RIGHT
        )
        return first + _five(img.transpose(flip), self.size, "TenCrop")
