"""Random pixel-value transforms: `RandomSolarize`, `RandomPosterize`, `RandomColor`,
`RandomSharpness`, `RandomAdjustSharpness` and `AdjustSharpness`, each drawing from its own
seeded engine as MindSpore's C++ operations do, with OpenCV's grey conversion, 3 x 3
smoothing and saturating blend."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import bernoulli, uniform_int
from .._random import op_engine
from ._checks import image_arg
from .color import _solarized
from .rotate import random_angle

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "RandomSolarize",
    "RandomPosterize",
    "RandomColor",
    "RandomSharpness",
    "AdjustSharpness",
    "RandomAdjustSharpness",
]

_FLOAT_MAX = 16777216


def _ints_pair(value, name, low, high, who):
    if not isinstance(value, (tuple, list)) or not all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in value
    ):
        raise TypeError(f"{who}: `{name}` must be a pair of ints, got {value!r}")
    if len(value) != 2:
        raise ValueError(f"{who}: `{name}` must hold 2 values, got {len(value)}")
    if not all(low <= v <= high for v in value):
        raise ValueError(f"{who}: `{name}` values must be in [{low}, {high}], got {value!r}")
    if value[0] > value[1]:
        raise ValueError(f"{who}: `{name}` must be (min, max), got {value!r}")
    return int(value[0]), int(value[1])


class RandomSolarize:
    """`Solarize` between two thresholds drawn from `threshold` (put in order; equal ones
    invert every pixel from there up).

    Args:
        threshold (tuple[int, int]): Range (min, max) of the thresholds, in [0, 255].
            Default: ``(0, 255)``.

    Raises:
        TypeError: `threshold` is not a tuple of ints.
        ValueError: a value is outside [0, 255], or min > max.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomSolarize((0, 0))(np.array([[0, 200]], np.uint8)).tolist()
        [[255, 55]]
    """

    def __init__(self, threshold: Sequence[int] = (0, 255)) -> None:
        if not isinstance(threshold, tuple):
            raise TypeError(f"RandomSolarize: `threshold` must be a tuple, got {threshold!r}")
        self.threshold = _ints_pair(threshold, "threshold", 0, 255, "RandomSolarize")

    def __call__(self, img):
        img = image_arg(img, "RandomSolarize")
        engine = op_engine(self)
        low, high = (uniform_int(engine, *self.threshold) for _ in range(2))
        low, high = min(low, high), max(low, high)
        return _solarized(img, low, 255 if low == high else high)


class RandomPosterize:
    """Keep a random number of high bits (drawn from `bits`) of every uint8 pixel.

    Args:
        bits (Union[int, Sequence[int]]): Range (min, max) of the bits kept, in [1, 8], or one
            number. Default: ``(8, 8)``.

    Raises:
        TypeError: `bits` is not an int or a pair of ints.
        ValueError: a value is outside [1, 8], or min > max.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomPosterize(2)(np.array([[255, 100]], np.uint8)).tolist()
        [[192, 64]]
    """

    def __init__(self, bits: int | Sequence[int] = (8, 8)) -> None:
        if isinstance(bits, (int, np.integer)) and not isinstance(bits, bool):
            if not 1 <= bits <= 8:
                raise ValueError(f"RandomPosterize: `bits` must be in [1, 8], got {bits}")
            bits = (bits, bits)
        elif isinstance(bits, (tuple, list)) and len(bits) != 2:
            raise TypeError(f"RandomPosterize: `bits` must be an int or a pair, got {bits!r}")
        self.bits = _ints_pair(bits, "bits", 1, 8, "RandomPosterize")

    def __call__(self, img):
        img = image_arg(img, "RandomPosterize")
        if img.dtype != np.uint8:
            raise RuntimeError(f"RandomPosterize: the image must be uint8, got {img.dtype}")
        bits = uniform_int(op_engine(self), *self.bits)
        return img & np.uint8((0xFF << (8 - bits)) & 0xFF)


def _degrees(degrees, who):
    if not isinstance(degrees, (tuple, list)):
        raise TypeError(f"{who}: `degrees` must be a tuple or a list, got {degrees!r}")
    if not all(isinstance(d, (int, float)) and not isinstance(d, bool) for d in degrees):
        raise TypeError(f"{who}: `degrees` must hold numbers, got {degrees!r}")
    if len(degrees) != 2:
        raise ValueError(f"{who}: `degrees` must hold 2 values, got {len(degrees)}")
    if not all(0 <= d <= _FLOAT_MAX for d in degrees) or degrees[0] > degrees[1]:
        raise ValueError(f"{who}: `degrees` must be (min, max), non-negative, got {degrees!r}")
    return float(degrees[0]), float(degrees[1])


def _grey(img):
    """OpenCV's RGB to grey (see `pixel_maps.to_gray`)."""
    from .pixel_maps import to_gray

    return to_gray(img[..., :3], blue_first=False)


def _add_weighted(first, alpha, second, beta):
    """OpenCV's addWeighted(first, alpha, second, beta) in float32: ``first * alpha``
    rounded, then ``second * beta`` added to it by a fused multiply-add (OpenCV's vector
    code; emulated exactly in float64), rounded and saturated for integer images."""
    scaled = first.astype(np.float32) * np.float32(alpha)
    total = (second.astype(np.float64) * float(np.float32(beta)) + scaled).astype(np.float32)
    if first.dtype.kind == "f":
        return total.astype(first.dtype)
    info = np.iinfo(first.dtype)
    return np.clip(np.rint(total), info.min, info.max).astype(first.dtype)


def _blend(first, alpha, second):
    """OpenCV's addWeighted(first, alpha, second, 1 - alpha), the weights in float32."""
    alpha = np.float32(alpha)
    return _add_weighted(first, alpha, second, np.float32(1) - alpha)


class RandomColor:
    """Blend the image with its grey version by a factor drawn from `degrees` (1 keeps the
    image, 0 gives grey).

    Args:
        degrees (Sequence[float]): Range (min, max) of the factor, non-negative.
            Default: ``(0.1, 1.9)``.

    Raises:
        TypeError: `degrees` is not a sequence of numbers.
        ValueError: `degrees` is not an ordered pair of non-negative numbers.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomColor((1, 1))(np.full((1, 1, 3), 7, np.uint8)).tolist()
        [[[7, 7, 7]]]
    """

    def __init__(self, degrees: Sequence[float] = (0.1, 1.9)) -> None:
        self.degrees = _degrees(degrees, "RandomColor")

    def __call__(self, img):
        img = image_arg(img, "RandomColor")
        if img.ndim != 3 or img.shape[2] != 3:
            raise RuntimeError(f"RandomColor: expected an (H, W, 3) image, got shape {img.shape}")
        t = float(random_angle(op_engine(self), *self.degrees))
        eps = 0.00195  # (half a step of an 8-bit pixel: MindSpore returns the input)
        if abs(t - 1.0) < eps:
            return img
        grey = np.repeat(_grey(img)[..., None], 3, axis=2)
        if abs(t) < eps:
            return grey
        # addWeighted(img, t, grey, 1 - t): OpenCV's vector kernel rounds grey's product and
        # fuses img's into it, the order `_add_weighted` takes its operands in
        t = np.float32(t)
        return _add_weighted(grey, np.float32(1) - t, img, t)


def _sharpened(img, alpha):
    """MindSpore's sharpness: blend `img` (weight `alpha`) with its 3 x 3 smoothing
    (centre 5/13, the rest 1/13; the border pixels kept)."""
    f = img.astype(np.float32)
    kernel = np.full((3, 3), np.float32(1.0 / 13.0), np.float32)
    kernel[1, 1] = np.float32(5.0 / 13.0)
    smooth = f.copy()
    h, w = img.shape[:2]
    if h > 2 and w > 2:
        acc = np.zeros_like(f[1:-1, 1:-1])
        for dy in range(3):
            for dx in range(3):
                acc = acc + f[dy : h - 2 + dy, dx : w - 2 + dx] * kernel[dy, dx]
        smooth[1:-1, 1:-1] = acc
    if img.dtype.kind != "f":
        info = np.iinfo(img.dtype)
        smooth = np.clip(np.rint(smooth), info.min, info.max)
    # (MindSpore weighs the smoothing first: the other order of the fused sum)
    alpha = np.float32(alpha)
    return _add_weighted(smooth.astype(img.dtype), np.float32(1) - alpha, img, alpha)


class AdjustSharpness:
    """Sharpen (factor above 1) or blur (below 1) the image: a blend with its 3 x 3
    smoothing by `sharpness_factor`.

    Args:
        sharpness_factor (float): Blend factor, non-negative; 1 keeps the image.

    Raises:
        TypeError: `sharpness_factor` is not a number.
        ValueError: `sharpness_factor` is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.AdjustSharpness(1.0)(np.full((3, 3), 7, np.uint8)).tolist()
        [[7, 7, 7], [7, 7, 7], [7, 7, 7]]
    """

    def __init__(self, sharpness_factor: float) -> None:
        if isinstance(sharpness_factor, bool) or not isinstance(sharpness_factor, (int, float)):
            raise TypeError(
                f"AdjustSharpness: `sharpness_factor` must be a number, got {sharpness_factor!r}"
            )
        if sharpness_factor < 0:
            raise ValueError(
                f"AdjustSharpness: `sharpness_factor` must be >= 0, got {sharpness_factor}"
            )
        self.sharpness_factor = float(sharpness_factor)

    def __call__(self, img):
        return _sharpened(image_arg(img, "AdjustSharpness"), self.sharpness_factor)


class RandomSharpness:
    """`AdjustSharpness` by a factor drawn from `degrees`.

    Args:
        degrees (Sequence[float]): Range (min, max) of the factor, non-negative.
            Default: ``(0.1, 1.9)``.

    Raises:
        TypeError: `degrees` is not a sequence of numbers.
        ValueError: `degrees` is not an ordered pair of non-negative numbers.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomSharpness()(np.zeros((4, 4, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(self, degrees: Sequence[float] = (0.1, 1.9)) -> None:
        self.degrees = _degrees(degrees, "RandomSharpness")

    def __call__(self, img):
        img = image_arg(img, "RandomSharpness")
        return _sharpened(img, float(random_angle(op_engine(self), *self.degrees)))


class RandomAdjustSharpness:
    """`AdjustSharpness` by `degree` with probability `prob`.

    Args:
        degree (float): Sharpness factor, non-negative.
        prob (float): Probability of adjusting, in [0, 1]. Default: ``0.5``.

    Raises:
        TypeError: an argument is not a number.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomAdjustSharpness(2.0, 0.0)(np.full((3, 3), 7, np.uint8)).tolist()
        [[7, 7, 7], [7, 7, 7], [7, 7, 7]]
    """

    def __init__(self, degree: float, prob: float = 0.5) -> None:
        for name, value in (("degree", degree), ("prob", prob)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"RandomAdjustSharpness: `{name}` must be a number, got {value!r}")
        if not 0 <= degree <= _FLOAT_MAX:
            raise ValueError(f"RandomAdjustSharpness: `degree` must be >= 0, got {degree}")
        if not 0 <= prob <= 1:
            raise ValueError(f"RandomAdjustSharpness: `prob` must be in [0, 1], got {prob}")
        self.degree, self.prob = float(degree), float(prob)

    def __call__(self, img):
        img = image_arg(img, "RandomAdjustSharpness")
        if bernoulli(op_engine(self), self.prob):
            return _sharpened(img, self.degree)
        return img
