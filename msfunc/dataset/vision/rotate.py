"""Rotation of images as MindSpore's `Rotate` and `RandomRotation` do it: OpenCV's
``getRotationMatrix2D`` about the centre ``((w - 1) / 2, (h - 1) / 2)`` and ``warpAffine``,
whose source coordinates are 10-bit fixed point; nearest-neighbour sampling, or bilinear or
bicubic with the position's fraction in 1/32 steps and, for integer images, 15-bit integer
weights; the `Rotate` and `RandomRotation` transforms."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import canonical_float
from .._random import op_engine
from ._checks import image_arg, over_images
from .utils import Inter

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Rotate", "RandomRotation", "rotate", "random_angle"]

_AB_BITS = 10
_AB_SCALE = 1 << _AB_BITS
_INTER_BITS = 5  # (bilinear: the source position's fraction, in 1/32 steps)
_INTER_STEPS = 1 << _INTER_BITS
_COEF_BITS = 15  # (bilinear on integers: weights in 1/2**15)


def _rotation_matrix(cx, cy, degrees):
    """OpenCV's 2 x 3 matrix rotating by `degrees` (counter-clockwise) about (cx, cy)."""
    angle = degrees * math.pi / 180.0
    alpha, beta = math.cos(angle), math.sin(angle)
    return [alpha, beta, (1 - alpha) * cx - beta * cy, -beta, alpha, beta * cx + (1 - alpha) * cy]


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
    x = (
        _fixed((m[1] * rows + m[2]) * _AB_SCALE)[:, None]
        + half
        + _fixed(m[0] * cols * _AB_SCALE)[None, :]
    ) >> shift
    y = (
        _fixed((m[4] * rows + m[5]) * _AB_SCALE)[:, None]
        + half
        + _fixed(m[3] * cols * _AB_SCALE)[None, :]
    ) >> shift
    return x, y


def _cubic_weights(t):
    """OpenCV's bicubic coefficients (A = -0.75) at fraction `t`, in float32."""
    f = np.float32
    a, t, one = f(-0.75), f(t), f(1)
    c0 = ((a * (t + one) - f(5) * a) * (t + one) + f(8) * a) * (t + one) - f(4) * a
    c1 = ((a + f(2)) * t - (a + f(3))) * t * t + one
    c2 = ((a + f(2)) * (one - t) - (a + f(3))) * (one - t) * (one - t) + one
    return np.array([c0, c1, c2, one - c0 - c1 - c2], np.float32)


def _integer_weights(weights):
    """A float kernel as OpenCV's 15-bit integers: rounded, the sum brought back to 2**15 at
    the largest (sum too small) or smallest (too large) of the central weights."""
    fixed = np.rint(weights * np.float32(1 << _COEF_BITS)).astype(np.int64)
    diff = int(fixed.sum()) - (1 << _COEF_BITS)
    if diff:
        middle = weights.shape[0] // 2
        centre = [
            (i, j)
            for i in (middle, middle + 1)
            if i < weights.shape[0]
            for j in (middle, middle + 1)
            if j < weights.shape[1]
        ]
        low = high = centre[0]
        for k in centre[1:]:
            if fixed[k] < fixed[low]:
                low = k
            elif fixed[k] > fixed[high]:
                high = k
        fixed[high if diff < 0 else low] -= diff
    return fixed


def _kernel_tables(size):
    """(float, integer) weights of every 1/32 fraction pair (y, x): size x size each."""
    steps = [np.float32(i) * np.float32(1.0 / _INTER_STEPS) for i in range(_INTER_STEPS)]
    if size == 2:
        line = [np.array([np.float32(1) - t, t], np.float32) for t in steps]
    else:
        line = [_cubic_weights(t) for t in steps]
    floats = np.array([[np.outer(ty, tx).astype(np.float32) for tx in line] for ty in line])
    ints = np.array([[_integer_weights(w) for w in row] for row in floats])
    return floats, ints


_TABLES = {}


def _interpolated(img, m, out_h, out_w, fill, size, positions=None):
    """OpenCV's remap with a `size` x `size` kernel (2: bilinear, 4: bicubic) and a constant
    border: neighbours outside the image take `fill`; a pixel whose neighbours are all
    outside is `fill` itself. Integer images weigh in 15-bit integers, rounded at the end
    (MindSpore's values); float images in float32 (bicubic: within a few units in the last
    place of MindSpore's)."""
    if size not in _TABLES:
        _TABLES[size] = _kernel_tables(size)
    floats, ints = _TABLES[size]
    h, w = img.shape[:2]
    # (`positions`: source positions in 1/32 pixels made elsewhere, e.g. a perspective map)
    x, y = _source_positions(m, out_h, out_w, _INTER_BITS) if positions is None else positions
    first = (size - 1) // 2  # (bicubic starts one pixel before the position)
    ix, iy = (x >> _INTER_BITS) - first, (y >> _INTER_BITS) - first
    fx, fy = x & (_INTER_STEPS - 1), y & (_INTER_STEPS - 1)
    pixels = img.reshape(h, w, -1)
    fill = np.broadcast_to(fill, (pixels.shape[2],)).astype(img.dtype)
    integer = np.issubdtype(img.dtype, np.integer)
    weights = (ints if integer else floats)[fy, fx]
    wide = np.int64 if integer else img.dtype
    total = None
    for ky in range(size):  # (float sums: bilinear term by term, bicubic row by row)
        row = total if size == 2 else None
        for kx in range(size):
            sx, sy = ix + kx, iy + ky
            inside = (sx >= 0) & (sx < w) & (sy >= 0) & (sy < h)
            values = np.where(
                inside[..., None], pixels[np.clip(sy, 0, h - 1), np.clip(sx, 0, w - 1)], fill
            )
            term = values.astype(wide) * weights[..., ky, kx][..., None]
            row = term if row is None else row + term
        total = row if total is None or size == 2 else total + row
    assert total is not None  # (size is 2 or 4: the loops ran)
    if integer:
        info = np.iinfo(img.dtype)
        total = np.clip((total + (1 << (_COEF_BITS - 1))) >> _COEF_BITS, info.min, info.max)
    out = total.astype(img.dtype)
    out[(ix >= w) | (ix + size <= 0) | (iy >= h) | (iy + size <= 0)] = fill
    return out.reshape((out_h, out_w) + img.shape[2:])


def rotate(img, degrees, center=None, expand=False, fill_value: int | Sequence[int] = 0, kernel=1):
    """`img` (H, W[, C]) rotated counter-clockwise by `degrees` about `center` ((x, y);
    default the image's centre), pixels from outside filled with `fill_value`; with
    `expand` the output grows to hold the whole rotated image; `kernel` 1 samples the
    nearest pixel, 2 interpolates bilinearly, 4 bicubically.

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
    fill = fill[0] if img.ndim == 2 or fill.size == 1 else fill[: img.shape[2]]
    if kernel == 4 and img.ndim == 3 and img.shape[2] > 4:
        raise RuntimeError("bicubic rotation takes images of up to 4 channels (OpenCV's limit)")
    if kernel > 1:
        return _interpolated(img, m, out_h, out_w, fill, kernel)
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


# (each kernel's size; OpenCV's warps run AREA as bilinear)
_ROTATION_KERNELS = {Inter.NEAREST: 1, Inter.BILINEAR: 2, Inter.AREA: 2, Inter.BICUBIC: 4}


def warp_kernel(kernel, who, pil_only=None):
    """The warp kernel size chosen at construction, or, where the numpy path has none
    (``Inter.PILCUBIC``, ``Inter.ANTIALIAS``), the error MindSpore raises only when an image
    arrives: RuntimeError, or `pil_only` (an exception type) for ANTIALIAS where that
    interpolation sends the op to a path that takes PIL images alone.

    Example:
        >>> warp_kernel(2, "Rotate")
        2
        >>> try:
        ...     warp_kernel(Inter.PILCUBIC, "Rotate")
        ... except RuntimeError:
        ...     print("refused")
        refused
    """
    if not isinstance(kernel, Inter):
        return kernel
    if kernel == Inter.ANTIALIAS and pil_only is not None:
        raise pil_only(f"{who}: Inter.ANTIALIAS takes a PIL image, got a numpy array")
    raise RuntimeError(f"{who}: {kernel.name} interpolation does not apply to numpy images")


def _rotation_args(who, resample, center, fill_value):
    if not isinstance(resample, Inter):
        raise TypeError(f"{who}: `resample` must be an Inter, got {resample!r}")
    if center is not None and (not isinstance(center, (tuple, list)) or len(center) != 2):
        raise ValueError(f"{who}: `center` must be None or a pair (x, y), got {center!r}")
    values = fill_value if isinstance(fill_value, (tuple, list)) else (fill_value,)
    if len(values) not in (1, 3) or not all(
        isinstance(v, (int, np.integer)) and 0 <= v <= 255 for v in values
    ):
        raise ValueError(
            f"{who}: `fill_value` must be an int or three ints in [0, 255], got {fill_value!r}"
        )


class Rotate:
    """Rotate counter-clockwise by `degrees` about `center` (x, y; default the centre),
    nearest-neighbour, bilinear or bicubic (`resample`), the corners filled with `fill_value`;
    `expand` keeps the whole image.

    Args:
        degrees (float): Angle, counter-clockwise.
        resample (Inter): ``Inter.NEAREST``, ``Inter.BILINEAR`` (``Inter.AREA`` is the same)
            or ``Inter.BICUBIC``. Default: ``Inter.NEAREST``.
        expand (bool): Grow the output to hold the whole rotated image. Default: ``False``.
        center (Union[tuple[float, float], None]): Centre (x, y) of the rotation; ``None`` is
            the image's centre. Default: ``None``.
        fill_value (Union[int, tuple[int, int, int]]): Value of the uncovered pixels, in
            [0, 255]. Default: ``0``.

    Raises:
        TypeError: `degrees` is not a number.
        ValueError: another argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Rotate(90)(np.arange(4, dtype=np.uint8).reshape(2, 2)).tolist()
        [[1, 3], [0, 2]]
    """

    def __init__(
        self,
        degrees: float,
        resample: Inter = Inter.NEAREST,
        expand: bool = False,
        center: Sequence[float] | None = None,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        if isinstance(degrees, bool) or not isinstance(degrees, (int, float, np.number)):
            raise TypeError(f"Rotate: `degrees` must be a number, got {degrees!r}")
        _rotation_args("Rotate", resample, center, fill_value)
        self.degrees, self.expand = float(degrees), bool(expand)
        self.kernel = _ROTATION_KERNELS.get(Inter(resample), Inter(resample))
        self.center, self.fill_value = center, fill_value

    def __call__(self, img):
        img = image_arg(img, "Rotate", max_rank=None)
        if img.ndim > 3 and self.expand:
            raise RuntimeError("Rotate: `expand` is not supported for a stack of images")
        kernel = warp_kernel(self.kernel, "Rotate")
        return over_images(
            lambda one: rotate(
                one, self.degrees, self.center, self.expand, self.fill_value, kernel
            ),
            img,
        )


class RandomRotation:
    """Rotate by an angle uniform in `degrees` ((min, max), or a number d for (-d, d)),
    otherwise as `Rotate`.

    Args:
        degrees (Union[float, tuple[float, float]]): Range (min, max) of the angle, or d for
            (-d, d).
        resample (Inter): ``Inter.NEAREST``, ``Inter.BILINEAR`` (``Inter.AREA`` is the same)
            or ``Inter.BICUBIC``. Default: ``Inter.NEAREST``.
        expand (bool): Grow the output to hold the whole rotated image. Default: ``False``.
        center (Union[tuple[float, float], None]): Centre (x, y) of the rotation; ``None`` is
            the image's centre. Default: ``None``.
        fill_value (Union[int, tuple[int, int, int]]): Value of the uncovered pixels, in
            [0, 255]. Default: ``0``.

    Raises:
        ValueError: `degrees` is negative or not a pair (min, max), or another argument is out
            of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomRotation(30)(np.zeros((4, 5, 3), np.uint8)).shape
        (4, 5, 3)
    """

    def __init__(
        self,
        degrees: float | Sequence[float],
        resample: Inter = Inter.NEAREST,
        expand: bool = False,
        center: Sequence[float] | None = None,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        if isinstance(degrees, (int, float, np.number)) and not isinstance(degrees, bool):
            if degrees < 0:
                raise ValueError(f"RandomRotation: a single `degrees` must be >= 0, got {degrees}")
            degrees = (-degrees, degrees)
        if (
            not isinstance(degrees, (tuple, list))
            or len(degrees) != 2
            or not degrees[0] <= degrees[1]
        ):
            raise ValueError(
                f"RandomRotation: `degrees` must be a number or a pair (min, max) "
                f"with min <= max, got {degrees!r}"
            )
        _rotation_args("RandomRotation", resample, center, fill_value)
        self.degrees = (float(degrees[0]), float(degrees[1]))
        self.kernel = _ROTATION_KERNELS.get(Inter(resample), Inter(resample))
        self.resample = Inter(resample)  # (PIL images are resampled by PIL's own filter)
        self.expand, self.center, self.fill_value = bool(expand), center, fill_value

    def __call__(self, img):
        img = image_arg(img, "RandomRotation")
        kernel = warp_kernel(self.kernel, "RandomRotation", TypeError)
        angle = random_angle(op_engine(self), *self.degrees)
        return rotate(img, float(angle), self.center, self.expand, self.fill_value, kernel)
