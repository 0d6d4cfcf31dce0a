"""The PIL path of the transforms that draw several numbers per image (`RandomAffine`,
`UniformAugment`): MindSpore's Python implementations and their order of draws."""

from __future__ import annotations

import math
import random

import numpy as np

from .utils import Inter

__all__ = ["pil_filter", "random_affine", "uniform_augment"]

# MindSpore's Inter values are PIL's resampling filters of the same number (NEAREST 0,
# ANTIALIAS = LANCZOS 1, BILINEAR 2, BICUBIC 3); AREA and PILCUBIC have no PIL counterpart
_NO_PIL_FILTER = (Inter.AREA, Inter.PILCUBIC)


def pil_filter(inter, who):
    """PIL's resampling filter for the Inter `inter` (a TypeError for AREA and PILCUBIC).

    Example:
        >>> pil_filter(Inter.BICUBIC, "Resize")
        3
    """
    if Inter(inter) in _NO_PIL_FILTER:
        raise TypeError(f"{who}: {Inter(inter).name} interpolation does not apply to PIL images")
    return int(inter)


def _inverse_affine(center, angle, translation, scale, shear):
    """The output-to-input matrix (PIL's six coefficients) of a rotation by `angle`, shears
    `shear` (radians) and `scale` about `center`, then a shift by `translation`."""
    ax, ay = angle + shear[0], angle + shear[1]
    det = math.cos(ax) * math.cos(ay) + math.sin(ax) * math.sin(ay)
    a, b, d, e = (
        v / scale / det for v in (math.cos(ax), math.sin(ax), -math.sin(ay), math.cos(ay))
    )
    x0, y0 = -center[0] - translation[0], -center[1] - translation[1]
    return [a, b, a * x0 + b * y0 + center[0], d, e, d * x0 + e * y0 + center[1]]


def random_affine(op, img):
    """`RandomAffine` of a PIL image: angle, x and y shift (rounded), scale and the two shears
    drawn in that order from Python's `random`; uncovered pixels are zeros.

    Example:
        >>> from PIL import Image
        >>> from msfunc.dataset import vision
        >>> vision.RandomAffine(10)(Image.new("RGB", (5, 4))).size
        (5, 4)
    """
    from PIL import Image

    resample = pil_filter(op.resample, "RandomAffine")
    width, height = img.size
    angle = random.uniform(*op.degrees)
    max_dx, max_dy = op.translate[0] * width, op.translate[1] * height
    shift = (np.round(random.uniform(-max_dx, max_dx)), np.round(random.uniform(-max_dy, max_dy)))
    scale = random.uniform(*op.scale)
    shear = (random.uniform(*op.shear[:2]), random.uniform(*op.shear[2:]))
    center = (width * 0.5 + 0.5, height * 0.5 + 0.5)
    matrix = _inverse_affine(
        center, math.radians(angle), shift, scale, [math.radians(s) for s in shear]
    )
    # (MindSpore hands `fill_value` to Pillow only when its version string sorts after "5":
    # Pillow 10 and later fill with zeros, which is what its programs get)
    return img.transform(img.size, Image.Transform.AFFINE, matrix, resample)


def uniform_augment(op, img):
    """`UniformAugment` of a PIL image: `num_ops` distinct transforms drawn by numpy's global
    generator, each applied (to a copy) when a second `random` draw falls below a first.

    Example:
        >>> from PIL import Image
        >>> from msfunc.dataset import vision
        >>> vision.UniformAugment([vision.Invert()], 1)(Image.new("L", (2, 2))).mode
        'L'
    """
    picked = np.random.choice(len(op.transforms), size=op.num_ops, replace=False)
    for index in picked:
        threshold = random.random()
        if random.random() < threshold:
            img = op.transforms[index](img.copy())
    return img
