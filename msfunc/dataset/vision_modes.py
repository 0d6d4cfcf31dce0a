"""The interpolation and padding modes of the vision transforms, and their image check."""

from __future__ import annotations

import enum

import numpy as np

__all__ = ["Inter", "Border", "image_arg"]


class Inter(enum.IntEnum):
    """Interpolation modes.

    Example:
        >>> from msfunc.dataset import vision
        >>> vision.Inter.BILINEAR is vision.Inter.LINEAR, int(vision.Inter.NEAREST)
        (True, 0)
    """

    NEAREST = 0
    LINEAR = 1
    BILINEAR = 1
    CUBIC = 2
    BICUBIC = 2
    AREA = 3
    PILCUBIC = 4


class Border(str, enum.Enum):
    """Padding modes.

    Example:
        >>> from msfunc.dataset import vision
        >>> vision.Border.EDGE.value
        'edge'
    """

    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


def image_arg(x, who):
    """`x` as a numpy image of shape (H, W) or (H, W, C); ValueError naming `who` otherwise.

    Example:
        >>> image_arg([[1, 2]], "Resize").shape
        (1, 2)
    """
    x = np.asarray(x)
    if x.ndim not in (2, 3):
        raise ValueError(f"{who}: expected an image of shape (H, W) or (H, W, C), got {x.shape}")
    return x
