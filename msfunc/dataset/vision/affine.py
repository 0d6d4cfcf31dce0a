"""`Affine` and `RandomAffine`: rotation, translation, scaling and shear about the image's
centre, through OpenCV's fixed-point ``warpAffine`` as MindSpore runs it (see `rotate`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .._random import op_engine
from ._checks import image_arg
from .rotate import (
    _ROTATION_KERNELS,
    _interpolated,
    _inverted,
    _source_positions,
    random_angle,
    warp_kernel,
)
from .utils import Inter

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Affine", "RandomAffine", "affine_matrix", "warp_affine"]


def affine_matrix(h, w, degrees, translation, scale, shear):
    """MindSpore's forward 2 x 3 map (float32 entries): rotation by `degrees`, `scale`, shear
    (x, y in degrees, y negated) about the centre ((w - 1) / 2, (h - 1) / 2), then
    `translation` pixels.

    Example:
        >>> [float(v) + 0.0 for v in affine_matrix(3, 3, 0.0, (1.0, 0.0), 1.0, (0.0, 0.0))]
        [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    """
    f32 = np.float32
    angle = f32(math.pi * float(f32(degrees)) / 180.0)
    shear_x = f32(math.pi * float(f32(shear[0])) / 180.0)
    shear_y = f32(math.pi * float(f32(-shear[1])) / 180.0)
    scale = f32(scale)
    cos_y = np.cos(shear_y)
    if cos_y == 0:
        raise RuntimeError("Affine: the y shear makes the map singular")
    m0 = scale * np.cos(angle + shear_y) / cos_y
    m1 = scale * (-np.cos(angle + shear_y) * np.tan(shear_x) / cos_y - np.sin(angle))
    m3 = scale * np.sin(angle + shear_y) / cos_y
    m4 = scale * (-np.sin(angle + shear_y) * np.tan(shear_x) / cos_y + np.cos(angle))
    cx, cy = f32((w - 1) / 2.0), f32((h - 1) / 2.0)
    m2 = (f32(1) - m0) * cx - m1 * cy + f32(translation[0])
    m5 = (f32(1) - m4) * cy - m3 * cx + f32(translation[1])
    return [f32(v) for v in (m0, m1, m2, m3, m4, m5)]


def warp_affine(img, matrix, fill_value, kernel):
    """`img` (H, W[, C]) through the forward map `matrix`, same size, pixels from outside
    `fill_value` (one value, or one per channel); `kernel` 1 nearest, 2 bilinear, 4 bicubic.

    Example:
        >>> warp_affine(np.arange(4, dtype=np.uint8).reshape(2, 2), [1, 0, 1, 0, 1, 0], 9, 1)
        array([[9, 0],
               [9, 2]], dtype=uint8)
    """
    h, w = img.shape[:2]
    m = _inverted([float(v) for v in matrix])
    fill = np.asarray(fill_value).astype(img.dtype).reshape(-1)
    fill = fill[0] if img.ndim == 2 or fill.size == 1 else fill[: img.shape[2]]
    if kernel == 4 and img.ndim == 3 and img.shape[2] > 4:
        raise RuntimeError("Affine: bicubic takes images of up to 4 channels (OpenCV's limit)")
    if kernel > 1:
        return _interpolated(img, m, h, w, fill, kernel)
    x, y = _source_positions(m, h, w, 0)
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    out = np.empty(img.shape, img.dtype)
    out[...] = fill
    out[inside] = img[y[inside], x[inside]]
    return out


def _number_in(value, name, low, high, who):
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
        raise TypeError(f"{who}: `{name}` must be a number, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{who}: `{name}` must be in [{low}, {high}], got {value}")
    return float(value)


def _pair(value, name, who):
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{who}: `{name}` must be a list or tuple, got {value!r}")
    if len(value) != 2:
        raise TypeError(f"{who}: `{name}` must hold 2 values, got {len(value)}")
    return value


def _fill(fill_value, who):
    values = (fill_value,) * 3 if isinstance(fill_value, (int, np.integer)) else fill_value
    if (
        not isinstance(values, (tuple, list))
        or len(values) != 3
        or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values)
    ):
        raise TypeError(f"{who}: `fill_value` must be an int or 3 ints, got {fill_value!r}")
    if not all(0 <= v <= 255 for v in values):
        raise ValueError(f"{who}: `fill_value` values must be in [0, 255], got {fill_value!r}")
    return tuple(int(v) for v in values)


def _resample(resample, who):
    if not isinstance(resample, Inter):
        raise TypeError(f"{who}: `resample` must be an Inter, got {resample!r}")
    # (PILCUBIC and ANTIALIAS are refused when an image arrives, as MindSpore does)
    return _ROTATION_KERNELS.get(resample, resample)


class Affine:
    """Rotate by `degrees`, translate by `translate` (fractions of the width and height),
    scale by `scale` and shear by `shear` (degrees), about the image's centre.

    Args:
        degrees (float): Rotation, in [-180, 180].
        translate (Sequence[float]): (x, y) translation, each in [-1, 1].
        scale (float): Scale factor, positive.
        shear (Union[float, Sequence[float]]): x shear, or (x, y), each in [-180, 180].
        resample (Inter): ``Inter.NEAREST``, ``Inter.BILINEAR`` (``Inter.AREA`` is the same)
            or ``Inter.BICUBIC``. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int, int, int]]): Value of the uncovered pixels.
            Default: ``0``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Affine(0, [0, 0], 1.0, 0)(np.ones((2, 2), np.uint8)).tolist()
        [[1, 1], [1, 1]]
    """

    def __init__(
        self,
        degrees: float,
        translate: Sequence[float],
        scale: float,
        shear: float | Sequence[float],
        resample: Inter = Inter.NEAREST,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        self.degrees = _number_in(degrees, "degrees", -180, 180, "Affine")
        self.translate = tuple(
            _number_in(t, "translate", -1.0, 1.0, "Affine")
            for t in _pair(translate, "translate", "Affine")
        )
        self.scale = _number_in(scale, "scale", 0, math.inf, "Affine")
        if self.scale <= 0:
            raise ValueError(f"Affine: `scale` must be positive, got {scale}")
        shears = (
            _pair(shear, "shear", "Affine") if isinstance(shear, (tuple, list)) else (shear, 0.0)
        )
        self.shear = tuple(_number_in(s, "shear", -180, 180, "Affine") for s in shears)
        self.kernel = _resample(resample, "Affine")
        self.fill_value = _fill(fill_value, "Affine")

    def __call__(self, img):
        img = image_arg(img, "Affine")
        h, w = img.shape[:2]
        shift = (self.translate[0] * w, self.translate[1] * h)
        matrix = affine_matrix(h, w, self.degrees, shift, self.scale, self.shear)
        return warp_affine(img, matrix, self.fill_value, warp_kernel(self.kernel, "Affine"))


def _ranges(value, name, low, high, who, *, symmetric, count=2):
    """A range (min, max), or `count` / 2 of them flattened, from a number or a sequence."""
    if isinstance(value, (int, float, np.number)) and not isinstance(value, bool):
        if not symmetric:
            raise TypeError(f"{who}: `{name}` must be a sequence, got {value!r}")
        if value < 0:
            raise ValueError(f"{who}: a single `{name}` must be non-negative, got {value}")
        value = (-value, value)
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{who}: `{name}` must be a number or a sequence, got {value!r}")
    if len(value) not in (2, count):
        raise TypeError(f"{who}: `{name}` must hold 2 or {count} values, got {len(value)}")
    values = [_number_in(v, name, low, high, who) for v in value]
    for i in range(0, len(values), 2):
        if values[i] > values[i + 1]:
            raise ValueError(f"{who}: `{name}` ranges must be (min, max), got {value!r}")
    return values


class RandomAffine:
    """`Affine` with each parameter drawn uniformly from its range, in MindSpore's order
    (angle, x and y translation, scale, x and y shear) from the transform's seeded engine.

    Args:
        degrees (Union[float, Sequence[float]]): Angle range (min, max), or d for (-d, d).
        translate (Sequence[float], optional): (min_x, max_x) or (min_x, max_x, min_y,
            max_y) as fractions of the width and height, in [-1, 1]. Default: ``None``.
        scale (Sequence[float], optional): Scale range, non-negative. Default: ``None``.
        shear (Union[float, Sequence[float]], optional): x shear range, or (min_x, max_x,
            min_y, max_y), in degrees. Default: ``None``.
        resample (Inter): ``Inter.NEAREST``, ``Inter.BILINEAR`` (``Inter.AREA`` is the same)
            or ``Inter.BICUBIC``. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int, int, int]]): Value of the uncovered pixels.
            Default: ``0``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomAffine(30)(np.zeros((4, 5, 3), np.uint8)).shape
        (4, 5, 3)
    """

    def __init__(
        self,
        degrees: float | Sequence[float],
        translate: Sequence[float] | None = None,
        scale: Sequence[float] | None = None,
        shear: float | Sequence[float] | None = None,
        resample: Inter = Inter.NEAREST,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        who = "RandomAffine"
        self.degrees = _ranges(degrees, "degrees", -math.inf, math.inf, who, symmetric=True)
        if len(self.degrees) != 2:
            raise TypeError(f"{who}: `degrees` must hold 2 values")
        translate = [0.0, 0.0] if translate is None else translate
        values = _ranges(translate, "translate", -1.0, 1.0, who, symmetric=False, count=4)
        self.translate = values + [0.0, 0.0] if len(values) == 2 else values
        scale = [1.0, 1.0] if scale is None else scale
        self.scale = _ranges(scale, "scale", 0.0, math.inf, who, symmetric=False)
        if len(self.scale) != 2 or self.scale[1] <= 0:
            raise ValueError(f"{who}: `scale` must be a range (min, max) with max > 0")
        shear = [0.0, 0.0] if shear is None else shear
        values = _ranges(shear, "shear", -180.0, 180.0, who, symmetric=True, count=4)
        self.shear = values + [0.0, 0.0] if len(values) == 2 else values
        self.kernel = _resample(resample, who)
        self.resample = resample  # (PIL images are resampled by PIL's own filter)
        self.fill_value = _fill(fill_value, who)

    def __call__(self, img):
        img = image_arg(img, "RandomAffine")
        kernel = warp_kernel(self.kernel, "RandomAffine", ValueError)
        h, w = img.shape[:2]
        engine = op_engine(self)
        f32 = np.float32
        draws = [
            random_angle(engine, low, high)
            for low, high in (
                self.degrees,
                (f32(self.translate[0]) * f32(w), f32(self.translate[1]) * f32(w)),
                (f32(self.translate[2]) * f32(h), f32(self.translate[3]) * f32(h)),
                self.scale,
                self.shear[:2],
                self.shear[2:],
            )
        ]
        angle, tx, ty, scale, shear_x, shear_y = draws
        matrix = affine_matrix(
            h, w, math.fmod(float(angle), 360.0), (tx, ty), scale, (shear_x, shear_y)
        )
        return warp_affine(img, matrix, self.fill_value, kernel)
