"""`mindspore.dataset.vision`: image transforms on numpy HWC arrays.

Resizing follows OpenCV's conventions (which MindSpore uses): pixel centres at
half-integers, bilinear weights in 11-bit fixed point for uint8 images with OpenCV's own
shifts and rounding (the same pixels as MindSpore), nearest neighbour by
``floor(dst * in / out)``. Random transforms draw MindSpore's numbers: each
owns an ``std::mt19937`` seeded with the pipeline seed (`_random.op_engine`) and draws from
it as MindSpore's C++ operations do, so a seeded pipeline gives MindSpore's images.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..common.stdlib_random import bernoulli, canonical_float, uniform_int
from ._random import op_engine
from .folder_sources import decode_image
from .vision_modes import Border, Inter, image_arg
from .vision_rotate import RandomRotation, Rotate

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "Inter",
    "Border",
    "Decode",
    "Resize",
    "Rescale",
    "Normalize",
    "HWC2CHW",
    "RandomCrop",
    "RandomHorizontalFlip",
    "RandomVerticalFlip",
    "CenterCrop",
    "RandomResizedCrop",
    "Rotate",
    "RandomRotation",
]


def _size_pair(size, who):
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool) and size > 0:
        return int(size)
    if (
        isinstance(size, (tuple, list))
        and len(size) == 2
        and all(isinstance(s, (int, np.integer)) and s > 0 for s in size)
    ):
        return (int(size[0]), int(size[1]))
    raise ValueError(
        f"{who}: `size` must be a positive int or a pair (height, width), got {size!r}"
    )


def _linear_taps(n_in, n_out):
    """Source index and the weight of the next pixel for each output pixel (OpenCV's)."""
    scale = n_in / n_out
    f = (np.arange(n_out) + 0.5) * scale - 0.5
    s = np.floor(f).astype(np.int64)
    f = f - s
    low = s < 0
    f[low], s[low] = 0.0, 0
    high = s >= n_in - 1
    f[high], s[high] = 0.0, n_in - 1
    return s, np.minimum(s + 1, n_in - 1), f


def _opencv_taps(n_in, n_out, clamp):
    """OpenCV's 8-bit bilinear taps: source indices and 11-bit weights, each weight rounded
    from float32 on its own. Columns past the edges are clamped to weight (2048, 0); rows
    keep their fraction and read the edge row twice (as OpenCV does)."""
    scale = 1.0 / (n_out / n_in)
    f = ((np.arange(n_out) + 0.5) * scale - 0.5).astype(np.float32)
    s = np.floor(f).astype(np.int64)
    f = (f - s.astype(np.float32)).astype(np.float32)
    if clamp:
        low, high = s < 0, s >= n_in - 1
        f[low], s[low] = 0, 0
        f[high], s[high] = 0, n_in - 1
    w0 = np.rint((np.float32(1) - f) * np.float32(2048)).astype(np.int64)
    w1 = np.rint(f * np.float32(2048)).astype(np.int64)
    return np.clip(s, 0, n_in - 1), np.clip(s + 1, 0, n_in - 1), w0, w1


def _resize_uint8(img, out_h, out_w):
    """OpenCV's INTER_LINEAR on uint8: a halving of both sides averages 2 x 2 blocks; else
    integer rows across, then each output from the two rows' sums shifted right by 4,
    multiplied by the row weights, shifted by 16 and rounded by (sum + 2) >> 2."""
    h, w = img.shape[:2]
    trail = (1,) * (img.ndim - 2)
    src = img.astype(np.int64)
    eps = np.finfo(np.float64).eps
    if abs(1.0 / (out_w / w) - 2) < eps and abs(1.0 / (out_h / h) - 2) < eps:
        rows, cols = slice(0, 2 * out_h, 2), slice(0, 2 * out_w, 2)
        odd_rows, odd_cols = slice(1, 2 * out_h, 2), slice(1, 2 * out_w, 2)
        total = (
            src[rows, cols] + src[rows, odd_cols] + src[odd_rows, cols] + src[odd_rows, odd_cols]
        )
        return ((total + 2) >> 2).astype(np.uint8)
    y0, y1, b0, b1 = _opencv_taps(h, out_h, clamp=False)
    x0, x1, a0, a1 = _opencv_taps(w, out_w, clamp=True)
    across = src[:, x0] * a0.reshape((1, -1) + trail) + src[:, x1] * a1.reshape((1, -1) + trail)
    b0, b1 = b0.reshape((-1, 1) + trail), b1.reshape((-1, 1) + trail)
    out = (((b0 * (across[y0] >> 4)) >> 16) + ((b1 * (across[y1] >> 4)) >> 16) + 2) >> 2
    return np.clip(out, 0, 255).astype(np.uint8)


def _resize_linear(img, out_h, out_w):
    if img.dtype == np.uint8:
        return _resize_uint8(img, out_h, out_w)
    y0, y1, fy = _linear_taps(img.shape[0], out_h)
    x0, x1, fx = _linear_taps(img.shape[1], out_w)
    trail = (1,) * (img.ndim - 2)

    def along_x(w):
        return w.reshape((1, -1) + trail)

    def along_y(w):
        return w.reshape((-1, 1) + trail)

    src = img.astype(np.float32) if img.dtype.kind != "f" else img
    cols = src[:, x0] * along_x(1 - fx) + src[:, x1] * along_x(fx)
    out = cols[y0] * along_y(1 - fy) + cols[y1] * along_y(fy)
    return out.astype(src.dtype)


def _resize_nearest(img, out_h, out_w):
    ys = np.minimum(
        np.floor(np.arange(out_h) * (img.shape[0] / out_h)).astype(np.int64), img.shape[0] - 1
    )
    xs = np.minimum(
        np.floor(np.arange(out_w) * (img.shape[1] / out_w)).astype(np.int64), img.shape[1] - 1
    )
    return img[ys][:, xs]


class Resize:
    """Resize to `size` (height, width), or the shorter side to `size` keeping the aspect.

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or the length of the
            shorter side.
        interpolation (Inter): ``Inter.LINEAR`` or ``Inter.NEAREST``.
            Default: ``Inter.LINEAR``.

    Raises:
        ValueError: `size` is not positive, or `interpolation` is another mode.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Resize((2, 3))(np.zeros((4, 6, 3), np.uint8)).shape
        (2, 3, 3)
    """

    def __init__(self, size: int | Sequence[int], interpolation: Inter = Inter.LINEAR) -> None:
        self.size = _size_pair(size, "Resize")
        if Inter(interpolation) not in (Inter.LINEAR, Inter.NEAREST):
            raise ValueError(
                f"Resize: `interpolation` {Inter(interpolation).name} is not "
                "supported; use Inter.LINEAR or Inter.NEAREST"
            )
        self.interpolation = Inter(interpolation)

    def __call__(self, img):
        img = image_arg(img, "Resize")
        h, w = img.shape[:2]
        if isinstance(self.size, int):
            if h <= w:
                out_h, out_w = self.size, int(w * self.size / h)
            else:
                out_h, out_w = int(h * self.size / w), self.size
        else:
            out_h, out_w = self.size
        if self.interpolation == Inter.NEAREST:
            return _resize_nearest(img, out_h, out_w)
        return _resize_linear(img, out_h, out_w)


class Rescale:
    """``img * rescale + shift`` in float32.

    Args:
        rescale (float): Scale factor.
        shift (float): Offset added after scaling.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Rescale(1 / 255, 0.0)(np.array([255], np.uint8)).tolist()
        [1.0]
    """

    def __init__(self, rescale: float, shift: float) -> None:
        self.rescale, self.shift = float(rescale), float(shift)

    def __call__(self, img):
        return (
            np.asarray(img, np.float32) * np.float32(self.rescale) + np.float32(self.shift)
        ).astype(np.float32)


class Normalize:
    """``(img - mean) / std`` per channel, in float32 (channels last unless ``is_hwc=False``).

    Args:
        mean (Sequence[float]): Mean of each channel (or one for all).
        std (Sequence[float]): Standard deviation of each channel, positive.
        is_hwc (bool): Channels are the last axis, else the first. Default: ``True``.

    Raises:
        ValueError: `mean` and `std` differ in length, or a `std` is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Normalize([1.0], [2.0])(np.full((1, 1, 1), 5, np.uint8)).tolist()
        [[[2.0]]]
    """

    def __init__(self, mean: Sequence[float], std: Sequence[float], is_hwc: bool = True) -> None:
        self.mean = np.asarray(mean, np.float32)
        self.std = np.asarray(std, np.float32)
        if self.mean.ndim != 1 or self.mean.shape != self.std.shape:
            raise ValueError("Normalize: `mean` and `std` must be lists of the same length")
        if np.any(self.std <= 0):
            raise ValueError("Normalize: every `std` must be positive")
        self.is_hwc = bool(is_hwc)

    def __call__(self, img):
        img = np.asarray(img, np.float32)
        channels = img.shape[-1] if self.is_hwc else img.shape[0]
        if img.ndim == 3 and channels != len(self.mean) and len(self.mean) != 1:
            raise ValueError(
                f"Normalize: the image has {channels} channels, `mean` has {len(self.mean)}"
            )
        shape = (-1,) if self.is_hwc or img.ndim == 2 else (-1, 1, 1)
        return ((img - self.mean.reshape(shape)) / self.std.reshape(shape)).astype(np.float32)


class HWC2CHW:
    """Move channels first: (H, W, C) -> (C, H, W); (H, W) -> (1, H, W).

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.HWC2CHW()(np.zeros((4, 5, 3))).shape
        (3, 4, 5)
    """

    def __call__(self, img):
        img = image_arg(img, "HWC2CHW")
        return img[None] if img.ndim == 2 else np.ascontiguousarray(img.transpose(2, 0, 1))


class Decode:
    """Decode encoded image bytes to an HWC uint8 array (see `decode_image`).

    Args:
        to_pil (bool): Accepted for MindSpore's signature; a numpy array is returned either
            way. Default: ``False``.

    Example:
        >>> import io, numpy as np
        >>> from msfunc.dataset import vision
        >>> buf = io.BytesIO()
        >>> np.save(buf, np.zeros((2, 2, 3), np.uint8))
        >>> vision.Decode()(np.frombuffer(buf.getvalue(), np.uint8)).shape
        (2, 2, 3)
    """

    def __init__(self, to_pil: bool = False) -> None:
        self.to_pil = to_pil

    def __call__(self, data):
        return decode_image(data)


def _pad_image(img, padding, fill_value, mode):
    if padding is None:
        return img
    if isinstance(padding, (int, np.integer)):
        left = top = right = bottom = int(padding)
    elif len(padding) == 2:
        left, top = padding
        right, bottom = padding
    elif len(padding) == 4:
        left, top, right, bottom = padding
    else:
        raise ValueError(f"RandomCrop: `padding` must be an int or 2 or 4 ints, got {padding!r}")
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (img.ndim - 2)
    mode = Border(mode).value
    if mode == "constant":
        fill = fill_value if np.isscalar(fill_value) else fill_value[0]
        if img.ndim == 3 and not np.isscalar(fill_value):
            out = np.stack(
                [
                    np.pad(img[..., c], widths[:2], constant_values=fill_value[c])
                    for c in range(img.shape[2])
                ],
                axis=-1,
            )
            return out
        return np.pad(img, widths, constant_values=fill)
    return np.pad(img, widths, mode=mode)


class RandomCrop:
    """Crop a random `size` window (after optional padding).

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.
        padding (Union[int, Sequence[int], None]): Pad first: one width for all sides, (left
            and right, top and bottom) or (left, top, right, bottom). Default: ``None``.
        pad_if_needed (bool): Pad an image smaller than `size` up to it. Default: ``False``.
        fill_value (Union[int, tuple[int, int, int]]): Pixel value of ``Border.CONSTANT``
            padding. Default: ``0``.
        padding_mode (Border): How padding is filled. Default: ``Border.CONSTANT``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomCrop(2)(np.zeros((4, 4, 3))).shape
        (2, 2, 3)
    """

    def __init__(
        self,
        size: int | Sequence[int],
        padding: int | Sequence[int] | None = None,
        pad_if_needed: bool = False,
        fill_value: int | Sequence[int] = 0,
        padding_mode: Border = Border.CONSTANT,
    ) -> None:
        size = _size_pair(size, "RandomCrop")
        self.size = (size, size) if isinstance(size, int) else size
        self.padding, self.pad_if_needed = padding, bool(pad_if_needed)
        self.fill_value, self.padding_mode = fill_value, padding_mode

    def __call__(self, img):
        img = _pad_image(
            image_arg(img, "RandomCrop"), self.padding, self.fill_value, self.padding_mode
        )
        h, w = self.size
        if self.pad_if_needed and (img.shape[0] < h or img.shape[1] < w):
            extra_h, extra_w = max(0, h - img.shape[0]), max(0, w - img.shape[1])
            img = _pad_image(
                img, (extra_w, extra_h, extra_w, extra_h), self.fill_value, self.padding_mode
            )
        if img.shape[0] < h or img.shape[1] < w:
            raise ValueError(
                f"RandomCrop: the crop {self.size} is larger than the (padded) "
                f"image {img.shape[:2]}"
            )
        engine = op_engine(self)
        left = uniform_int(engine, 0, img.shape[1] - w)  # (MindSpore draws x, then y)
        top = uniform_int(engine, 0, img.shape[0] - h)
        return img[top : top + h, left : left + w]


class CenterCrop:
    """Crop the central `size` window.

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.CenterCrop(2)(np.arange(16).reshape(4, 4)).tolist()
        [[5, 6], [9, 10]]
    """

    def __init__(self, size: int | Sequence[int]) -> None:
        size = _size_pair(size, "CenterCrop")
        self.size = (size, size) if isinstance(size, int) else size

    def __call__(self, img):
        img = image_arg(img, "CenterCrop")
        h, w = self.size
        if img.shape[0] < h or img.shape[1] < w:
            raise ValueError(
                f"CenterCrop: the crop {self.size} is larger than the image {img.shape[:2]}"
            )
        top = (img.shape[0] - h) // 2
        left = (img.shape[1] - w) // 2
        return img[top : top + h, left : left + w]


class RandomHorizontalFlip:
    """Flip left-right with probability `prob`.

    Args:
        prob (float): Probability of flipping, in [0, 1]. Default: ``0.5``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomHorizontalFlip(1.0)(np.array([[1, 2, 3]])).tolist()
        [[3, 2, 1]]
    """

    def __init__(self, prob: float = 0.5) -> None:
        if not 0.0 <= prob <= 1.0:
            raise ValueError(f"RandomHorizontalFlip: `prob` must be in [0, 1], got {prob}")
        self.prob = float(prob)

    def __call__(self, img):
        img = image_arg(img, "RandomHorizontalFlip")
        return img[:, ::-1].copy() if bernoulli(op_engine(self), self.prob) else img


class RandomVerticalFlip(RandomHorizontalFlip):
    """Flip top-bottom with probability `prob`.

    Args:
        prob (float): Probability of flipping, in [0, 1]. Default: ``0.5``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomVerticalFlip(1.0)(np.array([[1], [2]])).tolist()
        [[2], [1]]
    """

    def __call__(self, img):
        img = image_arg(img, "RandomVerticalFlip")
        return img[::-1].copy() if bernoulli(op_engine(self), self.prob) else img


def _float_range(value, name, low=0.0):
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 2
        or not all(isinstance(v, (int, float, np.number)) for v in value)
        or not low <= value[0] <= value[1]
    ):
        raise ValueError(
            f"RandomResizedCrop: `{name}` must be a pair (min, max) with "
            f"{low} <= min <= max, got {value!r}"
        )
    return np.float32(value[0]), np.float32(value[1])


class RandomResizedCrop:
    """Crop a random window of random area (a `scale` fraction of the image) and aspect
    ratio (`ratio`, width / height, drawn on a log scale), resized to `size`; after
    `max_attempts` windows that do not fit, the central window of the nearest allowed ratio.

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.
        scale (tuple[float, float]): Range of the window's area as a fraction of the image's.
            Default: ``(0.08, 1.0)``.
        ratio (tuple[float, float]): Range of the window's width / height.
            Default: ``(3 / 4, 4 / 3)``.
        interpolation (Inter): ``Inter.BILINEAR`` or ``Inter.NEAREST``.
            Default: ``Inter.BILINEAR``.
        max_attempts (int): Windows drawn before falling back to the central one.
            Default: ``10``.

    Raises:
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomResizedCrop(4)(np.zeros((8, 8, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(
        self,
        size: int | Sequence[int],
        scale: Sequence[float] = (0.08, 1.0),
        ratio: Sequence[float] = (3.0 / 4.0, 4.0 / 3.0),
        interpolation: Inter = Inter.BILINEAR,
        max_attempts: int = 10,
    ) -> None:
        size = _size_pair(size, "RandomResizedCrop")
        self.size = (size, size) if isinstance(size, int) else size
        self.scale = _float_range(scale, "scale")
        self.ratio = _float_range(ratio, "ratio", low=1e-12)
        if Inter(interpolation) not in (Inter.LINEAR, Inter.NEAREST):
            raise ValueError(
                f"RandomResizedCrop: `interpolation` {Inter(interpolation).name} "
                "is not supported; use Inter.BILINEAR or Inter.NEAREST"
            )
        self.interpolation = Inter(interpolation)
        if (
            isinstance(max_attempts, bool)
            or not isinstance(max_attempts, (int, np.integer))
            or max_attempts < 1
        ):
            raise ValueError(
                f"RandomResizedCrop: `max_attempts` must be a positive int, got {max_attempts!r}"
            )
        self.max_attempts = int(max_attempts)

    def _window(self, h, w):
        """(top, left, height, width) drawn as MindSpore's crop-and-resize operation draws
        it: float32 uniforms for the area fraction and the log ratio, double arithmetic."""
        engine = op_engine(self)
        lo, hi = self.scale
        log_lo, log_hi = np.float32(np.log(self.ratio[0])), np.float32(np.log(self.ratio[1]))
        for _ in range(self.max_attempts):
            area = float(canonical_float(engine) * (hi - lo) + lo)
            aspect = float(np.exp(np.float64(canonical_float(engine) * (log_hi - log_lo) + log_lo)))
            width = max(int(_round_half_away(np.sqrt(h * w * area * aspect))), 1)
            height = max(int(_round_half_away(width / aspect)), 1)
            if width <= w and height <= h:
                left = uniform_int(engine, 0, w - width)
                top = uniform_int(engine, 0, h - height)
                return top, left, height, width
        img_aspect = w / h
        if img_aspect < float(self.ratio[0]):
            width, height = w, int(_round_half_away(w / float(self.ratio[0])))
        elif img_aspect > float(self.ratio[1]):
            width, height = int(_round_half_away(h * float(self.ratio[1]))), h
        else:
            width, height = w, h
        width, height = max(width, 1), max(height, 1)
        return (
            int(_round_half_away((h - height) / 2.0)),
            int(_round_half_away((w - width) / 2.0)),
            height,
            width,
        )

    def __call__(self, img):
        img = image_arg(img, "RandomResizedCrop")
        top, left, height, width = self._window(img.shape[0], img.shape[1])
        window = img[top : top + height, left : left + width]
        if self.interpolation == Inter.NEAREST:
            return _resize_nearest(window, *self.size)
        return _resize_linear(window, *self.size)


def _round_half_away(x):
    """C's round: halves away from zero (numpy rounds them to even)."""
    return np.sign(x) * np.floor(np.abs(x) + 0.5)
