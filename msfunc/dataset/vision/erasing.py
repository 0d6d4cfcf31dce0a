"""`RandomErasing`: MindSpore's Python transform that blanks a random rectangle of a (C, H, W)
numpy image, drawing from Python's `random` module (and numpy's for random values) as
MindSpore does, so `config.set_seed` gives MindSpore's rectangles."""

from __future__ import annotations

import math
import numbers
import random
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["RandomErasing"]


def _range_arg(value, name, low):
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"RandomErasing: `{name}` must be a pair (min, max), got {value!r}")
    if not all(isinstance(v, numbers.Number) and not isinstance(v, bool) for v in value):
        raise TypeError(f"RandomErasing: `{name}` must hold numbers, got {value!r}")
    if not low <= value[0] <= value[1]:
        raise ValueError(
            f"RandomErasing: `{name}` must be (min, max) with {low} <= min, got {value!r}"
        )
    return float(value[0]), float(value[1])


def _value_arg(value):
    if isinstance(value, str):
        if value != "random":
            raise ValueError(f"RandomErasing: a str `value` must be 'random', got {value!r}")
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, (tuple, list)) and len(value) == 3:
        return tuple(value)
    raise TypeError(f"RandomErasing: `value` must be an int, 3 numbers or 'random', got {value!r}")


class RandomErasing:
    """With probability `prob`, blank a random rectangle of a (C, H, W) numpy image.

    Its area is a fraction in `scale` of the image's, its aspect ratio (width / height) in
    `ratio`; up to `max_attempts` rectangles are drawn until one fits
    inside the image, else the image comes back whole. The draws come from Python's
    `random` (the random values of ``value='random'`` from numpy's), as MindSpore's.

    Args:
        prob (float): Probability of erasing, in [0, 1]. Default: ``0.5``.
        scale (Sequence[float]): Range of the erased area's fraction. Default: ``(0.02, 0.33)``.
        ratio (Sequence[float]): Range of its aspect ratio. Default: ``(0.3, 3.3)``.
        value (Union[int, Sequence[float], str]): The fill: one value, one per channel, or
            ``'random'`` for standard normal noise. Default: ``0``.
        inplace (bool): Write into the given array. Default: ``False``.
        max_attempts (int): Rectangles drawn at most. Default: ``10``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomErasing(prob=0.0)(np.ones((3, 4, 4), np.float32)).sum()
        np.float32(48.0)
    """

    def __init__(
        self,
        prob: float = 0.5,
        scale: Sequence[float] = (0.02, 0.33),
        ratio: Sequence[float] = (0.3, 3.3),
        value: int | Sequence[float] | str = 0,
        inplace: bool = False,
        max_attempts: int = 10,
    ) -> None:
        if isinstance(prob, bool) or not isinstance(prob, numbers.Number):
            raise TypeError(f"RandomErasing: `prob` must be a number, got {prob!r}")
        if not 0 <= prob <= 1:
            raise ValueError(f"RandomErasing: `prob` must be in [0, 1], got {prob}")
        self.prob = float(prob)
        self.scale = _range_arg(scale, "scale", 0)
        self.ratio = _range_arg(ratio, "ratio", 0)
        if self.ratio[0] <= 0:
            raise ValueError(f"RandomErasing: `ratio` must be positive, got {ratio!r}")
        self.value = _value_arg(value)
        if not isinstance(inplace, bool):
            raise TypeError(f"RandomErasing: `inplace` must be a bool, got {inplace!r}")
        self.inplace = inplace
        if isinstance(max_attempts, bool) or not isinstance(max_attempts, int):
            raise TypeError(f"RandomErasing: `max_attempts` must be an int, got {max_attempts!r}")
        if max_attempts < 1:
            raise ValueError(f"RandomErasing: `max_attempts` must be positive, got {max_attempts}")
        self.max_attempts = max_attempts

    def _rectangle(self, channels, height, width):
        area = height * width
        for _ in range(self.max_attempts):
            erase_area = random.uniform(*self.scale) * area
            aspect = random.uniform(*self.ratio)
            w = int(round(math.sqrt(erase_area * aspect)))
            h = int(round(w / aspect))
            if h < height and w < width:
                top, left = random.randint(0, height - h), random.randint(0, width - w)
                shape = (channels, h, w)
                if self.value == "random":
                    fill = np.random.normal(loc=0.0, scale=1.0, size=shape)
                elif isinstance(self.value, tuple):
                    fill = np.ones(shape) * np.array(self.value)[:, None, None]
                else:
                    fill = self.value
                return top, left, h, w, fill
        return None

    def __call__(self, img):
        if not isinstance(img, np.ndarray) or img.ndim != 3:
            raise TypeError(
                f"RandomErasing: the image must be a (C, H, W) numpy array, got {type(img)}"
            )
        if not self.prob > random.random():
            return img
        found = self._rectangle(*img.shape)
        if found is None:
            return img
        top, left, h, w, fill = found
        out = img if self.inplace else img.copy()
        out[:, top : top + h, left : left + w] = fill
        return out
