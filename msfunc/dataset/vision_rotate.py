"""Rotation of images as MindSpore's `Rotate` and `RandomRotation` do it: OpenCV's
``getRotationMatrix2D`` about the centre ``((w - 1) / 2, (h - 1) / 2)`` and ``warpAffine``,
whose source coordinates are 10-bit fixed point; nearest-neighbour sampling, or bilinear
with the position's fraction in 1/32 steps and, for uint8 images, 15-bit integer weights."""

from __future__ import annotations

import math

import numpy as np

from ..common.stdlib_random import canonical_float

__all__ = ["rotate", "random_angle"]

_AB_BITS = 10
_AB_SCALE = 1 << _AB_BITS
_INTER_BITS = 5  # (bilinear: the source position's fraction, in 1/32 steps)
_INTER_STEPS = 1 << _INTER_BITS
_COEF_BITS = 15  # (bilinear on integers: weights in 1/2**15)


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


def _source_positions(m, out_h, out_w, bits):
    """warpAffine's source positions of every output pixel, with `bits` fraction bits."""
    cols, rows = np.arange(out_w), np.arange(out_h)
    half = _AB_SCALE >> (bits + 1)  # (rounds to the nearest 1 / 2**bits)
    shift = _AB_BITS - bits
    x = (_fixed((m[1] * rows + m[2]) * _AB_SCALE)[:, None] + half
         + _fixed(m[0] * cols * _AB_SCALE)[None, :]) >> shift
    y = (_fixed((m[4] * rows + m[5]) * _AB_SCALE)[:, None] + half
         + _fixed(m[3] * cols * _AB_SCALE)[None, :]) >> shift
    return x, y


def _bilinear(img, m, out_h, out_w, fill):
    """OpenCV's bilinear remap with a constant border: neighbours outside the image take
    `fill`; a pixel whose four neighbours are all outside is `fill` itself."""
    h, w = img.shape[:2]
    x, y = _source_positions(m, out_h, out_w, _INTER_BITS)
    ix, iy = x >> _INTER_BITS, y >> _INTER_BITS
    fx, fy = x & (_INTER_STEPS - 1), y & (_INTER_STEPS - 1)
    pixels = img.reshape(h, w, -1)
    fill = np.broadcast_to(fill, (pixels.shape[2],)).astype(img.dtype)
    integer = np.issubdtype(img.dtype, np.integer)
    wide = np.int64 if integer else img.dtype
    total = np.zeros((out_h, out_w, pixels.shape[2]), wide)
    for dy, wy in ((0, _INTER_STEPS - fy), (1, fy)):
        for dx, wx in ((0, _INTER_STEPS - fx), (1, fx)):
            sx, sy = ix + dx, iy + dy
            inside = (sx >= 0) & (sx < w) & (sy >= 0) & (sy < h)
            values = np.where(inside[..., None], pixels[np.clip(sy, 0, h - 1),
                                                        np.clip(sx, 0, w - 1)], fill)
            if integer:  # weights (32 - f)(32 - g) * 32 ... summing to 2**15
                weight = (wx * wy << (_COEF_BITS - 2 * _INTER_BITS))[..., None]
                total += values.astype(np.int64) * weight
            else:  # the same fractions as floats, exact, summed in the image's type
                weight = (wx * wy).astype(img.dtype)[..., None] / img.dtype.type(
                    _INTER_STEPS * _INTER_STEPS)
                total += values * weight
    if integer:
        info = np.iinfo(img.dtype)
        total = np.clip((total + (1 << (_COEF_BITS - 1))) >> _COEF_BITS, info.min, info.max)
    out = total.astype(img.dtype)
    away = (ix >= w) | (ix + 1 < 0) | (iy >= h) | (iy + 1 < 0)
    out[away] = fill
    return out.reshape((out_h, out_w) + img.shape[2:])


def rotate(img, degrees, center=None, expand=False, fill_value=0, bilinear=False):
    """`img` (H, W[, C]) rotated counter-clockwise by `degrees` about `center` ((x, y);
    default the image's centre), pixels from outside filled with `fill_value`; with
    `expand` the output grows to hold the whole rotated image; nearest-neighbour sampling,
    or bilinear with `bilinear`.

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
    # (a fill triple reaches OpenCV as its scalar (b, g, r): the channels get it reversed)
    fill = np.asarray(fill_value).astype(img.dtype).reshape(-1)[::-1]
    fill = fill[0] if img.ndim == 2 or fill.size == 1 else fill[:img.shape[2]]
    if bilinear:
        return _bilinear(img, m, out_h, out_w, fill)
    x, y = _source_positions(m, out_h, out_w, 0)
    inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
    out = np.empty((out_h, out_w) + img.shape[2:], img.dtype)
    out[...] = fill
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
