"""Random crops: `RandomCrop` and `RandomResizedCrop`, drawing MindSpore's numbers.

Each transform owns an ``std::mt19937`` seeded with the pipeline seed
(`_random.op_engine`) and draws from it as MindSpore's C++ operations do, so a seeded
pipeline gives MindSpore's images.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import canonical_float, uniform_int
from ...errors import UnsupportedError
from .._random import op_engine
from ._checks import images_arg, is_pil, joined, over_images, size_pair
from ._resize_kernels import RESIZE_MODES, resize_by
from .geometry import pad_image
from .utils import Border, Inter

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["RandomCrop", "RandomResizedCrop"]


def _padding(padding, who):
    """`padding` checked: None, one width (an int), or 2 or 4 widths, in [0, 2**31 - 1]."""
    if padding is None:
        return None
    one = isinstance(padding, (int, np.integer))
    widths = [padding] if one else padding
    if not isinstance(widths, (list, tuple)) or not all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in widths
    ):
        raise TypeError(f"{who}: `padding` must be an int or a sequence of ints, got {padding!r}")
    if not one and len(widths) not in (2, 4):
        raise ValueError(f"{who}: `padding` must hold 1, 2 or 4 widths, got {padding!r}")
    if not all(0 <= v <= 2**31 - 1 for v in widths):
        raise ValueError(f"{who}: `padding` widths must be in [0, 2**31 - 1], got {padding!r}")
    return padding


class RandomCrop:
    """Crop a random `size` window (after optional padding).

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.
        padding (Union[int, Sequence[int], None]): Pad first: one width for all sides, (left
            and right, top and bottom) or (left, top, right, bottom). Default: ``None``.
        pad_if_needed (bool): Pad an image smaller than `size` up to it. Default: ``False``.
        fill_value (Union[int, tuple[int, int, int]]): Pixel value of ``Border.CONSTANT``
            padding. Default: ``0``.
        padding_mode (Border): How padding is filled. Default: ``Border.CONSTANT``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomCrop(2)(np.zeros((4, 4, 3))).shape
        (2, 2, 3)
    """

    def __init__(
        self,
        size: int | Sequence[int],
        padding: int | Sequence[int] | None = None,
        pad_if_needed: bool = False,
        fill_value: int | Sequence[int] = 0,
        padding_mode: Border = Border.CONSTANT,
    ) -> None:
        who = type(self).__name__
        size = size_pair(size, who)
        self.size = (size, size) if isinstance(size, int) else size
        self.padding, self.pad_if_needed = _padding(padding, who), bool(pad_if_needed)
        self.fill_value, self.padding_mode = fill_value, padding_mode

    def __call__(self, *images):
        """Crop one image, or several of one size all at the same window; each frame of
        a stack (..., H, W, C) draws its own window, and the later inputs take the last
        window the first one drew (as MindSpore's operation does)."""
        images = images_arg(images, "RandomCrop", max_rank=None, same_size=True)
        engine = op_engine(self)
        h, w = self.size
        window = (0, 0)
        outs = []
        for i, img in enumerate(images):
            frames = img.reshape((-1,) + img.shape[-3:]) if img.ndim > 3 else [img]
            crops = []
            for frame in frames:
                frame = self._padded(frame)
                if i == 0:
                    left = uniform_int(engine, 0, frame.shape[1] - w)  # (x first, then y)
                    window = (uniform_int(engine, 0, frame.shape[0] - h), left)
                top, left = window
                crops.append(np.ascontiguousarray(frame[top : top + h, left : left + w]))
            outs.append(
                np.stack(crops).reshape(img.shape[:-3] + crops[0].shape)
                if img.ndim > 3
                else crops[0]
            )
        return joined(outs)

    def _padded(self, img):
        img = pad_image(img, self.padding, self.fill_value, self.padding_mode)
        h, w = self.size
        if self.pad_if_needed and (img.shape[0] < h or img.shape[1] < w):
            extra_h, extra_w = max(0, h - img.shape[0]), max(0, w - img.shape[1])
            img = pad_image(
                img, (extra_w, extra_h, extra_w, extra_h), self.fill_value, self.padding_mode
            )
        if img.shape[0] < h or img.shape[1] < w:
            raise ValueError(
                f"RandomCrop: the crop {self.size} is larger than the (padded) "
                f"image {img.shape[:2]}"
            )
        return img


def _float_range(value, name, low=0.0):
    # (MindSpore: a TypeError unless a pair of Python numbers, then a ValueError for the range)
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        raise TypeError(
            f"RandomResizedCrop: `{name}` must be a pair (min, max) of numbers, got {value!r}"
        )
    if not low <= value[0] <= value[1]:
        raise ValueError(
            f"RandomResizedCrop: `{name}` must be a pair (min, max) with "
            f"{low} <= min <= max, got {value!r}"
        )
    return np.float32(value[0]), np.float32(value[1])


class RandomResizedCrop:
    """Crop a random window of random area (a `scale` fraction of the image) and aspect
    ratio (`ratio`, width / height, drawn on a log scale), resized to `size`; after
    `max_attempts` windows that do not fit, the central window of the nearest allowed ratio.

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.
        scale (tuple[float, float]): Range of the window's area as a fraction of the image's.
            Default: ``(0.08, 1.0)``.
        ratio (tuple[float, float]): Range of the window's width / height.
            Default: ``(3 / 4, 4 / 3)``.
        interpolation (Inter): ``Inter.BILINEAR``, ``Inter.NEAREST``, ``Inter.BICUBIC`` or
            ``Inter.AREA`` (these two for uint8 images). Default: ``Inter.BILINEAR``.
        max_attempts (int): Windows drawn before falling back to the central one.
            Default: ``10``.

    Raises:
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomResizedCrop(4)(np.zeros((8, 8, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(
        self,
        size: int | Sequence[int],
        scale: Sequence[float] = (0.08, 1.0),
        ratio: Sequence[float] = (3.0 / 4.0, 4.0 / 3.0),
        interpolation: Inter = Inter.BILINEAR,
        max_attempts: int = 10,
    ) -> None:
        size = size_pair(size, "RandomResizedCrop")
        self.size = (size, size) if isinstance(size, int) else size
        self.scale = _float_range(scale, "scale")
        self.ratio = _float_range(ratio, "ratio", low=1e-12)
        if not isinstance(interpolation, Inter):
            raise TypeError(
                f"RandomResizedCrop: `interpolation` must be an Inter, got {interpolation!r}"
            )
        if interpolation not in (*RESIZE_MODES, Inter.ANTIALIAS, Inter.PILCUBIC):
            raise ValueError(
                f"RandomResizedCrop: `interpolation` {interpolation.name} is not supported; "
                "use Inter.BILINEAR, Inter.NEAREST, Inter.BICUBIC or Inter.AREA"
            )
        self.interpolation = Inter(interpolation)
        if (
            isinstance(max_attempts, bool)
            or not isinstance(max_attempts, (int, np.integer))
            or max_attempts < 1
        ):
            raise ValueError(
                f"RandomResizedCrop: `max_attempts` must be a positive int, got {max_attempts!r}"
            )
        self.max_attempts = int(max_attempts)

    def _window(self, h, w):
        """(top, left, height, width) drawn as MindSpore's crop-and-resize operation draws
        it: float32 uniforms for the area fraction and the log ratio, double arithmetic."""
        engine = op_engine(self)
        lo, hi = self.scale
        log_lo, log_hi = np.float32(np.log(self.ratio[0])), np.float32(np.log(self.ratio[1]))
        for _ in range(self.max_attempts):
            area = float(canonical_float(engine) * (hi - lo) + lo)
            aspect = float(np.exp(np.float64(canonical_float(engine) * (log_hi - log_lo) + log_lo)))
            width = max(int(_round_half_away(np.sqrt(h * w * area * aspect))), 1)
            height = max(int(_round_half_away(width / aspect)), 1)
            if width <= w and height <= h:
                left = uniform_int(engine, 0, w - width)
                top = uniform_int(engine, 0, h - height)
                return top, left, height, width
        img_aspect = w / h
        if img_aspect < float(self.ratio[0]):
            width, height = w, int(_round_half_away(w / float(self.ratio[0])))
        elif img_aspect > float(self.ratio[1]):
            width, height = int(_round_half_away(h * float(self.ratio[1]))), h
        else:
            width, height = w, h
        width, height = max(width, 1), max(height, 1)
        return (
            int(_round_half_away((h - height) / 2.0)),
            int(_round_half_away((w - width) / 2.0)),
            height,
            width,
        )

    def __call__(self, *images):
        """Crop and resize one image, or several of one size all at the same window."""
        if self.interpolation == Inter.ANTIALIAS:  # (MindSpore's PIL-only mode)
            raise TypeError("RandomResizedCrop: Inter.ANTIALIAS resizes PIL images only")
        if self.interpolation in (Inter.AREA, Inter.PILCUBIC) and any(map(is_pil, images)):
            # (MindSpore's modes for numpy images only)
            name = self.interpolation.name
            raise TypeError(f"RandomResizedCrop: Inter.{name} does not resize PIL images")
        if self.interpolation == Inter.PILCUBIC:
            raise UnsupportedError("RandomResizedCrop: Inter.PILCUBIC is not provided by msfunc")
        images = images_arg(images, "RandomResizedCrop", max_rank=None, same_size=True)
        h_axis = 0 if images[0].ndim <= 3 else images[0].ndim - 3
        top, left, height, width = self._window(
            images[0].shape[h_axis], images[0].shape[h_axis + 1]
        )

        def one(image):  # (every image of a stack gets the same window)
            window = image[top : top + height, left : left + width]
            return resize_by(window, *self.size, self.interpolation)

        return joined([over_images(one, img) for img in images])


def _round_half_away(x):
    """C's round: halves away from zero (numpy rounds them to even)."""
    return np.sign(x) * np.floor(np.abs(x) + 0.5)
