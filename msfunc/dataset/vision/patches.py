"""Vision transforms that cut or fill regions: `SlicePatches`, `PadToSize` and `Erase`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._checks import image_arg
from .geometry import fill_arg, pad_image
from .utils import Border, SliceMode

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["SlicePatches", "PadToSize", "Erase"]

_INT32_MAX = 2**31 - 1


def _int_in(value, name, low, who):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{who}: `{name}` must be an int, got {value!r}")
    if not low <= value <= _INT32_MAX:
        raise ValueError(f"{who}: `{name}` must be in [{low}, 2**31 - 1], got {value}")
    return int(value)


class SlicePatches:
    """Cut the image into `num_height` x `num_width` patches, row by row; a remainder is
    padded with `fill_value` up to whole patches (``SliceMode.PAD``) or dropped
    (``SliceMode.DROP``).

    Args:
        num_height (int): Patches along the height. Default: ``1``.
        num_width (int): Patches along the width. Default: ``1``.
        slice_mode (SliceMode): ``SliceMode.PAD`` or ``SliceMode.DROP``.
            Default: ``SliceMode.PAD``.
        fill_value (int): Pixel value of the padding, in [0, 255]. Default: ``0``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> [p.shape for p in vision.SlicePatches(1, 2)(np.zeros((2, 5)))]
        [(2, 3), (2, 3)]
    """

    def __init__(
        self,
        num_height: int = 1,
        num_width: int = 1,
        slice_mode: SliceMode = SliceMode.PAD,
        fill_value: int = 0,
    ) -> None:
        self.num_height = _int_in(num_height, "num_height", 1, "SlicePatches")
        self.num_width = _int_in(num_width, "num_width", 1, "SlicePatches")
        if not isinstance(slice_mode, SliceMode):
            raise TypeError(f"SlicePatches: `slice_mode` must be a SliceMode, got {slice_mode!r}")
        fill = _int_in(fill_value, "fill_value", 0, "SlicePatches")
        if fill > 255:
            raise ValueError(f"SlicePatches: `fill_value` must be in [0, 255], got {fill}")
        self.slice_mode, self.fill_value = slice_mode, fill

    def __call__(self, img):
        img = image_arg(img, "SlicePatches")
        if self.num_height == 1 and self.num_width == 1:
            return (img,)
        h, w = img.shape[:2]
        if self.num_height > h or self.num_width > w:
            raise RuntimeError(
                f"SlicePatches: {self.num_height} x {self.num_width} patches do not fit an "
                f"image of size ({h}, {w})"
            )
        pad = self.slice_mode == SliceMode.PAD
        patch_h = h // self.num_height + (1 if pad and h % self.num_height else 0)
        patch_w = w // self.num_width + (1 if pad and w % self.num_width else 0)
        if pad:
            grown = np.full(
                (patch_h * self.num_height, patch_w * self.num_width) + img.shape[2:],
                self.fill_value,
                img.dtype,
            )
            grown[:h, :w] = img
            img = grown
        return tuple(
            img[i * patch_h : (i + 1) * patch_h, j * patch_w : (j + 1) * patch_w].copy()
            for i in range(self.num_height)
            for j in range(self.num_width)
        )


def _size_or_pair(value, name, low, who):
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return (_int_in(value, name, low, who),) * 2
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{who}: `{name}` must be an int or a sequence, got {value!r}")
    if len(value) != 2:
        raise ValueError(f"{who}: `{name}` must hold 2 values, got {len(value)}")
    return tuple(_int_in(v, name, low, who) for v in value)


class PadToSize:
    """Pad the image to `size` (height, width): `offset` (top, left) pixels before it, or,
    without one, the padding split evenly (the extra pixel after).

    Args:
        size (Union[int, Sequence[int]]): Target (height, width), or one side for both.
        offset (Union[int, Sequence[int]], optional): (top, left) padding, or one value for
            both. Default: ``None``.
        fill_value (Union[int, tuple[int, int, int]]): Pixel value of ``Border.CONSTANT``
            padding. Default: ``0``.
        padding_mode (Border): How padding is filled. Default: ``Border.CONSTANT``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.PadToSize((3, 4))(np.ones((1, 2), np.uint8)).tolist()
        [[0, 0, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0]]
    """

    def __init__(
        self,
        size: int | Sequence[int],
        offset: int | Sequence[int] | None = None,
        fill_value: int | Sequence[int] = 0,
        padding_mode: Border = Border.CONSTANT,
    ) -> None:
        self.size = _size_or_pair(size, "size", 1, "PadToSize")
        if offset is None or (isinstance(offset, (tuple, list)) and not offset):
            self.offset = None
        else:
            self.offset = _size_or_pair(offset, "offset", 0, "PadToSize")
        self.fill_value = fill_arg(fill_value, "PadToSize")
        if not isinstance(padding_mode, Border):
            raise TypeError(f"PadToSize: `padding_mode` must be a Border, got {padding_mode!r}")
        self.padding_mode = padding_mode

    def __call__(self, img):
        img = image_arg(img, "PadToSize")
        (h, w), (target_h, target_w) = img.shape[:2], self.size
        if target_h < h or target_w < w:
            raise RuntimeError(f"PadToSize: the image ({h}, {w}) is larger than {self.size}")
        if self.offset is None:
            top, left = (target_h - h) // 2, (target_w - w) // 2
        else:
            top, left = self.offset
        bottom, right = target_h - h - top, target_w - w - left
        if bottom < 0 or right < 0:
            raise RuntimeError(f"PadToSize: the offset {self.offset} leaves no room for the image")
        return pad_image(img, (left, top, right, bottom), self.fill_value, self.padding_mode)


class Erase:
    """Fill the `height` x `width` box at (`top`, `left`) with `value` (one value, or one
    per channel).

    Args:
        top (int): Row of the box's corner, non-negative.
        left (int): Column of the box's corner, non-negative.
        height (int): Box height, positive.
        width (int): Box width, positive.
        value (Union[float, tuple[float, float, float]]): Fill, in [0, 255]. Default: ``0``.
        inplace (bool): Accepted for MindSpore's signature (a new array is returned).
            Default: ``False``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Erase(0, 1, 1, 1, 7)(np.zeros((2, 2, 3), np.uint8))[:, :, 0].tolist()
        [[0, 7], [0, 0]]
    """

    def __init__(
        self,
        top: int,
        left: int,
        height: int,
        width: int,
        value: float | Sequence[float] = 0,
        inplace: bool = False,
    ) -> None:
        self.top = _int_in(top, "top", 0, "Erase")
        self.left = _int_in(left, "left", 0, "Erase")
        self.height = _int_in(height, "height", 1, "Erase")
        self.width = _int_in(width, "width", 1, "Erase")
        if not isinstance(inplace, bool):
            raise TypeError(f"Erase: `inplace` must be a bool, got {inplace!r}")
        values = (value,) * 3 if isinstance(value, (int, float)) else value
        if (
            not isinstance(values, tuple)
            or len(values) != 3
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)
        ):
            raise TypeError(f"Erase: `value` must be a number or 3 numbers, got {value!r}")
        if not all(0 <= v <= 255 for v in values):
            raise ValueError(f"Erase: `value` must be in [0, 255], got {value!r}")
        self.value, self.inplace = values, inplace

    def __call__(self, img):
        img = image_arg(img, "Erase")
        h, w = img.shape[:2]
        if self.height > h or self.width > w:
            raise RuntimeError(f"Erase: the box ({self.height}, {self.width}) exceeds ({h}, {w})")
        out = img.copy()
        box = out[self.top : self.top + self.height, self.left : self.left + self.width]
        fill = np.asarray(self.value)
        box[...] = fill[0] if img.ndim == 2 else fill[: img.shape[2]].astype(img.dtype)
        return out
