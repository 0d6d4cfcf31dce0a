"""Colour adjustments: `AdjustBrightness`, `AdjustContrast`, `AdjustSaturation`,
`AdjustHue`, `RandomColorAdjust` (MindSpore's random order and draws) and
`UniformAugment`, with OpenCV's arithmetic as MindSpore runs it (fixed-point grey and
8-bit HSV, saturating blends)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import shuffle, uniform_int
from .._random import op_engine
from ._checks import image_arg
from .random_color import _blend, _grey
from .rotate import random_angle

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = [
    "AdjustBrightness",
    "AdjustContrast",
    "AdjustSaturation",
    "AdjustHue",
    "RandomColorAdjust",
    "UniformAugment",
]

_FLOAT_MAX = 16777216
_HSV_SHIFT = 12


def _rgb_image(img, who):
    img = image_arg(img, who)
    if img.ndim != 3 or img.shape[2] != 3:
        raise RuntimeError(f"{who}: expected an (H, W, 3) image, got shape {img.shape}")
    if img.dtype not in (np.uint8, np.uint16, np.float32):
        raise RuntimeError(f"{who}: the image must be uint8, uint16 or float32, got {img.dtype}")
    return img


def _factor(value, name, who):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{who}: `{name}` must be a number, got {value!r}")
    if not 0 <= value <= _FLOAT_MAX:
        raise ValueError(f"{who}: `{name}` must be non-negative, got {value}")
    return float(value)


def brightness(img, factor):
    """``img * factor``, rounded and saturated for integer images."""
    return _blend(img, factor, np.zeros_like(img))


def contrast(img, factor):
    """Blend with the image's mean grey level (rounded to the dtype first)."""
    mean = np.float64(_grey(img).mean())
    if img.dtype.kind != "f":
        mean = np.rint(mean)
    return _blend(img, factor, np.full_like(img, mean))


def saturation(img, factor):
    """Blend with the image's grey version."""
    return _blend(img, factor, np.repeat(_grey(img)[..., None], 3, axis=2))


def _rgb_to_hsv_full(img):
    """OpenCV's 8-bit RGB to HSV with the hue over the full byte (12-bit fixed point)."""
    rgb = img.astype(np.int64)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    v, low = rgb.max(axis=-1), rgb.min(axis=-1)
    diff = v - low
    half = 1 << (_HSV_SHIFT - 1)
    with np.errstate(divide="ignore"):
        sdiv = np.where(v > 0, np.rint((255 << _HSV_SHIFT) / np.maximum(v, 1)), 0).astype(np.int64)
        hdiv = np.where(diff > 0, np.rint((256 << _HSV_SHIFT) / (6.0 * np.maximum(diff, 1))), 0)
    s = (diff * sdiv + half) >> _HSV_SHIFT
    h = np.where(v == r, g - b, np.where(v == g, b - r + 2 * diff, r - g + 4 * diff))
    h = (h * hdiv.astype(np.int64) + half) >> _HSV_SHIFT
    h = np.where(h < 0, h + 256, h)
    return h, s, v


# OpenCV's 8-bit HSV to RGB runs each row in blocks of 32 pixels (4 AVX2 float vectors) and
# the rest one pixel at a time; the two give different bytes (see `_hsv_full_to_rgb`)
_HSV_BLOCK = 32


def _hsv_sectors(h, s, v, fused):
    """RGB in [0, 1] (float32) from 8-bit HSV with the hue over 255 steps; `fused` computes
    ``1 - s * h`` with one rounding (a fused multiply-add: the float64 product of two float32
    values is exact)."""
    f32 = np.float32
    hue = h.astype(f32) * f32(6.0 / 255.0)
    sat, val = s.astype(f32) * f32(1 / 255.0), v.astype(f32) * f32(1 / 255.0)
    sector = np.floor(hue)
    frac = hue - sector
    sector = sector.astype(np.int64) % 6
    wide = np.float64 if fused else f32
    p = val * (f32(1) - sat)
    q = val * (f32(1) - sat.astype(wide) * frac).astype(f32)
    t = val * (f32(1) - sat.astype(wide) * (f32(1) - frac)).astype(f32)
    table = [(val, t, p), (q, val, p), (p, val, t), (p, q, val), (t, p, val), (val, p, q)]
    channels = [np.choose(sector, [row[c] for row in table]) for c in range(3)]
    out = np.stack(channels, axis=-1)
    return np.where((sat == 0)[..., None], val[..., None], out) * f32(255)


def _hsv_full_to_rgb(h, s, v):
    """OpenCV's 8-bit HSV (full-range hue) to RGB as MindSpore's build runs it: the blocks
    of whole 32 pixels of each row through fused multiply-adds, truncated to bytes; the
    remaining pixels in plain float32, rounded."""
    simd = (h.shape[-1] // _HSV_BLOCK) * _HSV_BLOCK
    vector = np.floor(_hsv_sectors(h[..., :simd], s[..., :simd], v[..., :simd], True))
    scalar = np.rint(_hsv_sectors(h[..., simd:], s[..., simd:], v[..., simd:], False))
    out = np.concatenate([vector, scalar], axis=-2)
    return np.clip(out, 0, 255).astype(np.uint8)


def hue(img, factor):
    """Shift the 8-bit full-range hue by ``uint8(factor * 255)`` (wrapping)."""
    if img.dtype != np.uint8:
        raise RuntimeError(f"AdjustHue: the image must be uint8, got {img.dtype}")
    h, s, v = _rgb_to_hsv_full(img)
    shift = int(np.float32(factor) * np.float32(255)) & 0xFF
    return _hsv_full_to_rgb((h + shift) & 0xFF, s, v)


class AdjustBrightness:
    """Scale the pixels by `brightness_factor` (saturating).

    Args:
        brightness_factor (float): Non-negative; 1 keeps the image.

    Raises:
        TypeError: the factor is not a number.
        ValueError: the factor is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.AdjustBrightness(2.0)(np.full((1, 1, 3), 100, np.uint8)).tolist()
        [[[200, 200, 200]]]
    """

    def __init__(self, brightness_factor: float) -> None:
        self.brightness_factor = _factor(brightness_factor, "brightness_factor", "AdjustBrightness")

    def __call__(self, img):
        return brightness(_rgb_image(img, "AdjustBrightness"), self.brightness_factor)


class AdjustContrast:
    """Blend with the mean grey level by `contrast_factor` (0 gives flat grey).

    Args:
        contrast_factor (float): Non-negative; 1 keeps the image.

    Raises:
        TypeError: the factor is not a number.
        ValueError: the factor is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.AdjustContrast(1.0)(np.full((1, 1, 3), 9, np.uint8)).tolist()
        [[[9, 9, 9]]]
    """

    def __init__(self, contrast_factor: float) -> None:
        self.contrast_factor = _factor(contrast_factor, "contrast_factor", "AdjustContrast")

    def __call__(self, img):
        return contrast(_rgb_image(img, "AdjustContrast"), self.contrast_factor)


class AdjustSaturation:
    """Blend with the grey version by `saturation_factor` (0 gives grey).

    Args:
        saturation_factor (float): Non-negative; 1 keeps the image.

    Raises:
        TypeError: the factor is not a number.
        ValueError: the factor is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.AdjustSaturation(0.0)(np.array([[[255, 0, 0]]], np.uint8)).tolist()
        [[[76, 76, 76]]]
    """

    def __init__(self, saturation_factor: float) -> None:
        self.saturation_factor = _factor(saturation_factor, "saturation_factor", "AdjustSaturation")

    def __call__(self, img):
        return saturation(_rgb_image(img, "AdjustSaturation"), self.saturation_factor)


class AdjustHue:
    """Rotate the hue by `hue_factor` of a turn (uint8 RGB images).

    Args:
        hue_factor (float): In [-0.5, 0.5]; 0 keeps the image.

    Raises:
        TypeError: the factor is not a number.
        ValueError: the factor is outside [-0.5, 0.5].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.AdjustHue(0.0)(np.array([[[255, 0, 0]]], np.uint8)).tolist()
        [[[255, 0, 0]]]
    """

    def __init__(self, hue_factor: float) -> None:
        if isinstance(hue_factor, bool) or not isinstance(hue_factor, (int, float)):
            raise TypeError(f"AdjustHue: `hue_factor` must be a number, got {hue_factor!r}")
        if not -0.5 <= hue_factor <= 0.5:
            raise ValueError(f"AdjustHue: `hue_factor` must be in [-0.5, 0.5], got {hue_factor}")
        self.hue_factor = float(hue_factor)

    def __call__(self, img):
        return hue(_rgb_image(img, "AdjustHue"), self.hue_factor)


def _adjust_range(value, name, who, center=1.0, bound=(0.0, _FLOAT_MAX)):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value < 0:
            raise ValueError(f"{who}: `{name}` must be non-negative, got {value}")
        value = [center - value, center + value]
        if center == 1.0:
            value[0] = max(0.0, value[0])
    elif isinstance(value, (tuple, list)):
        if len(value) != 2:
            raise TypeError(f"{who}: a sequence `{name}` must hold 2 values, got {len(value)}")
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            raise TypeError(f"{who}: `{name}` must hold numbers, got {value!r}")
        if value[0] > value[1]:
            raise ValueError(f"{who}: `{name}` must be (min, max), got {value!r}")
    else:
        raise TypeError(f"{who}: `{name}` must be a number or a pair, got {value!r}")
    if not all(bound[0] <= v <= bound[1] for v in value):
        raise ValueError(f"{who}: `{name}` must lie in [{bound[0]}, {bound[1]}], got {value!r}")
    return float(value[0]), float(value[1])


class RandomColorAdjust:
    """Adjust brightness, contrast, saturation and hue in a random order, each by a factor
    drawn from its range (skipped when the range is the identity), as MindSpore orders and
    draws them.

    Args:
        brightness (Union[float, Sequence[float]]): Factor range, or b for [max(0, 1 - b),
            1 + b]. Default: ``(1, 1)``.
        contrast (Union[float, Sequence[float]]): As `brightness`. Default: ``(1, 1)``.
        saturation (Union[float, Sequence[float]]): As `brightness`. Default: ``(1, 1)``.
        hue (Union[float, Sequence[float]]): Range in [-0.5, 0.5], or h for [-h, h].
            Default: ``(0, 0)``.

    Raises:
        TypeError: an argument is not a number or a pair.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomColorAdjust(contrast=0.5)(np.zeros((4, 4, 3), np.float32)).shape
        (4, 4, 3)
    """

    def __init__(
        self,
        brightness: float | Sequence[float] = (1, 1),
        contrast: float | Sequence[float] = (1, 1),
        saturation: float | Sequence[float] = (1, 1),
        hue: float | Sequence[float] = (0, 0),
    ) -> None:
        who = "RandomColorAdjust"
        self.brightness = _adjust_range(brightness, "brightness", who)
        self.contrast = _adjust_range(contrast, "contrast", who)
        self.saturation = _adjust_range(saturation, "saturation", who)
        self.hue = _adjust_range(hue, "hue", who, center=0.0, bound=(-0.5, 0.5))

    def __call__(self, img):
        img = _rgb_image(img, "RandomColorAdjust")
        engine = op_engine(self)
        steps = [
            (self.brightness, 1.0, brightness),
            (self.contrast, 1.0, contrast),
            (self.saturation, 1.0, saturation),
            (self.hue, 0.0, hue),
        ]
        for (low, high), identity, adjust in shuffle(steps, engine):
            if low == high == identity:
                continue
            img = adjust(img, float(random_angle(engine, low, high)))
        return img


class UniformAugment:
    """Pick `num_ops` of `transforms` (in their order) and apply each picked one with
    probability 1/2.

    The pick is Knuth's selection sampling, one draw per candidate; MindSpore's `std::sample`
    may pair its draws, so a seeded pipeline can pick other transforms than MindSpore's.

    Args:
        transforms (Sequence[Callable]): The candidate transforms.
        num_ops (int): How many to pick, in [1, len(transforms)]. Default: ``2``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: `num_ops` is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> ops = [vision.HorizontalFlip(), vision.VerticalFlip()]
        >>> vision.UniformAugment(ops, 2)(np.zeros((2, 3, 3), np.uint8)).shape
        (2, 3, 3)
    """

    def __init__(self, transforms: Sequence[Callable], num_ops: int = 2) -> None:
        if isinstance(num_ops, bool) or not isinstance(num_ops, (int, np.integer)):
            raise TypeError(f"UniformAugment: `num_ops` must be an int, got {num_ops!r}")
        if num_ops < 1:
            raise ValueError(f"UniformAugment: `num_ops` must be positive, got {num_ops}")
        if not isinstance(transforms, (list, tuple)):
            raise TypeError(f"UniformAugment: `transforms` must be a list, got {transforms!r}")
        if num_ops > len(transforms):
            raise ValueError(
                f"UniformAugment: `num_ops` {num_ops} exceeds the {len(transforms)} transforms"
            )
        for i, op in enumerate(transforms):
            if not callable(op):
                raise TypeError(f"UniformAugment: transforms[{i}] is not callable: {op!r}")
        self.transforms, self.num_ops = list(transforms), int(num_ops)

    def __call__(self, img):
        engine = op_engine(self)
        picked, needed = [], self.num_ops
        for i, op in enumerate(self.transforms):
            if uniform_int(engine, 0, len(self.transforms) - i - 1) < needed:
                picked.append(op)
                needed -= 1
        for op in picked:
            if uniform_int(engine, 0, 1):
                continue
            img = op(img)
        return img
