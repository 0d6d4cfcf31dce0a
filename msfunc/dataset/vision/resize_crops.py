"""Resizing with a crop or boxes: `ResizedCrop`, `RandomCropDecodeResize`, `ResizeWithBBox`,
and `RandomResize` and `RandomResizeWithBBox` (a resampling drawn at random)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import uniform_int
from .._random import op_engine
from ._checks import image_arg, images_arg, joined, size_pair
from .bbox import checked_boxes
from .convert import Decode
from .geometry import Resize
from .random_crops import RandomResizedCrop
from .utils import Inter

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "ResizedCrop",
    "RandomCropDecodeResize",
    "ResizeWithBBox",
    "RandomResize",
    "RandomResizeWithBBox",
]

_INT32_MAX = 2**31 - 1


def _int_at_least(value, name, low, who):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{who}: `{name}` must be an int, got {value!r}")
    if not low <= value <= _INT32_MAX:
        raise ValueError(f"{who}: `{name}` must be in [{low}, 2**31 - 1], got {value}")
    return int(value)


class ResizedCrop:
    """Cut the `height` x `width` window at (`top`, `left`), then resize it to `size`.

    Args:
        top (int): Row of the window's corner, non-negative.
        left (int): Column of the window's corner, non-negative.
        height (int): Window height, positive.
        width (int): Window width, positive.
        size (Union[int, Sequence[int]]): Output (height, width), or one side for both.
        interpolation (Inter): ``Inter.BILINEAR`` or ``Inter.NEAREST``.
            Default: ``Inter.BILINEAR``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.ResizedCrop(0, 0, 2, 2, (4, 4))(np.zeros((3, 3, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(
        self,
        top: int,
        left: int,
        height: int,
        width: int,
        size: int | Sequence[int],
        interpolation: Inter = Inter.BILINEAR,
    ) -> None:
        self.top = _int_at_least(top, "top", 0, "ResizedCrop")
        self.left = _int_at_least(left, "left", 0, "ResizedCrop")
        self.height = _int_at_least(height, "height", 1, "ResizedCrop")
        self.width = _int_at_least(width, "width", 1, "ResizedCrop")
        if not isinstance(interpolation, Inter):
            raise TypeError(f"ResizedCrop: `interpolation` must be an Inter, got {interpolation!r}")
        size = size_pair(size, "ResizedCrop")
        self.resize = Resize((size, size) if isinstance(size, int) else size, interpolation)

    def __call__(self, img):
        img = image_arg(img, "ResizedCrop")
        h, w = img.shape[:2]
        if self.top + self.height > h or self.left + self.width > w:
            raise RuntimeError(
                f"ResizedCrop: the window ({self.top}, {self.left}, {self.height}, {self.width}) "
                f"leaves the image of size ({h}, {w})"
            )
        window = img[self.top : self.top + self.height, self.left : self.left + self.width]
        return self.resize(window)


class RandomCropDecodeResize(RandomResizedCrop):
    """`Decode`, then `RandomResizedCrop`.

    Its windows are `RandomResizedCrop`'s draws, not those of MindSpore's fused operation
    (which sizes the window from the encoded header), so a seeded pipeline crops elsewhere.

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.
        scale (tuple[float, float]): Range of the window's area as a fraction of the image's.
            Default: ``(0.08, 1.0)``.
        ratio (tuple[float, float]): Range of the window's width / height.
            Default: ``(3 / 4, 4 / 3)``.
        interpolation (Inter): ``Inter.BILINEAR`` or ``Inter.NEAREST``.
            Default: ``Inter.BILINEAR``.
        max_attempts (int): Windows drawn before falling back to the central one.
            Default: ``10``.

    Example:
        >>> import io, numpy as np
        >>> from msfunc.dataset import vision
        >>> buf = io.BytesIO()
        >>> np.save(buf, np.zeros((6, 6, 3), np.uint8))
        >>> vision.RandomCropDecodeResize(2)(np.frombuffer(buf.getvalue(), np.uint8)).shape
        (2, 2, 3)
    """

    def __init__(
        self,
        size: int | Sequence[int],
        scale: Sequence[float] = (0.08, 1.0),
        ratio: Sequence[float] = (3.0 / 4.0, 4.0 / 3.0),
        interpolation: Inter = Inter.BILINEAR,
        max_attempts: int = 10,
    ) -> None:
        super().__init__(size, scale, ratio, interpolation, max_attempts)

    def __call__(self, data):
        return super().__call__(Decode()(data))


class ResizeWithBBox:
    """`Resize` the image and scale its bounding boxes ((x, y, width, height) rows) by the
    same factors.

    Args:
        size (Union[int, Sequence[int]]): Output (height, width), or the shorter side.
        interpolation (Inter): ``Inter.BILINEAR``, ``Inter.NEAREST``, ``Inter.BICUBIC`` or
            ``Inter.AREA``. Default: ``Inter.BILINEAR``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> boxes = np.array([[1, 1, 1, 1]], np.float32)
        >>> vision.ResizeWithBBox((4, 4))(np.zeros((2, 2, 3), np.uint8), boxes)[1].tolist()
        [[2.0, 2.0, 2.0, 2.0]]
    """

    def __init__(self, size: int | Sequence[int], interpolation: Inter = Inter.BILINEAR) -> None:
        if interpolation is None:  # (MindSpore's check raises KeyError here)
            raise KeyError("ResizeWithBBox: `interpolation` must not be None")
        if not isinstance(interpolation, Inter):
            raise TypeError(
                f"ResizeWithBBox: `interpolation` must be an Inter, got {interpolation!r}"
            )
        self.resize = Resize(size_pair(size, "ResizeWithBBox"), interpolation)

    def __call__(self, img, bboxes):
        img, bboxes = checked_boxes(img, bboxes, "ResizeWithBBox")
        out = np.asarray(self.resize(img))
        f32 = np.float32
        scale_w = f32(out.shape[1]) / f32(img.shape[1])
        scale_h = f32(out.shape[0]) / f32(img.shape[0])
        boxes = bboxes.astype(np.float32)
        boxes[:, [0, 2]] *= scale_w
        boxes[:, [1, 3]] *= scale_h
        return out, boxes.astype(bboxes.dtype)


# the resamplings RandomResize draws from, by its draw
_DRAWN = (Inter.LINEAR, Inter.NEAREST, Inter.BICUBIC, Inter.AREA)


def _drawn_resize(transform, size):
    """A `Resize` to `size` by the resampling `transform`'s engine draws next."""
    return Resize(size, _DRAWN[uniform_int(op_engine(transform), 0, len(_DRAWN) - 1)])


class RandomResize:
    """`Resize` to `size` by a resampling drawn for each image: bilinear, nearest, bicubic
    or area, equally likely (MindSpore's draw).

    Args:
        size (Union[int, Sequence[int]]): Output (height, width), or the shorter side.

    Raises:
        TypeError: `size` is not an int or a pair.
        ValueError: `size` is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomResize((2, 3))(np.zeros((4, 6, 3), np.uint8)).shape
        (2, 3, 3)
    """

    def __init__(self, size: int | Sequence[int]) -> None:
        self.size = size_pair(size, "RandomResize")

    def __call__(self, *images):
        """Resize one image, or several all by the same drawn resampling."""
        resize = _drawn_resize(self, self.size)
        return joined([resize(img) for img in images_arg(images, "RandomResize", max_rank=None)])


class RandomResizeWithBBox:
    """`ResizeWithBBox` to `size` by a resampling drawn as `RandomResize` draws it.

    Args:
        size (Union[int, Sequence[int]]): Output (height, width), or the shorter side.

    Raises:
        TypeError: `size` is not an int or a pair.
        ValueError: `size` is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> boxes = np.array([[1, 1, 1, 1]], np.float32)
        >>> op = vision.RandomResizeWithBBox((4, 4))
        >>> op(np.zeros((2, 2, 3), np.uint8), boxes)[1].tolist()
        [[2.0, 2.0, 2.0, 2.0]]
    """

    def __init__(self, size: int | Sequence[int]) -> None:
        self.size = size_pair(size, "RandomResizeWithBBox")

    def __call__(self, img, bboxes):
        with_boxes = ResizeWithBBox(self.size)
        with_boxes.resize = _drawn_resize(self, self.size)
        return with_boxes(img, bboxes)
