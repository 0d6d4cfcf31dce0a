"""Rotation of images as MindSpore's `Rotate` and `RandomRotation` do it: OpenCV's
``getRotationMatrix2D`` about the centre ``((w - 1) / 2, (h - 1) / 2)`` and ``warpAffine``
with nearest-neighbour sampling, whose source coordinates are 10-bit fixed point."""

from __future__ import annotations

import math

import numpy as np

from ..common.stdlib_random import canonical_float

__all__ = ["rotate", "random_angle"]

_AB_BITS = 10
_AB_SCALE = 1 << _AB_BITS


def _rotation_matrix(cx, cy, degrees):
    """OpenCV's 2 x 3 matrix rotating by `degrees` (counter-clockwise) about (cx, cy)."""
    angle = degrees * math.pi / 180.0
    alpha, beta = math.cos(angle), math.sin(angle)
    return [alpha, beta, (1 - alpha) * cx - beta * cy,
            -beta, alpha, beta * cx + (1 - alpha) * cy]


def _inverted(m):
    """The inverse affine map, computed as OpenCV's warpAffine computes it."""
    det = m[0] * m[4] - m[1] * m[3]
    det = 1.0 / det if det != 0 else 0.0
    a11, a22 = m[4] * det, m[0] * det
    a12, a21 = -m[1] * det, -m[3] * det
    return [a11, a12, -a11 * m[2] - a12 * m[5], a21, a22, -a21 * m[2] - a22 * m[5]]


def _fixed(values):
    """saturate_cast<int> of doubles: round half to even."""
    return np.rint(values).astype(np.int64)


def _expanded_size(h, w, degrees):
    """The (width, height) of the rotated image's bounding box, in float32 as OpenCV's
    ``RotatedRect(...).boundingRect2f()`` computes it."""
    f32 = np.float32
    angle = degrees * math.pi / 180.0
    b, a = f32(math.cos(angle)) * f32(0.5), f32(math.sin(angle)) * f32(0.5)
    width, height = f32(w), f32(h)
    x0, y0 = -a * height - b * width, b * height - a * width
    x1, y1 = a * height - b * width, -b * height - a * width
    xs, ys = (x0, x1, -x0, -x1), (y0, y1, -y0, -y1)
    return float(f32(max(xs)) - f32(min(xs))), float(f32(max(ys)) - f32(min(ys)))


def rotate(img, degrees, center=None, expand=False, fill_value=0):
    """`img` (H, W[, C]) rotated counter-clockwise by `degrees` about `center` ((x, y);
    default the image's centre), pixels from outside filled with `fill_value`; with
    `expand` the output grows to hold the whole rotated image.

    Example:
        >>> rotate(np.arange(9, dtype=np.uint8).reshape(3, 3), 90).tolist()
        [[2, 5, 8], [1, 4, 7], [0, 3, 6]]
    """
    h, w = img.shape[:2]
    if center is None:
        cx, cy = np.float32((w - 1) / 2.0), np.float32((h - 1) / 2.0)
    else:
        cx, cy = np.float32(center[0]), np.float32(center[1])
    m = _rotation_matrix(float(cx), float(cy), float(degrees))
    out_h, out_w = h, w
    if expand:
        box_w, box_h = _expanded_size(h, w, float(degrees))
        m[2] += box_w / 2.0 - w / 2.0
        m[5] += box_h / 2.0 - h / 2.0
        out_h, out_w = int(np.rint(box_h)), int(np.rint(box_w))
    m = _inverted(m)
    cols, rows = np.arange(out_w), np.arange(out_h)
    half = _AB_SCALE // 2  # (nearest: rounds to the closest source pixel)
    x = (_fixed((m[1] * rows + m[2]) * _AB_SCALE)[:, None] + half
         + _fixed(m[0] * cols * _AB_SCALE)[None, :]) >> _AB_BITS
    y = (_fixed((m[4] * rows + m[5]) * _AB_SCALE)[:, None] + half
         + _fixed(m[3] * cols * _AB_SCALE)[None, :]) >> _AB_BITS
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    out = np.empty((out_h, out_w) + img.shape[2:], img.dtype)
    # (a fill triple reaches OpenCV as its scalar (b, g, r): the channels get it reversed)
    fill = np.asarray(fill_value).astype(img.dtype).reshape(-1)[::-1]
    out[...] = fill[0] if img.ndim == 2 or fill.size == 1 else fill[:img.shape[2]]
    out[inside] = img[y[inside], x[inside]]
    return out


def random_angle(engine, low, high):
    """``std::uniform_real_distribution<float>(low, high)``'s draw from `engine`.

    Example:
        >>> from msfunc.common.stdlib_random import Mt19937
        >>> round(float(random_angle(Mt19937(5), -30.0, 30.0)), 4)
        -16.6804
    """
    return canonical_float(engine) * (np.float32(high) - np.float32(low)) + np.float32(low)
