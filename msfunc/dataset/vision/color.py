"""Pixel-value vision transforms: `Invert`, `RandomInvert`, `Solarize`, `Posterize`,
`AdjustGamma` and `CutOut`, with MindSpore's integer arithmetic (its lookup tables, its draws)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import bernoulli, uniform_int
from .._random import op_engine
from ._checks import image_arg
from .tone import _prob

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Invert", "RandomInvert", "Solarize", "Posterize", "AdjustGamma", "CutOut"]


def _number(value, name, who):
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
        raise TypeError(f"{who}: `{name}` must be a number, got {value!r}")
    return float(value)


def _three_channels(img, who):
    if img.ndim != 3 or img.shape[-1] != 3:
        raise RuntimeError(f"{who}: expected an (H, W, 3) image, got shape {img.shape}")
    return img


# (OpenCV's subtraction: no kernel for these, and integer results saturate)
_NO_INVERT = {"uint32", "int64", "uint64", "float16"}


def _invertible(img, who):
    img = _three_channels(image_arg(img, who), who)
    if img.dtype.name in _NO_INVERT:
        raise RuntimeError(f"{who}: images of dtype {img.dtype} are not supported")
    return img


def _inverted(img, who):
    """``255 - pixel`` of an (H, W, 3) image in its dtype, integers saturated to its range."""
    img = _invertible(img, who)
    if img.dtype == np.bool_:
        # (MindSpore subtracts the bytes as uint8 and keeps them: 254 and 255, both true)
        return (np.uint8(255) - img.view(np.uint8)).view(np.bool_)
    if img.dtype.kind in "iu":
        info = np.iinfo(img.dtype)
        out = np.clip(255 - img.astype(np.int64), info.min, info.max)
        return out.astype(img.dtype)
    return (np.asarray(255, img.dtype) - img).astype(img.dtype)


class Invert:
    """``255 - pixel`` on an (H, W, 3) image, in its dtype.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Invert()(np.full((1, 1, 3), 5, np.uint8)).tolist()
        [[[250, 250, 250]]]
    """

    def __call__(self, img):
        return _inverted(img, "Invert")


class RandomInvert:
    """`Invert` with probability `prob`, drawn from the transform's seeded engine; a PIL
    image comes back as a numpy array, as in MindSpore.

    Args:
        prob (float): Probability of inverting, in [0, 1]. Default: ``0.5``.

    Raises:
        TypeError: `prob` is not a number.
        ValueError: `prob` is outside [0, 1].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomInvert(1.0)(np.full((1, 1, 3), 5, np.uint8)).tolist()
        [[[250, 250, 250]]]
    """

    def __init__(self, prob: float = 0.5) -> None:
        self.prob = _prob(prob, "RandomInvert")

    def __call__(self, img):
        # (the image is checked before the draw: a wrong one fails even when left alone)
        img = _invertible(img, "RandomInvert")
        if not bernoulli(op_engine(self), self.prob):
            return img
        return _inverted(img, "RandomInvert")


class Solarize:
    """Invert (``255 - pixel``) the pixels in [min, max] of `threshold`; one number t stands
    for every pixel from t up.

    Args:
        threshold (Union[float, Sequence[float]]): t, or (min, max), in [0, 255].

    Raises:
        TypeError: `threshold` is not a number or a pair of numbers.
        ValueError: a value is outside [0, 255], or min > max.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Solarize(100)(np.array([[50, 150]], np.uint8)).tolist()
        [[50, 105]]
    """

    def __init__(self, threshold: float | Sequence[float]) -> None:
        self.threshold = _threshold_pair(threshold, "Solarize")

    def __call__(self, img):
        return _solarized(image_arg(img, "Solarize"), *self.threshold)


def _threshold_pair(threshold, who):
    if isinstance(threshold, (tuple, list)):
        if len(threshold) != 2:
            raise TypeError(f"{who}: `threshold` must be a number or a pair, got {threshold!r}")
        low, high = (_number(t, "threshold", who) for t in threshold)
    else:
        low = _number(threshold, "threshold", who)
        high = 255.0
    if not (0 <= low <= 255 and 0 <= high <= 255):
        raise ValueError(f"{who}: `threshold` values must be in [0, 255], got {threshold!r}")
    if low > high:
        raise ValueError(f"{who}: `threshold` must be (min, max) with min <= max")
    return low, high


def _solarized(img, low, high):
    inverted = (np.asarray(255, img.dtype) - img).astype(img.dtype)
    return np.where((img >= low) & (img <= high), inverted, img)


class Posterize:
    """Keep the `bits` high bits of every uint8 pixel.

    Args:
        bits (int): Bits kept, in [0, 8].

    Raises:
        TypeError: `bits` is not an int.
        ValueError: `bits` is outside [0, 8].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Posterize(2)(np.array([[255, 100]], np.uint8)).tolist()
        [[192, 64]]
    """

    def __init__(self, bits: int) -> None:
        if isinstance(bits, bool) or not isinstance(bits, (int, np.integer)):
            raise TypeError(f"Posterize: `bits` must be an int, got {bits!r}")
        if not 0 <= bits <= 8:
            raise ValueError(f"Posterize: `bits` must be in [0, 8], got {bits}")
        self.bits = int(bits)

    def __call__(self, img):
        img = image_arg(img, "Posterize")
        if img.dtype != np.uint8:
            raise RuntimeError(f"Posterize: the image must be uint8, got {img.dtype}")
        return img & np.uint8((0xFF << (8 - self.bits)) & 0xFF)


class AdjustGamma:
    """Gamma correction: integer images through MindSpore's table
    ``floor(min((i / 255) ** gamma * 255.999 * gain, 255))`` (float32), float images as
    ``clip((x * gain) ** gamma, 0, 1)``.

    Args:
        gamma (float): Exponent, non-negative.
        gain (float): Multiplier. Default: ``1.0``.

    Raises:
        TypeError: an argument is not a number.
        ValueError: `gamma` is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.AdjustGamma(0.5)(np.array([[0, 64, 255]], np.uint8)).tolist()
        [[0, 128, 255]]
    """

    def __init__(self, gamma: float, gain: float = 1.0) -> None:
        self.gamma = _number(gamma, "gamma", "AdjustGamma")
        self.gain = _number(gain, "gain", "AdjustGamma")
        if self.gamma < 0:
            raise ValueError(f"AdjustGamma: `gamma` must be non-negative, got {gamma}")

    def __call__(self, img):
        img = image_arg(img, "AdjustGamma", max_rank=None)
        channels = 1 if img.ndim == 2 else img.shape[-1]
        if channels not in (1, 3):
            raise RuntimeError(f"AdjustGamma: the image must have 1 or 3 channels, not {channels}")
        gamma, gain = np.float32(self.gamma), np.float32(self.gain)
        if img.dtype.kind == "f":
            out = np.power(img.astype(np.float32) * gain, gamma)
            return np.clip(out, 0, 1).astype(img.dtype)
        levels = np.power(np.arange(256, dtype=np.float32) / np.float32(255), gamma)
        scaled = levels * (np.float32(256) - np.float32(1e-3)) * gain
        table = np.floor(np.minimum(scaled, np.float32(255))).astype(np.uint8)
        return table[img.astype(np.int64)].astype(img.dtype)


class CutOut:
    """Zero `num_patches` random `length` x `length` squares (clipped where they hang over
    the image's edges).

    Args:
        length (int): Side of a square, positive.
        num_patches (int): Number of squares, positive. Default: ``1``.
        is_hwc (bool): Channels are the last axis, else the first. Default: ``True``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.CutOut(2)(np.ones((4, 4, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(self, length: int, num_patches: int = 1, is_hwc: bool = True) -> None:
        for name, value in (("length", length), ("num_patches", num_patches)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"CutOut: `{name}` must be an int, got {value!r}")
            if value < 1:
                raise ValueError(f"CutOut: `{name}` must be positive, got {value}")
        if not isinstance(is_hwc, bool):
            raise TypeError(f"CutOut: `is_hwc` must be a bool, got {is_hwc!r}")
        self.length, self.num_patches, self.is_hwc = int(length), int(num_patches), is_hwc

    def __call__(self, img):
        img = image_arg(img, "CutOut")
        if img.ndim != 3:
            raise RuntimeError(f"CutOut: expected a 3-D image, got shape {img.shape}")
        h, w = img.shape[:2] if self.is_hwc else img.shape[1:]
        if self.length > h or self.length > w:
            raise RuntimeError(f"CutOut: a {self.length}-pixel square does not fit ({h}, {w})")
        out, engine = img.copy(), op_engine(self)
        n = self.length
        for _ in range(self.num_patches):
            # MindSpore draws the row, then the column, of a square that may hang over the
            # image's edges (its corner from -length up to the far side)
            top = uniform_int(engine, 0, h + n) - n
            left = uniform_int(engine, 0, w + n) - n
            rows = slice(max(top, 0), max(top + n, 0))
            cols = slice(max(left, 0), max(left + n, 0))
            if self.is_hwc:
                out[rows, cols] = 0
            else:
                out[:, rows, cols] = 0
        return out
