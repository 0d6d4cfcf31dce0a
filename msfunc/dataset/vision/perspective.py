"""`Perspective` and `RandomPerspective`: a four-point perspective warp, through PIL for PIL
images (MindSpore's Python path, Python's `random` for the draws) and OpenCV's fixed-point
``warpPerspective`` for numpy images."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from ._checks import image_arg, is_pil
from .rotate import _INTER_BITS, _interpolated
from .utils import Inter

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Perspective", "RandomPerspective"]

_KERNELS = {Inter.NEAREST: 1, Inter.BILINEAR: 2, Inter.BICUBIC: 4}
_PIL_FILTERS = {Inter.NEAREST: 0, Inter.BILINEAR: 2, Inter.BICUBIC: 3, Inter.ANTIALIAS: 1}


def _pil_coefficients(start_points, end_points):
    """The 8 coefficients of PIL's perspective transform mapping `end_points` back to
    `start_points` (least squares over the four point pairs)."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(end_points, start_points):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return np.linalg.lstsq(np.array(rows, float), np.array(rhs, float), rcond=None)[0].tolist()


def _pil_perspective(img, start_points, end_points, interpolation):
    from PIL import Image

    coefficients = _pil_coefficients(start_points, end_points)
    return img.transform(
        img.size, Image.Transform.PERSPECTIVE, coefficients, _PIL_FILTERS.get(interpolation, 3)
    )


def _warp_perspective(img, start_points, end_points, kernel):
    """OpenCV's warpPerspective of `img` by the map taking `start_points` to `end_points`:
    each output pixel's source position in double, then fixed point (1/32 pixel)."""
    src = np.asarray(start_points, np.float64)
    dst = np.asarray(end_points, np.float64)
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src):  # (the inverse map: output to source)
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    m = np.append(np.linalg.solve(np.array(rows), np.array(rhs)), 1.0)
    h, w = img.shape[:2]
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    x0, y0 = m[0] * xs + m[1] * ys + m[2], m[3] * xs + m[4] * ys + m[5]
    weight = m[6] * xs + m[7] * ys + m[8]
    scale = 1 << _INTER_BITS if kernel > 1 else 1
    with np.errstate(divide="ignore", invalid="ignore"):
        weight = np.where(weight != 0, scale / weight, 0.0)
    limit = float(np.iinfo(np.int32).max)
    x = np.rint(np.clip(x0 * weight, -limit, limit)).astype(np.int64)
    y = np.rint(np.clip(y0 * weight, -limit, limit)).astype(np.int64)
    fill = np.zeros(1 if img.ndim == 2 else img.shape[2], img.dtype)
    fill = fill[0] if img.ndim == 2 else fill
    if kernel > 1:
        return _interpolated(img, None, h, w, fill, kernel, positions=(x, y))
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    out = np.zeros_like(img)
    out[inside] = img[y[inside], x[inside]]
    return out


def _points(points, name, who):
    if (
        not isinstance(points, (tuple, list))
        or len(points) != 4
        or not all(isinstance(p, (tuple, list)) and len(p) == 2 for p in points)
    ):
        raise TypeError(f"{who}: `{name}` must be four (x, y) pairs, got {points!r}")
    for p in points:
        for v in p:
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                raise TypeError(f"{who}: `{name}` coordinates must be ints, got {points!r}")
            if not -(2**31) <= v <= 2**31 - 1:
                raise ValueError(f"{who}: `{name}` coordinates out of the int32 range")
    return [(int(p[0]), int(p[1])) for p in points]


class Perspective:
    """Warp the image so that `start_points` (top left, top right, bottom right, bottom
    left) land on `end_points`.

    Args:
        start_points (Sequence[Sequence[int]]): Four (x, y) corners in the input.
        end_points (Sequence[Sequence[int]]): Where they go in the output.
        interpolation (Inter): ``Inter.NEAREST``, ``Inter.BILINEAR`` or ``Inter.BICUBIC``.
            Default: ``Inter.BILINEAR``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: a coordinate is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> corners = [[0, 0], [3, 0], [3, 3], [0, 3]]
        >>> vision.Perspective(corners, corners)(np.ones((4, 4), np.uint8)).sum()
        np.uint64(16)
    """

    def __init__(
        self,
        start_points: Sequence[Sequence[int]],
        end_points: Sequence[Sequence[int]],
        interpolation: Inter = Inter.BILINEAR,
    ) -> None:
        self.start_points = _points(start_points, "start_points", "Perspective")
        self.end_points = _points(end_points, "end_points", "Perspective")
        if not isinstance(interpolation, Inter):
            raise TypeError(f"Perspective: `interpolation` must be an Inter, got {interpolation!r}")
        self.interpolation = interpolation

    def __call__(self, img):
        if is_pil(img):
            return _pil_perspective(img, self.start_points, self.end_points, self.interpolation)
        img = image_arg(img, "Perspective")
        if self.interpolation not in _KERNELS:
            raise RuntimeError(f"Perspective: {self.interpolation.name} does not warp numpy images")
        return _warp_perspective(
            img, self.start_points, self.end_points, _KERNELS[self.interpolation]
        )


class RandomPerspective:
    """With probability `prob`, warp a PIL image by moving each corner inwards by a random
    amount up to `distortion_scale` of half the image (Python's `random`, MindSpore's
    order of draws).

    Args:
        distortion_scale (float): In [0, 1]. Default: ``0.5``.
        prob (float): Probability of warping, in [0, 1]. Default: ``0.5``.
        interpolation (Inter): Resampling of the warp. Default: ``Inter.BICUBIC``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> from PIL import Image
        >>> from msfunc.dataset import vision
        >>> vision.RandomPerspective(prob=1.0)(Image.new("RGB", (8, 6))).size
        (8, 6)
    """

    def __init__(
        self, distortion_scale: float = 0.5, prob: float = 0.5, interpolation: Inter = Inter.BICUBIC
    ) -> None:
        for name, value in (("distortion_scale", distortion_scale), ("prob", prob)):
            if not isinstance(value, float):
                raise TypeError(f"RandomPerspective: `{name}` must be a float, got {value!r}")
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"RandomPerspective: `{name}` must be in [0, 1], got {value}")
        if not isinstance(interpolation, Inter):
            raise TypeError(
                f"RandomPerspective: `interpolation` must be an Inter, got {interpolation!r}"
            )
        self.distortion_scale, self.prob = distortion_scale, prob
        self.interpolation = interpolation

    def __call__(self, img):
        if not is_pil(img):
            raise ValueError(f"RandomPerspective: the image must be a PIL image, got {type(img)}")
        if not self.prob > random.random():
            return img
        width, height = img.size
        half_w = int(width / 2 * self.distortion_scale)
        half_h = int(height / 2 * self.distortion_scale)
        right, bottom = width - half_w - 1, height - half_h - 1
        corners = [
            (random.randint(0, half_w), random.randint(0, half_h)),
            (random.randint(right, width - 1), random.randint(0, half_h)),
            (random.randint(right, width - 1), random.randint(bottom, height - 1)),
            (random.randint(0, half_w), random.randint(bottom, height - 1)),
        ]
        start = [(0, 0), (width - 1, 0), (width - 1, height - 1), (0, height - 1)]
        return _pil_perspective(img, start, corners, self.interpolation)
